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

    public init(category: String? = nil, tags: [String] = [], originalVendor: String? = nil) {
        self.category = category
        self.tags = tags
        self.originalVendor = originalVendor
    }

    /// No category, no tags, vendor as the bank wrote it.
    public var isEmpty: Bool { category == nil && tags.isEmpty && originalVendor == nil }
}
