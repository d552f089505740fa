import TxFeedModel

/// A feed account as a journal names it: `Assets:Bank:` and the account's name, made a valid
/// account name in the journal's syntax, with the currency and the stated balance.
struct JournalAccount {
    var name: String
    /// The commodity written after amounts; nil for hledger/Ledger's bare numbers.
    var currency: String?
    var scale: Int
    var balance: Money?
    /// The feed source's index: its statements come in order.
    var source: Int

    static let expenses = "Expenses:Uncategorized"
    static let income = "Income:Uncategorized"
    static let opening = "Equity:Opening-Balances"

    /// - Parameters:
    ///   - named: a rules file's `[accounts]`, which names the ledger account of a feed account.
    init(_ account: Account, source: String, syntax: JournalSink.Syntax, named: [String: String] = [:])
        throws(JournalError)
    {
        let own = account.name.isEmpty ? source : account.name
        if let given = named[own] {
            name = try Self.checked(given, "[accounts] name", syntax: syntax)
        } else {
            name = "Assets:Bank:" + Self.component(own, syntax: syntax)
        }
        currency = account.currency.flatMap { $0.isEmpty ? nil : $0 }
        scale = account.scale
        balance = account.balance
        self.source = account.source
        if syntax == .beancount, currency == nil {
            throw JournalError(
                description:
                    "beancount needs a currency on every amount, and account '\(own)' (source \(source)) has none: give its source one (csv: default-currency=EUR)"
            )
        }
    }

    /// The journal accounts of feed accounts (each with its source's name), in order. Accounts
    /// are one journal account when they are one account to `--dedupe` and `--state`: one bank
    /// id, else one own name (the account's, else the source's), named by the first of them. So an MT940 statement named by its IBAN and
    /// the camt one named by its owner are one, and two `Checking` accounts of two ids are two:
    /// taken for one, one's balance stood for both. One whose name cleans to a journal name
    /// another has, or one `named` gives, takes `-2` (`-3`, …: the first free, in the accounts'
    /// order). The names `named` gives are kept: feed accounts it gives one name are one
    /// journal account.
    static func all(
        _ accounts: [(account: Account, source: String)], syntax: JournalSink.Syntax, named: [String: String]
    ) throws(JournalError) -> [JournalAccount] {
        var out: [JournalAccount] = []
        out.reserveCapacity(accounts.count)
        for (account, source) in accounts {
            out.append(try JournalAccount(account, source: source, syntax: syntax, named: named))
        }
        var owns = accounts.map { $0.account.name.isEmpty ? $0.source : $0.account.name }
        // One bank id, one account: the first's own name for every one of them.
        let keys: [String] = accounts.indices.map { i in
            if let id = accounts[i].account.id, !id.isEmpty { return "i" + Self.comparable(id) }
            return "n" + owns[i]
        }
        var firstByKey: [String: Int] = [:]
        for i in out.indices {
            guard let first = firstByKey[keys[i]] else {
                firstByKey[keys[i]] = i
                continue
            }
            if named[owns[i]] == nil, named[owns[first]] == nil {
                owns[i] = owns[first]
                out[i].name = out[first].name
            }
        }
        // Two names the rules give that clean to one are never one account unasked: beancount
        // keeps ASCII only, and `三井住友` and `みずほ` were both `Assets:Bank:Account`, the
        // transfer between them posted to itself, with exit 0.
        var givers: [String: String] = [:]
        for i in out.indices {
            guard let given = named[owns[i]] else { continue }
            if let other = givers[out[i].name], other != given {
                throw JournalError(
                    description:
                        "the rules' [accounts] names '\(other)' and '\(given)' are both \(out[i].name) in this journal's "
                        + "syntax: name them apart")
            }
            givers[out[i].name] = given
        }
        // Every name the rules give is theirs, whether or not this run has their accounts.
        var taken = Set(named.values.map { path($0, syntax: syntax) })
        // Journal name → the account (identity key) that has it; the accounts that must take a suffix.
        var holders: [String: String] = [:]
        var renamed: [Int] = []
        for i in out.indices where named[owns[i]] == nil {
            let key = keys[i]
            if let holder = holders[out[i].name] {
                if holder != key { renamed.append(i) }
            } else if taken.contains(out[i].name) {
                renamed.append(i)
            } else {
                holders[out[i].name] = key
                taken.insert(out[i].name)
            }
        }
        var given: [String: String] = [:]
        for i in renamed {
            if let name = given[keys[i]] {
                out[i].name = name
                continue
            }
            var n = 2
            while taken.contains("\(out[i].name)-\(n)") { n += 1 }
            let name = "\(out[i].name)-\(n)"
            taken.insert(name)
            given[keys[i]] = name
            out[i].name = name
        }
        return out
    }

