/// The rules each of a feed's vendors could match, and what is left of each to try on a
/// record, worked out once a vendor instead of once a record.
///
/// A condition that reads nothing but the vendor's text (`vendor`, `vendor_regex`, an `any` or a
/// `not` of such) gives the same verdict for every record of a vendor, and a feed has far fewer
/// vendors than records (the bench's million records have 60). So such conditions are decided
/// once for each vendor: a rule one of them fails is never tried on that vendor's records, one
/// that holds is left out of the rule's match, and an `any`'s vendor-only members go from it
/// (all of it, when one of them holds). Most rules of a long file name a vendor, so a record is
/// tried on a handful of rules and only on what they test of it beside the vendor
/// (docs/PERFORMANCE.md, the rules row). A rule whose actions read `$n` is tried in full, for
/// its regular expression's captures. The outcome is the same as trying every rule in full: the
/// same text always gives the same verdict.
///
/// Each distinct list is kept once, so a feed whose every record has its own vendor costs a few
/// bytes a vendor beside the few lists.
struct VendorScreen {
    /// A rule to try on a record, and its match as the vendor leaves it.
    struct Step {
        var rule: Int
        var match: Match
    }

    /// What a vendor makes of one of a rule's conditions (it ruling the rule out is no verdict:
    /// the rule is not a step).
    private enum Verdict: Int {
        /// Not decided by the vendor: tried on each record.
        case open
        /// Holds for every record of the vendor: left out.
        case holds
        /// An `any` whose vendor-only members all fail: tried on each record with its others.
        case narrowed
    }

    /// Per rule: whether an action reads `$n`, so that it must be tried in full.
    private let readsCaptures: [Bool]
    /// Per vendor id: its list in ``lists``, or `.max` until worked out.
    private var listOfVendor: [UInt32]
    /// Per vendor id: its text lowered, when it is not all printable ASCII (which is searched on
    /// bytes, unlowered): once a vendor, not once a condition of a record.
    private var lowered: [String?]
    private var lists: [[Step]] = []
    /// Each list by what the vendor decided: each rule it leaves, then each condition's verdict.
    private var listIndex: [[Int]: UInt32] = [:]

    init(rules: [Rule], vendors: Int) {
        readsCaptures = rules.map { rule in
            [rule.category, rule.vendor, rule.memo].contains { $0?.readsCaptures ?? false }
        }
        listOfVendor = Array(repeating: .max, count: vendors)
        lowered = Array(repeating: nil, count: vendors)
    }

    /// The rules to try, in order, on a record of vendor `id`, whose text is `vendor`, and the
    /// text lowered (nil for printable ASCII).
    mutating func steps(vendor id: UInt32, text vendor: String, rules: [Rule]) -> (
        steps: [Step], lowered: String?
    ) {
        let known = listOfVendor[Int(id)]
        if known != .max { return (lists[Int(known)], lowered[Int(id)]) }
        if !vendor.isPrintableASCII { lowered[Int(id)] = vendor.lowercased() }
        var record = RuleRecord(vendor: vendor)
        record.loweredVendor = lowered[Int(id)]
        var key: [Int] = []
        var verdicts: [(rule: Int, verdicts: [Verdict])] = []
        for (i, rule) in rules.enumerated() {
            guard let found = Self.verdicts(of: rule.match, for: record) else { continue }
            verdicts.append((i, found))
            key.append(i)
            key += found.map(\.rawValue)
        }
        if let index = listIndex[key] {
            listOfVendor[Int(id)] = index
            return (lists[Int(index)], lowered[Int(id)])
        }
        let steps = verdicts.map { i, verdicts in
            Step(rule: i, match: readsCaptures[i] ? rules[i].match : Self.narrow(rules[i].match, verdicts))
        }
        lists.append(steps)
        listIndex[key] = UInt32(lists.count - 1)
        listOfVendor[Int(id)] = UInt32(lists.count - 1)
        return (steps, lowered[Int(id)])
    }

    /// The verdict on each of `match`'s conditions for the record of a vendor alone; nil when
    /// one that reads only the vendor fails.
    private static func verdicts(of match: Match, for vendor: RuleRecord) -> [Verdict]? {
        var verdicts: [Verdict] = []
        for condition in match.conditions {
            if condition.readsOnlyVendor {
                var captures: [String?]?
                guard condition.holds(for: vendor, captures: &captures) else { return nil }
                verdicts.append(.holds)
            } else if case .any(let groups) = condition, groups.contains(where: \.readsOnlyVendor) {
                let held = groups.contains { $0.readsOnlyVendor && $0.captures(for: vendor) != nil }
                verdicts.append(held ? .holds : .narrowed)
            } else {
                verdicts.append(.open)
            }
        }
        return verdicts
    }

    /// `match` without what the vendor decided.
    private static func narrow(_ match: Match, _ verdicts: [Verdict]) -> Match {
        Match(
            conditions: zip(match.conditions, verdicts).compactMap { condition, verdict in
                switch (condition, verdict) {
                case (_, .holds): nil
                case (.any(let groups), .narrowed): .any(groups.filter { !$0.readsOnlyVendor })
                default: condition
                }
            })
    }
}

extension Condition {
    /// Whether it reads nothing but the vendor's text: `vendor`, `vendor_regex`, or an `any` or
    /// a `not` of only such conditions.
    var readsOnlyVendor: Bool {
        switch self {
        case .contains(.vendor, _), .regex(.vendor, _): true
        case .any(let groups): groups.allSatisfy(\.readsOnlyVendor)
        case .not(let group): group.readsOnlyVendor
        default: false
        }
    }
}

extension Match {
    var readsOnlyVendor: Bool { conditions.allSatisfy(\.readsOnlyVendor) }
}

extension Template {
    /// Whether it takes any capture, `$0` among them.
    var readsCaptures: Bool {
        pieces.contains { if case .capture = $0 { true } else { false } }
    }
}
