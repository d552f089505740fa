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

    /// What the rules make of `record`.
    public func apply(to record: RuleRecord) -> RuleOutcome {
        var outcome = RuleOutcome()
        for rule in rules {
            guard let captures = rule.match.captures(for: record) else { continue }
            // What earlier rules set goes with the record.
            if let reason = rule.skip { return RuleOutcome(skipped: reason) }
            if outcome.category == nil, let t = rule.category { outcome.category = t.expand(captures) }
            if outcome.vendor == nil, let t = rule.vendor {
                outcome.vendor = t.isClean ? PayeeCleaner.clean(record.vendor) : t.expand(captures)
            }
            if outcome.memo == nil, let t = rule.memo { outcome.memo = t.expand(captures) }
            for tag in rule.tags where !outcome.tags.contains(tag) { outcome.tags.append(tag) }
            if rule.stop { break }
        }
        return outcome
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
