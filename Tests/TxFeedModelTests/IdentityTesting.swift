@testable import TxFeedModel

/// Builds one source's data by hand: an account and its rows, for the identity tests.
struct SourceBuilder {
    var data = SourceData()

    init(account name: String = "Everyday Checking", id: String? = nil, source: Int = 0) {
        data.accounts = [
            Account(
                name: name, id: id, balance: nil, currency: "USD", profile: nil, source: source, origin: "test",
                scale: 2)
        ]
    }

    /// A row; `minor` is signed (negative = debit).
    mutating func add(
        _ vendor: String, _ minor: Int64, at unixSeconds: Int64, memo: String? = nil, bankID: String? = nil,
        pending: Bool = false
    ) {
        var details = Transaction.noDetails
        if memo != nil || bankID != nil {
            details = UInt32(data.details.count)
            data.details.append(TransactionDetails(id: bankID, memo: memo))
        }
        data.transactions.append(
            Transaction(
                unixSeconds: unixSeconds, amountMinor: minor.magnitude == 0 ? 0 : Int64(minor.magnitude),
                vendor: data.vendors.intern(vendor), account: 0, isDebit: minor < 0, isPending: pending,
                details: details))
    }

    func outcome(_ name: String) -> SourceOutcome {
        SourceOutcome(
            data: data,
            report: SourceReport(
                name: name, plugin: "test", status: .success, error: nil, count: data.transactions.count,
                rejected: 0, documents: 1, failedDocuments: 0, elapsedMilliseconds: 0))
    }
}

/// 2021-09-01T08:15:00Z.
let septemberFirst: Int64 = 1_630_484_100
