/// What rules (`--rules`) gave one record: its category, its tags, and the bank's own vendor
/// text when a rule rewrote the vendor. The record's own fields (the vendor shown, the memo)
/// stay in the ``Transaction`` and its ``TransactionDetails``, so every sink shows them as it
/// always did.
public struct RowLabels: Sendable, Hashable {
    /// A colon path, `Expenses:Groceries`; nil when no rule set one.
    public var category: String?
    /// In the order the rules added them, each once.
    public var tags: [String]
    /// The vendor as the bank wrote it, when a rule rewrote it; nil otherwise.
    public var originalVendor: String?
    /// With `--explain`, the rule that set each field; nil otherwise.
    public var explain: RowExplain?

    public init(
        category: String? = nil, tags: [String] = [], originalVendor: String? = nil, explain: RowExplain? = nil
    ) {
        self.category = category
        self.tags = tags
        self.originalVendor = originalVendor
        self.explain = explain
    }

    /// No category, no tags, vendor as the bank wrote it, nothing explained.
    public var isEmpty: Bool {
        category == nil && tags.isEmpty && originalVendor == nil && (explain?.isEmpty ?? true)
    }
}

/// `--explain`: which rule set each of a record's fields, as messages name a rule
/// (`rule 3 ("groceries")`); nil for a field no rule set.
public struct RowExplain: Sendable, Hashable {
    public var category: String?
    public var vendor: String?
    public var memo: String?
    /// The rule that added each of ``RowLabels/tags``, in their order.
    public var tags: [String]

    public init(category: String? = nil, vendor: String? = nil, memo: String? = nil, tags: [String] = []) {
        self.category = category
        self.vendor = vendor
        self.memo = memo
        self.tags = tags
    }

    public var isEmpty: Bool { category == nil && vendor == nil && memo == nil && tags.isEmpty }
}
