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
///
/// A list also says whether the rules make the same of every record of a vendor on which the
/// same of its steps hold (``StepList/repeats``): then a run works a record's outcome out once
/// for each such set (``FeedOutcomes``), and a record is only tested against what is left.
struct VendorScreen {
    /// A rule to try on a record, and its match as the vendor leaves it.
    struct Step {
        var rule: Int
        /// What ``RuleSet/apply(to:tracking:steps:)`` tries: the rule's match in full when its
        /// actions read `$n` (for the captures), else ``decided``.
        var match: Match
        /// The match without what the vendor decided: whether it holds is whether the rule does.
        var decided: Match
        /// Whether the rule skips or stops, so that no later step is tried when it holds.
        var ends: Bool
    }

    /// The steps of a vendor, and whether a record's outcome follows from which of them hold.
    struct StepList {
        var steps: [Step]
        /// Whether every record of a vendor on which the same steps hold has the same outcome:
        /// no step's actions read captures that come from anything but the vendor (a memo's
        /// `$1` differs record by record), and the steps fit the 64 bits of ``held(for:)``.
        var repeats: Bool

        /// Bit `k` set when `steps[k]` holds for `record`, up to the first that holds and skips
        /// or stops (what ``RuleSet/apply(to:tracking:steps:)`` reads of the record, with
        /// ``repeats``).
        func held(for record: RuleRecord) -> UInt64 {
            var held: UInt64 = 0
            // Each step read in place, not copied (``Match/holds(for:)``).
            steps.withUnsafeBufferPointer { steps in
                for k in steps.indices where steps[k].decided.holds(for: record) {
                    held |= 1 << UInt64(k)
                    if steps[k].ends { break }
                }
            }
            return held
        }
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
    /// Per rule: whether its outcome is the same for every record of a vendor it holds for:
    /// its actions read no `$n`, or the captures come from a vendor regex (a match's first
    /// regex gives them).
    private let sameForVendor: [Bool]
    /// Per vendor id: its list in ``lists``, or `.max` until worked out.
    private var listOfVendor: [UInt32]
    /// Per vendor id: its text lowered, when it is not all printable ASCII (which is searched on
    /// bytes, unlowered): once a vendor, not once a condition of a record.
    private var lowered: [String?]
    private var lists: [StepList] = []
    /// Each list by what the vendor decided: each rule it leaves, then each condition's verdict.
    private var listIndex: [[Int]: UInt32] = [:]

    init(rules: [Rule], vendors: Int) {
        readsCaptures = rules.map { rule in
            [rule.category, rule.vendor, rule.memo].contains { $0?.readsCaptures ?? false }
        }
        sameForVendor = zip(rules, readsCaptures).map { rule, readsCaptures in
            !readsCaptures || rule.match.capturesFromVendor
        }
        listOfVendor = Array(repeating: .max, count: vendors)
        lowered = Array(repeating: nil, count: vendors)
    }

    /// The rules to try, in order, on a record of vendor `id`, whose text is `vendor`, and the
    /// text lowered (nil for printable ASCII).
    mutating func steps(vendor id: UInt32, text vendor: String, rules: [Rule]) -> (
        list: StepList, lowered: String?
    ) {
        let known = listOfVendor[Int(id)]
        if known != .max { return (lists[Int(known)], lowered[Int(id)]) }
        if !vendor.isPrintableASCII { lowered[Int(id)] = Condition.folded(vendor) }
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
            let decided = Self.narrow(rules[i].match, verdicts)
            return Step(
                rule: i, match: readsCaptures[i] ? rules[i].match : decided, decided: decided,
                ends: rules[i].skip != nil || rules[i].stop)
        }
        let list = StepList(steps: steps, repeats: steps.count <= 64 && steps.allSatisfy { sameForVendor[$0.rule] })
        lists.append(list)
        listIndex[key] = UInt32(lists.count - 1)
        listOfVendor[Int(id)] = UInt32(lists.count - 1)
        return (list, lowered[Int(id)])
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

    /// `match` without what the vendor decided. An `any` left with one group is that group's
    /// conditions, tested without the `any` around them (a record's steps are tested with
    /// their captures unread, ``Step/match`` being the rule's own when they are read).
    private static func narrow(_ match: Match, _ verdicts: [Verdict]) -> Match {
        Match(
            conditions: zip(match.conditions, verdicts).flatMap { condition, verdict -> [Condition] in
                switch (condition, verdict) {
                case (_, .holds): return []
                case (.any(let groups), .narrowed):
                    let left = groups.filter { !$0.readsOnlyVendor }
                    return left.count == 1 ? left[0].conditions : [.any(left)]
                default: return [condition]
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

    /// Whether the captures it gives (``captures(for:)``: its first regex's, an `any`'s and a
    /// `not`'s never) come from the vendor's text, or there are none.
    var capturesFromVendor: Bool {
        for condition in conditions {
            if case .regex(let field, _) = condition { return field == .vendor }
        }
        return true
    }
}

extension Template {
    /// Whether it takes any capture, `$0` among them.
    var readsCaptures: Bool {
        pieces.contains { if case .capture = $0 { true } else { false } }
    }
}
