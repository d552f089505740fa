extension SourceData {
    /// How far the data reaches, so that what is added after it can be taken back whole
    /// (``truncate(to:)``) or taken apart (``split(at:)``): small streamed accounts are decoded
    /// one after the other into one data, and one that fails must leave nothing of itself behind.
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

    /// Takes what was added since `mark` out, as data of its own (its accounts and details
    /// numbered from 0, its vendors interned anew), and leaves this data as it stood at `mark`.
    public mutating func split(at mark: Mark) -> SourceData {
        var tail = SourceData()
        tail.accounts = Array(accounts[mark.accounts...])
        tail.details = Array(details[mark.details...])
        tail.transactions = Array(transactions[mark.transactions...])
        var renamed: [UInt32: UInt32] = [:]
        for i in tail.transactions.indices {
            let vendor = tail.transactions[i].vendor
            if let id = renamed[vendor] {
                tail.transactions[i].vendor = id
            } else {
                let id = tail.vendors.intern(vendors.bytes(of: vendor).span)
                renamed[vendor] = id
                tail.transactions[i].vendor = id
            }
            tail.transactions[i].account -= UInt32(mark.accounts)
            if tail.transactions[i].details != Transaction.noDetails {
                tail.transactions[i].details -= UInt32(mark.details)
            }
        }
        tail.rejects = Array(rejects[mark.rejects...])
        tail.skipped = Array(skipped[mark.skipped...])
        tail.failures = Array(failures[mark.failures...])
        tail.documents = documents - mark.documents
        truncate(to: mark)
        return tail
    }
}
