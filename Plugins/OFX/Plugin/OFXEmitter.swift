import OFXReading
import SourceKit

/// Hands a file's events to the host: one account a statement, its entries in batches, its
/// rejects with their paths.
struct OFXEmitter {
    let origin: String
    /// The `account` option: the name of every statement's account.
    let account: String?
    /// A first pass's statements, read only when the `account` option needs to know whether a
    /// file holds several; empty otherwise.
    let surveyed: [OFXStatement]
    private var stream: AccountStream
    /// Transactions that may be the account's balance (`SALDO ANTERIOR`), held to its end.
    private var balanceRows = OFXBalanceRows()

    init(channel: HostChannel, origin: String, account: String?, surveyed: [OFXStatement]) {
        stream = AccountStream(channel: channel)
        self.origin = origin
        self.account = account
        self.surveyed = surveyed
    }

    var isAccountOpen: Bool { stream.isOpen }

    /// Takes one event; false once the host wants the source to stop.
    mutating func take(_ event: OFXEvent) -> Bool {
        switch event {
        case let .statementBegan(statement):
            // The ledger balance comes after the transactions: stated when the account ends.
            return stream.begin(
                name: name(of: statement), currency: statement.currency, id: statement.accountID, balance: nil,
                origin: origin)
        case let .transaction(entry):
            if balanceRows.holds(entry) { return true }
            return add(entry)
        case let .reject(reject):
            return stream.reject(location: reject.location, reason: reject.reason, raw: Array(reject.raw.utf8))
        case let .note(note):
            stream.channel.log("\(origin): \(note)")
            return true
        case let .statementEnded(statement):
            // What it left unread or why it holds nothing: never a silent `read 0`.
            for note in statement.notes { stream.channel.log("\(origin): \(statement.path): \(note)") }
            switch balanceRows.end(ledger: statement.balance) {
            case .none: break
            case let .balances(note): stream.channel.log("\(origin): \(statement.path): \(note)")
            case let .transactions(entries, note):
                stream.channel.log("\(origin): \(statement.path): \(note)")
                for entry in entries where !add(entry) { return false }
            }
            if let problem = statement.balanceProblem { return stream.fail(problem) }
            return stream.end(balance: statement.balance)
        }
    }

    private mutating func add(_ entry: OFXTransaction) -> Bool {
        stream.add(
            date: entry.date, vendor: entry.vendor, amount: entry.amount, id: entry.id, memo: entry.memo,
            location: entry.location, raw: entry.raw, pending: entry.pending)
    }

    /// A failure in the middle of a statement: what it emitted is dropped with it, and the
    /// statements before it stay.
    mutating func failOpenAccount(_ reason: String) -> Bool {
        balanceRows = OFXBalanceRows()
        return stream.fail(reason)
    }

    /// The account's name: the `account` option (with the account id when a file holds several
    /// statements, so they stay apart), else `CHECKING 1234567890`.
    private func name(of statement: OFXStatement) -> String {
        guard let account else { return statement.defaultName }
        guard surveyed.count > 1, let id = statement.accountID else { return account }
        return "\(account) \(id)"
    }
}
