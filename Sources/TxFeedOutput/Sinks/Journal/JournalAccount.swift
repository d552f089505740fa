import TxFeedModel

/// A feed account as a journal names it: `Assets:Bank:` and the account's name, made a valid
/// account name in the journal's syntax, with the currency and the stated balance.
struct JournalAccount {
    var name: String
    /// The commodity written after amounts; nil for hledger/Ledger's bare numbers.
    var currency: String?
    var scale: Int
    var balance: Money?

    static let expenses = "Expenses:Uncategorized"
    static let income = "Income:Uncategorized"
    static let opening = "Equity:Opening-Balances"

    /// - Parameters:
    ///   - named: a rules file's `[accounts]`, which names the ledger account of a feed account.
    init(_ account: Account, source: String, syntax: JournalSink.Syntax, named: [String: String] = [:])
        throws(JournalError)
    {
        let own = account.name.isEmpty ? source : account.name
        name = named[own].map { Self.path($0, syntax: syntax) } ?? "Assets:Bank:" + Self.component(own, syntax: syntax)
        currency = account.currency.flatMap { $0.isEmpty ? nil : $0 }
        scale = account.scale
        balance = account.balance
        if syntax == .beancount, currency == nil {
            throw JournalError(
                description:
                    "beancount needs a currency on every amount, and account '\(own)' (source \(source)) has none: give its source one (csv: default-currency=EUR)"
            )
        }
    }

    /// A colon path a person wrote (a category, an `[accounts]` entry), each component made valid.
    static func path(_ path: String, syntax: JournalSink.Syntax) -> String {
        path.split(separator: ":").map { component(String($0), syntax: syntax) }.joined(separator: ":")
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
