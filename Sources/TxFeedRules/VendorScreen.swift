/// The rules each of a feed's vendors could match, worked out once a vendor instead of once a
/// record.
///
/// A rule's conditions on the vendor (`vendor`, `vendor_regex`: its first conditions, as the
/// reader orders them) read nothing but the vendor's text, and a feed has far fewer vendors than
/// records (the bench's million records have 60). So they are tried once for each vendor: a
/// rule whose vendor conditions fail is never tried on that vendor's records, and one whose hold
/// is tried on its other conditions alone. Most rules of a long file name a vendor, so a record
/// is tried against a handful of rules rather than all of them (docs/PERFORMANCE.md, the rules
/// row). The outcome is the same as trying every rule in full: the same text always gives the
/// same verdict.
///
/// Each distinct list is kept once, so a feed whose every record has its own vendor costs four
/// bytes a vendor beside the few lists.
struct VendorScreen {
    /// A rule to try on a record, and how many of its first conditions are known to hold.
    struct Step: Hashable {
        var rule: Int
        var from: Int
    }

    /// Per rule: how many of its first conditions read the vendor.
    private let vendorConditions: [Int]
    /// Per rule: whether an action reads `$n`, so its vendor regex must run again on the record
    /// for the captures.
    private let readsCaptures: [Bool]
    /// Per vendor id: its list in ``lists``, or `.max` until worked out.
    private var listOfVendor: [UInt32]
    /// Per vendor id: its text lowered, when it is not all printable ASCII (which is searched on
    /// bytes, unlowered): once a vendor, not once a condition of a record.
    private var lowered: [String?]
    private var lists: [[Step]] = []
    private var listIndex: [[Step]: UInt32] = [:]

    init(rules: [Rule], vendors: Int) {
        vendorConditions = rules.map { rule in
            rule.match.conditions.prefix {
                switch $0 {
                case .contains(.vendor, _), .regex(.vendor, _): return true
                default: return false
                }
            }.count
        }
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
        var steps: [Step] = []
        for (i, rule) in rules.enumerated() {
            let n = vendorConditions[i]
            var captures: [String?]?
            guard rule.match.conditions.prefix(n).allSatisfy({ $0.holds(for: record, captures: &captures) })
            else { continue }
            steps.append(Step(rule: i, from: readsCaptures[i] ? 0 : n))
        }
        let index =
            listIndex[steps]
            ?? {
                lists.append(steps)
                listIndex[steps] = UInt32(lists.count - 1)
                return UInt32(lists.count - 1)
            }()
        listOfVendor[Int(id)] = index
        return (steps, lowered[Int(id)])
    }
}

extension Template {
    /// Whether it takes any capture, `$0` among them.
    var readsCaptures: Bool {
        pieces.contains { if case .capture = $0 { true } else { false } }
    }
}