    /// A bank id as journals compare it: an IBAN as camt writes it, without the spaces a CSV
    /// preamble writes (`DE12 3456 …`), the `/` PKO BP's MT940 `:25:` puts before it or the
    /// currency Rabobank's and bunq's put after it (`NL34RABO0142623393 EUR`): one account in
    /// two formats is one journal account. Any other id as it is. (`--state` and `--dedupe`
    /// keep the id as the bank wrote it: remembered records are keyed by it.)
    static func comparable(_ id: String) -> String {
        var words = id.split(separator: " ")
        if words.count >= 2, let last = words.last, last.count == 3, last.allSatisfy({ $0.isASCII && $0.isUppercase }) {
            words.removeLast()
        }
        var joined = words.joined()
        if joined.hasPrefix("/") { joined.removeFirst() }
        let bytes = Array(joined.utf8)
        let letter = { (byte: UInt8) in (0x41...0x5A).contains(byte) }
        let digit = { (byte: UInt8) in (0x30...0x39).contains(byte) }
        guard (15...34).contains(bytes.count), letter(bytes[0]), letter(bytes[1]), digit(bytes[2]), digit(bytes[3]),
            bytes[4...].allSatisfy({ letter($0) || digit($0) })
        else { return id }
        return joined
    }

    /// A colon path a person wrote (a category, an `[accounts]` entry), each component made valid.
    static func path(_ path: String, syntax: JournalSink.Syntax) -> String {
        path.split(separator: ":").map { component(String($0), syntax: syntax) }.joined(separator: ":")
    }

    /// beancount's five kinds of account, the first part of every name it reads.
    static let beancountRoots: Set<Substring> = ["Assets", "Liabilities", "Equity", "Income", "Expenses"]

    /// `written` (a rules file's category or `[accounts]` name, `what` says which) as `path`
    /// makes it, or an error where beancount would refuse it: bean-check rejected
    /// `Spending:Fees`, and the run had written the file with exit 0.
    static func checked(_ written: String, _ what: String, syntax: JournalSink.Syntax) throws(JournalError) -> String {
        let name = path(written, syntax: syntax)
        guard syntax == .beancount, !beancountRoots.contains(name.prefix { $0 != ":" }) else { return name }
        throw JournalError(
            description:
                "the rules' \(what) '\(written)' is no beancount account: its first part must be Assets, "
                + "Liabilities, Equity, Income or Expenses")
    }

    /// One account-name component. hledger and Ledger end a name at two spaces or a tab and
    /// split it at `:`; beancount takes a capital letter, then letters, digits and `-`.
    static func component(_ text: String, syntax: JournalSink.Syntax) -> String {
        switch syntax {
        case .ledger:
            var out = ""
            var space = false
            for scalar in text.unicodeScalars {
                if scalar.properties.isWhitespace || scalar == ":" || scalar == ";" || scalar.value < 0x20 {
                    space = !out.isEmpty
                    continue
                }
                if space { out.append(scalar == "-" ? "" : " ") }
                space = false
                out.unicodeScalars.append(scalar)
            }
            return out.isEmpty ? "Account" : out
        case .beancount:
            var out = ""
            var dash = false
            for scalar in text.unicodeScalars {
                let ascii = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                if !ascii {
                    dash = !out.isEmpty
                    continue
                }
                if dash { out.append("-") }
                dash = false
                out.unicodeScalars.append(scalar)
            }
            guard let first = out.unicodeScalars.first else { return "Account" }
            if ("0"..."9").contains(first) { return "A" + out }
            return out.prefix(1).uppercased() + out.dropFirst()
        }
    }
}
