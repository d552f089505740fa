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
    /// The open statement's latest date of a booked transaction (`2024-03-15`): a `LEDGERBAL`
    /// as of an earlier day (it comes after the transactions) cannot hold it.
    private var lastBookedDate = ""

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
            lastBookedDate = ""
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
            return stream.end(balance: balance(of: statement))
        }
    }

    /// The statement's ledger balance, unless booked transactions are dated after its `DTASOF`
    /// (a bank's scheduled payments, a balance as of the list's start): the feed's balance is
    /// the one after the last entry, and taken so, it made a journal's opening wrong by them.
    private func balance(of statement: OFXStatement) -> String? {
        guard let balance = statement.balance, let asOf = statement.balanceDate,
            case let day = Self.dayNumber(asOf), day > 0, day < Self.dayNumber(lastBookedDate)
        else { return statement.balance }
        stream.channel.log(
            "\(origin): \(statement.path): no balance checked: LEDGERBAL \(balance) is as of \(asOf.prefix(10)), "
                + "before transactions dated after it (the last on \(lastBookedDate.prefix(10))), which it cannot hold")
        return nil
    }

    /// A host date's day (`2024-03-15`, `2024-03-15T12:00:00Z`) as 20240315; 0 for another form.
    private static func dayNumber(_ date: String) -> Int {
        var number = 0
        var index = 0
        for byte in date.utf8 {
            if index == 10 { break }
            if index == 4 || index == 7 {
                guard byte == UInt8(ascii: "-") else { return 0 }
            } else {
                guard byte >= 0x30, byte <= 0x39 else { return 0 }
                number = number * 10 + Int(byte - 0x30)
            }
            index += 1
        }
        return index == 10 ? number : 0
    }

    private mutating func add(_ entry: OFXTransaction) -> Bool {
        // The latest date as written: a String compare, the day worked out once at the end
        // (a day's number per transaction cost 470 instructions).
        if !entry.pending, entry.date > lastBookedDate { lastBookedDate = entry.date }
        return stream.add(
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
