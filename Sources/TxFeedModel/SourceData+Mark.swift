extension SourceData {
    /// How far the data reaches, so that what is added after it can be taken back whole
    /// (``truncate(to:)``): small streamed accounts are decoded one after the other into one
    /// data, and one that fails must leave nothing of itself behind.
    public struct Mark: Sendable, Equatable {
        public internal(set) var accounts = 0
        public internal(set) var transactions = 0
        public internal(set) var vendors = 0
        public internal(set) var details = 0
        public internal(set) var rejects = 0
        public internal(set) var skipped = 0
        public internal(set) var failures = 0
        public internal(set) var documents = 0
    }

    public var mark: Mark {
        Mark(
            accounts: accounts.count, transactions: transactions.count, vendors: vendors.count, details: details.count,
            rejects: rejects.count, skipped: skipped.count, failures: failures.count, documents: documents)
    }

    /// Removes everything added since `mark` was taken.
    public mutating func truncate(to mark: Mark) {
        accounts.removeSubrange(mark.accounts...)
        transactions.removeSubrange(mark.transactions...)
        vendors.removeNames(from: mark.vendors)
        details.removeSubrange(mark.details...)
        rejects.removeSubrange(mark.rejects...)
        skipped.removeSubrange(mark.skipped...)
        failures.removeSubrange(mark.failures...)
        documents = mark.documents
    }
}
