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
            return stream.add(
                date: entry.date, vendor: entry.vendor, amount: entry.amount, id: entry.id, memo: entry.memo,
                location: entry.location, raw: entry.raw, pending: entry.pending)
        case let .reject(reject):
            return stream.reject(location: reject.location, reason: reject.reason, raw: Array(reject.raw.utf8))
        case let .note(note):
            stream.channel.log("\(origin): \(note)")
            return true
        case let .statementEnded(statement):
            // What it left unread or why it holds nothing: never a silent `read 0`.
            for note in statement.notes { stream.channel.log("\(origin): \(statement.path): \(note)") }
            if let problem = statement.balanceProblem { return stream.fail(problem) }
            return stream.end(balance: statement.balance)
        }
    }

    /// A failure in the middle of a statement: what it emitted is dropped with it, and the
    /// statements before it stay.
    mutating func failOpenAccount(_ reason: String) -> Bool {
        stream.fail(reason)
    }

    /// The account's name: the `account` option (with the account id when a file holds several
    /// statements, so they stay apart), else `CHECKING 1234567890`.
    private func name(of statement: OFXStatement) -> String {
        guard let account else { return statement.defaultName }
        guard surveyed.count > 1, let id = statement.accountID else { return account }
        return "\(account) \(id)"
    }
}
