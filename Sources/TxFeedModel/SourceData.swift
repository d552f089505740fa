/// What one source delivered: built on the source's own thread, read after the barrier.
public struct SourceData: Sendable {
    public var accounts: [Account] = []
    public var transactions: [Transaction] = []
    public var vendors = VendorTable()
    /// Bank ids and memos, for the transactions whose ``Transaction/details`` points here.
    public var details: [TransactionDetails] = []
    /// Rejected records not yet handed to the run's ``RejectStore``.
    public var rejects: [Reject] = []
    /// Rejected records already handed to the run's ``RejectStore``, before ``rejects``.
    public var rejectsTaken = 0
    /// Records left out because their file says the money never moved (a declined card
    /// payment): not rejects, counted as skipped and written by `--skipped`.
    public var skipped: [Reject] = []
    /// Documents that failed as a whole (syntax, shape, envelope status), one message each.
    public var failures: [String] = []
    /// Envelopes delivered whole.
    public var documents = 0
    /// Transactions already moved to temporary files (``Spill``), before ``transactions``:
    /// the first of ``transactions`` is the source's record number `spilled`.
    public var spilled = 0
    /// Added to every record's position among the source's when it spills (``Spill``): an
    /// account that spills while still open numbers its records past every position its
    /// source may still give records committed meanwhile, and the source's later ones past it.
    public var positionBase: UInt64 = 0
    /// Whether the first of ``accounts`` is the account that ends the data this one is appended
    /// to, continued: one huge envelope handed over piece by piece under a memory budget
    /// (``append(_:)`` merges the two).
    public var continuesLastAccount = false
    /// For a part of one account sent up while it is open (``withVendors(from:)``): how many of
    /// the account's vendors earlier parts carried; ``vendors`` holds the rest, and the records
    /// number vendors as the whole account does. 0 for anything else.
    public var vendorBase = 0
    /// Transactions delivered, spilled ones included.
    public var count: Int { spilled + transactions.count }
    /// Records rejected, those handed to the ``RejectStore`` included.
    public var rejected: Int { rejectsTaken + rejects.count }
    /// Transactions read from delivered envelopes: `read == count + rejected`.
    public var read: Int { count + rejected }

    public init() {}

    /// Nothing delivered: no account, record, failure or document.
    public var isEmpty: Bool {
        accounts.isEmpty && transactions.isEmpty && rejected == 0 && skipped.isEmpty && failures.isEmpty
            && documents == 0
    }

    /// Appends `other` after this data, renumbering its vendors and accounts.
    public mutating func append(_ other: SourceData) {
        precondition(other.vendorBase == 0, "a part of an open account is appended to that account alone")
        if isEmpty {
            self = other
            return
        }
        var accountBase = UInt32(accounts.count)
        if other.continuesLastAccount, !accounts.isEmpty, !other.accounts.isEmpty {
            // The same account, its header as it stands now (a balance stated at its end).
            accountBase -= 1
            accounts[accounts.count - 1] = other.accounts[0]
            accounts.append(contentsOf: other.accounts.dropFirst())
        } else {
            Self.grow(&accounts, by: other.accounts.count)
            accounts.append(contentsOf: other.accounts)
        }
        appendRecords(of: other, accountBase: accountBase, vendorMap: vendors.absorb(other.vendors))
    }

    /// Makes room for `count` more elements, fourfold when short: an exact reserve on every
    /// append copies the whole array each time (ten thousand small statements became
    /// quadratic), and doubling copies and touches the pages of twice the final array (a
    /// million small accounts' groups); capacity never written costs no memory.
    private static func grow<Element>(_ array: inout [Element], by count: Int) {
        let needed = array.count + count
        if array.capacity < needed { array.reserveCapacity(max(needed, array.capacity * 4)) }
    }

    /// `other`'s details, transactions, rejects, failures and documents after this data's, its
    /// accounts and vendors already in place.
    /// - Parameters:
    ///   - accountBase: this data's index of `other`'s first account.
    ///   - vendorMap: this data's id of each of `other`'s vendors; nil when `other`'s records
    ///     number vendors as this data does already (``appendContinuing(_:)``).
    mutating func appendRecords(of other: SourceData, accountBase: UInt32, vendorMap: [UInt32]?) {
        let detailBase = UInt32(details.count)
        details.append(contentsOf: other.details)
        Self.grow(&transactions, by: other.transactions.count)
        // Copied whole, then renumbered where they lie: appended one by one, each record paid
        // the array's checks (a folder's merge appends every file's records).
        let first = transactions.count
        transactions.append(contentsOf: other.transactions)
        var all = transactions.mutableSpan
        let vendorIDs = vendorMap ?? [], mapsVendors = vendorMap != nil
        let map = vendorIDs.span
        for i in first..<all.count {
            if mapsVendors { all[i].vendor = map[Int(all[i].vendor)] }
            all[i].account &+= accountBase
            if all[i].details != Transaction.noDetails { all[i].details &+= detailBase }
        }
        rejects.append(contentsOf: other.rejects)
        rejectsTaken += other.rejectsTaken
        skipped.append(contentsOf: other.skipped)
        failures.append(contentsOf: other.failures)
        documents += other.documents
    }
}
