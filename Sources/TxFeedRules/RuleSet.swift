import TxFeedModel

/// Every rules file of a run, their rules in order: the first file's, then the next's.
///
/// A record goes through the rules in order. Each field (category, vendor, memo) is set by the
/// first rule that applies and sets it, so a later rule fills only what earlier ones left
/// empty; tags gather from every rule that applies. `skip` drops the record at once, and
/// `stop` ends its way through the rules. Conditions read the bank's record, never what a rule
/// wrote (docs/RULES.md).
public struct RuleSet: Sendable {
    public var rules: [Rule]
    /// `[accounts]`: a feed account's name → a ledger account (`Assets:Bank:Checking`), for
    /// the journals.
    public var accounts: [String: String]
    /// The files, in order.
    public var files: [String]

    public init(rules: [Rule] = [], accounts: [String: String] = [:], files: [String] = []) {
        self.rules = rules
        self.accounts = accounts
        self.files = files
    }

    /// Why the run cannot trust what the rules made of its records: a pattern that gave up on
    /// a text (``RulePattern/progressLimit``) matched nothing there. Nil when none did.
    public var overrun: String? {
        rules.lazy.flatMap(\.match.patterns).compactMap(\.overrun.message).first
    }

    /// What the rules make of `record`.
    public func apply(to record: RuleRecord) -> RuleOutcome {
        var tracking = RuleTracking()
        return apply(to: record, tracking: &tracking)
    }

    /// What the rules make of `record`, noting in `tracking` the rules that matched and, when it
    /// explains, which rule set each field. With `steps` (a ``VendorScreen``'s for the record's
    /// vendor) only those rules are tried, each on its match as the vendor left it.
    func apply(
        to record: RuleRecord, tracking: inout RuleTracking, steps: [VendorScreen.Step]? = nil
    ) -> RuleOutcome {
        var outcome = RuleOutcome()
        if tracking.explains { tracking.reset() }
        for k in 0..<(steps?.count ?? rules.count) {
            let i = steps?[k].rule ?? k
            guard let captures = (steps?[k].match ?? rules[i].match).captures(for: record) else { continue }
            if !tracking.fired.isEmpty { tracking.fired[i] = true }
            // `rules[i].…`, not a copy of the rule: that is a dozen references retained and released.
            // What earlier rules set goes with the record.
            if let reason = rules[i].skip { return RuleOutcome(skipped: reason) }
            if outcome.category == nil, let t = rules[i].category {
                outcome.category = t.expand(captures)
                if tracking.explains { tracking.category = i }
            }
            if outcome.vendor == nil, let t = rules[i].vendor {
                outcome.vendor = t.vendor(for: record, captures: captures)
                if tracking.explains { tracking.vendor = i }
            }
            if outcome.memo == nil, let t = rules[i].memo {
                outcome.memo = t.expand(captures)
                if tracking.explains { tracking.memo = i }
            }
            for tag in rules[i].tags where !outcome.tags.contains(tag) {
                outcome.tags.append(tag)
                if tracking.explains { tracking.tags.append(i) }
            }
            if rules[i].stop { break }
        }
        return outcome
    }
}

/// What a run notes of the rules beside each record's outcome: each rule that matched a record
/// (`fired`, empty when not noted), and with `--explain` which rule (by index) set each field.
struct RuleTracking {
    var fired: [Bool] = []
    var explains = false
    var category: Int?
    var vendor: Int?
    var memo: Int?
    /// The rule of each of the outcome's tags, in their order.
    var tags: [Int] = []

    mutating func reset() {
        (category, vendor, memo) = (nil, nil, nil)
        tags.removeAll(keepingCapacity: true)
    }
}

/// What the rules made of one record.
public struct RuleOutcome: Sendable, Equatable {
    public var category: String?
    /// The vendor to show instead of the bank's.
    public var vendor: String?
    public var memo: String?
    public var tags: [String] = []
    /// Why a rule skipped it; nil when it stays.
    public var skipped: String?

    public init(
        category: String? = nil, vendor: String? = nil, memo: String? = nil, tags: [String] = [],
        skipped: String? = nil
    ) {
        self.category = category
        self.vendor = vendor
        self.memo = memo
        self.tags = tags
        self.skipped = skipped
    }
}
