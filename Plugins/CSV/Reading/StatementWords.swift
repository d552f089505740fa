/// Words in a row's text that say what the row is, whatever the amount's sign: the one list of
/// each, documented in docs/CSV.md.
enum StatementWords {
    /// Money in for the account holder on a card or current account: a payment to the card, a
    /// refund, a credit. Matched as whole words, in any case, in the payee and memo.
    static let payment = [
        "payment", "thank you", "autopay", "refund", "gutschrift",
        // Discover's card file: `DIRECTPAY FULL BALANCE` (its autopay) and `AUTOMATIC STATEMENT
        // CREDIT` (cashback), negative beside its charges, with no other payment word.
        "directpay", "statement credit",
        // Nubank's card file: `Pagamento recebido`, `Estorno - Uber` negative beside its charges
        // (a bare `pagamento` is Italian for paying with the card: Hype's `Pagamento con carta`).
        "pagamento recebido", "estorno", "reembolso",
        // Brazilian card bills: Inter's `PAGAMENTO FATURA`, C6's `Inclusao de Pagamento`.
        "pagamento fatura", "pagamento de fatura", "inclusao de pagamento",
        // Nordic card statements: EnterCard's Swedish `INBETALNING, TACK`, the Norwegian and
        // Danish words for a payment in, the Finnish `Suoritus`.
        "inbetalning", "innbetaling", "indbetaling", "suoritus",
    ]

    /// A card's pair of dates in the header: when the charge was made and when it was posted
    /// (Discover's `Trans. Date` and `Post Date`, Chase's and Provident's `Transaction Date` and
    /// `Post Date`, Capital One's `Posted Date`). Checking exports date a row once, or name a
    /// `Posting Date` (Navy Federal's, beside an indicator): that is no card's. Normalised header
    /// cells, as ``HeaderVocabulary/normalise(_:)`` leaves them.
    static let cardTransactionDates: Set<String> = ["trans date", "transaction date"]
    static let cardPostDates: Set<String> = ["post date", "posted date"]

    /// `the columns "Trans. Date" and "Post Date"` when the header has a card's pair of dates; nil otherwise.
    static func cardDatePair(header: [String]) -> String? {
        let names = header.map(HeaderVocabulary.normalise)
        guard let made = names.firstIndex(where: cardTransactionDates.contains),
            let posted = names.firstIndex(where: cardPostDates.contains)
        else { return nil }
        return "the columns \"\(header[made])\" and \"\(header[posted])\""
    }

    /// The row a statement opens with: no amount, only the balance the chain starts from.
    /// Matched against the normalised payee or memo, at its start.
    static let openingBalance = [
        "beginning balance", "opening balance", "balance brought forward", "saldo anterior", "saldo inicial",
        "anfangssaldo", "alter kontostand", "solde initial", "solde precedent", "ancien solde", "beginsaldo",
    ]

    /// A dated row's whole cell that makes it the account's balance, not a transaction: the
    /// opening and closing rows after Volksbank's and Raiffeisen banks' (Atruvia's) table.
    static let balanceLabels: Set<String> = ["anfangssaldo", "endsaldo"]
    static let openingLabels: Set<String> = ["anfangssaldo"]

    /// A card statement's header cells (`Card Used For Transaction`, `Card Member`,
    /// `Kartennummer`, Amex NL's `Kaartlid`) and preamble lines (`Credit Limit`, `Minimum Payment Due`): a file that
    /// shows them is a card's, whose issuer may write charges positive. Lower-cased substrings.
    static let cardHeader = [
        "card", "karte", "carte", "tarjeta", "kaart", "cartão", "cartao", "carta", "kart", "kartu",
        // Max's and CAL's Hebrew `4 ספרות אחרונות של כרטיס האשראי` (the card's last four digits).
        "כרטיס",
    ]
    static let cardPreamble = [
        "credit limit", "minimum payment", "minimum due", "kreditlimit", "kreditkarte", "limite de crédit",
        "tarjeta de crédito",
        // CAL's `פירוט עסקאות … לכרטיס ויזה` (transactions of the Visa card).
        "כרטיס",
    ]

    /// What in `header` or `preamble` says the file is a card statement (`column "Card Used For
    /// Transaction"`, `"Credit Limit" on line 5`); nil when nothing does.
    static func cardStatement(header: [String], preamble: [String]) -> String? {
        if let cell = header.first(where: { cell in cardHeader.contains { cell.lowercased().contains($0) } }) {
            return "its column \"\(cell)\""
        }
        for (index, line) in preamble.enumerated() {
            let lowered = line.lowercased()
            if let word = cardPreamble.first(where: lowered.contains) {
                return "\"\(word)\" on line \(index + 1) of its preamble"
            }
        }
        return nil
    }

    /// A row's whole payee or memo that names the account's balance: a row of the balance with
    /// its amount, not a transaction. Compared whole, ASCII case and runs of blanks ignored, and
    /// a `|` before or after it (BancoPosta's `|SALDO FINALE`).
    static let balanceRow = [
        "balance", "new balance", "closing balance", "ending balance", "statement balance", "saldo", "neuer saldo",
        "endsaldo", "schlusssaldo", "kontostand", "neuer kontostand", "solde", "nouveau solde", "solde final",
        "saldo final", "eindsaldo",
        // BancoPosta (Italy): `SALDO INIZIALE` and `|SALDO FINALE`, dated rows around the others.
        "saldo iniziale", "saldo finale",
        // Swedbank's Baltic exports: the opening and closing balances, and the period's
        // turnover (the sum of the rows, in and out), dated rows among the others.
        "likutis pradžiai", "likutis pabaigai", "apyvarta", "sākuma atlikums", "beigu atlikums", "apgrozījums",
        "algsaldo", "lõppsaldo", "käive",
    ]
    /// ``balanceRow`` as bytes, by their first letter (`a` is 0).
    private static let balanceRowsByLetter: [[[UInt8]]] = {
        var lists = [[[UInt8]]](repeating: [], count: 26)
        for word in balanceRow { lists[Int(word.utf8.first! - UInt8(ascii: "a"))].append(Array(word.utf8)) }
        return lists
    }()

    /// Whether `cell` is one of ``balanceRow``, on its bytes: asked of every row's payee and
    /// memo, where a String of each (and its folding) doubled a million rows' reading time, so
    /// the first letter and the length turn almost every cell away before any word is compared.
    static func isBalanceRow(_ cell: Span<UInt8>) -> Bool {
        // Every byte read lies in 0 <= start..<end <= cell.count, each index checked so first: in bounds.
        var start = 0
        var end = cell.count
        while start < end,
            cell[unchecked: start] == 0x20 || cell[unchecked: start] == 0x09 || cell[unchecked: start] == 0x7C
        {
            start += 1
        }
        guard end - start >= 5, end - start <= 40 else { return false }
        let letter = cell[unchecked: start] | 0x20
        // The words' first letters (a, b, c, e, k, l, n, s) as bits, a constant: the table below,
        // a global, costs a call to reach, and most cells begin otherwise.
        let firstLetters: UInt32 = 1 << 0 | 1 << 1 | 1 << 2 | 1 << 4 | 1 << 10 | 1 << 11 | 1 << 13 | 1 << 18
        guard letter >= UInt8(ascii: "a"), letter <= UInt8(ascii: "z"),
            firstLetters & (1 << UInt32(letter - UInt8(ascii: "a"))) != 0
        else { return false }
        let candidates = balanceRowsByLetter[Int(letter - UInt8(ascii: "a"))]
        while end > start,
            cell[unchecked: end - 1] == 0x20 || cell[unchecked: end - 1] == 0x09 || cell[unchecked: end - 1] == 0x7C
        {
            end -= 1
        }
        words: for word in candidates {
            var at = start
            for byte in word {
                guard at < end else { continue words }
                if byte == 0x20 {
                    guard cell[unchecked: at] == 0x20 || cell[unchecked: at] == 0x09 else { continue words }
                    while at < end, cell[unchecked: at] == 0x20 || cell[unchecked: at] == 0x09 { at += 1 }
                } else {
                    // ASCII in any case; the bytes of `ž` or `ā` as written.
                    let written = cell[unchecked: at]
                    guard (written < 0x80 ? written | 0x20 : written) == byte else { continue words }
                    at += 1
                }
            }
            if at == end { return true }
        }
        return false
    }

    /// Money in on a current account whatever else the file holds: pay and deposits. Positive
    /// beside payment words that are negative, they say the file is the holder's view, a current
    /// account paying cards (`CHASE CREDIT CRD AUTOPAY`), not a card issuer's. Whole words, any case.
    static let income = ["payroll", "salary", "deposit", "gehalt", "lohn"]

    private static let incomeBytes = income.map { Array($0.utf8) }

    /// Whether `cell` holds one of ``income`` as a whole word (ASCII case ignored). `deposit`
    /// counts only as the row's kind: first in the cell, or after `direct`, `mobile`, `atm`,
    /// `cash`, `check`, `branch`, `remote` or `ach` (`HILTON HOTEL DEPOSIT` is a card charge).
    static func hasIncomeWord(_ cell: Span<UInt8>) -> Bool {
        var previous = -1..<(-1)
        // `index` and `end` start at 0 and 1 and only grow, each read below `count` (the span's): in bounds.
        var index = 0
        let count = cell.count
        while index < count {
            guard isWordByte(cell[unchecked: index]) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < count, isWordByte(cell[unchecked: end]) { end += 1 }
            // Each income word starts with one of these: most words are passed at a byte.
            switch cell[unchecked: index] | 0x20 {
            case UInt8(ascii: "p"), UInt8(ascii: "s"), UInt8(ascii: "d"), UInt8(ascii: "g"), UInt8(ascii: "l"):
                for word in incomeBytes where matches(word, in: cell, at: index) {
                    guard word == depositBytes, previous.lowerBound >= 0 else { return true }
                    if depositKinds.contains(where: {
                        $0.count == previous.count && matches($0, in: cell, at: previous.lowerBound)
                    }) {
                        return true
                    }
                }
            default: break
            }
            previous = index..<end
            index = end
        }
        return false
    }

    private static let depositBytes = Array("deposit".utf8)
    /// The words before `deposit` that make it money paid in: `DIRECT DEPOSIT`, `MOBILE DEPOSIT`.
    private static let depositKinds = ["direct", "mobile", "atm", "cash", "check", "branch", "remote", "ach"].map {
        Array($0.utf8)
    }

    /// Words of a row after the table that sums it up (`Kontostand`, `Closing balance`, `Total`):
    /// matched as whole words of the normalised text of a row without a date.
    static let summary: Set<String> = [
        "total", "totals", "subtotal", "sum", "summe", "gesamt", "kontostand", "saldo", "endsaldo", "balance",
        "solde", "somme", "totaal", "disclaimer", "opening", "closing", "anfangssaldo",
    ]

    /// Whether normalised text holds one of ``summary`` as a word.
    static func isSummary(_ normalised: String) -> Bool {
        normalised.split(separator: " ").contains { summary.contains(String($0)) }
    }

    /// A line inside the table that heads the rows under it (Schwab's checking export:
    /// `"Pending Transactions"` over rows not booked yet, `"Posted Transactions"` over booked
    /// ones), its normalised text whole; a line that only begins so (`Pending Transactions are
    /// not reflected within this sort criterion.`) is a remark, heading nothing.
    enum Section: Sendable, Equatable {
        case pending, booked, remark
    }

    /// The section a line's only cell opens, normalised; nil for any other text.
    static func section(normalised text: String) -> Section? {
        switch text {
        case "pending transactions": return .pending
        case "posted transactions": return .booked
        default:
            let opens = text.hasPrefix("pending transactions ") || text.hasPrefix("posted transactions ")
            return opens ? .remark : nil
        }
    }

    /// The first word of an undated row's date cell that makes it a total of the rows (Schwab:
    /// `Total Pending Check and other Credit(s)` inside the table): a figure the rows already
    /// hold, never a transaction.
    static let totalRow: Set<String> = ["total", "totals", "subtotal", "summe", "gesamt", "somme", "totaal"]

    private static let totalRowBytes = totalRow.map { Array($0.utf8) }

    /// Whether `cell` opens with one of ``totalRow`` as a word (ASCII case ignored), on its
    /// bytes: asked of every row's date cell in the first pass, where most begin with a digit.
    static func isTotalRow(_ cell: Span<UInt8>) -> Bool {
        // 0 <= start < cell.count before each read: in bounds.
        var start = 0
        while start < cell.count, cell[unchecked: start] == 0x20 || cell[unchecked: start] == 0x09 { start += 1 }
        guard start < cell.count else { return false }
        switch cell[unchecked: start] | 0x20 {
        case UInt8(ascii: "t"), UInt8(ascii: "s"), UInt8(ascii: "g"):
            return totalRowBytes.contains { matches($0, in: cell, at: start) }
        default: return false
        }
    }

    /// The payment words by their first letter (`a` first): at a word's start only those of its
    /// letter are compared. With all compared at every start, the Discover and Brazilian words
    /// cost a bank CSV 155 instructions a row.
    private static let paymentByLetter: [[[UInt8]]] = {
        var words = [[[UInt8]]](repeating: [], count: 26)
        for word in payment.map({ Array($0.utf8) }) { words[Int(word[0] - UInt8(ascii: "a"))].append(word) }
        return words
    }()

    /// Bit `letter - a` set for each letter a payment word begins with: a word can start only
    /// there, which one test of a byte says before any word is compared.
    private static let paymentFirstLetters: UInt32 = paymentByLetter.indices.reduce(0) {
        paymentByLetter[$1].isEmpty ? $0 : $0 | 1 << $1
    }

    /// Whether `cell` holds one of ``payment`` as a whole word (ASCII case ignored).
    static func hasPaymentWord(_ cell: Span<UInt8>) -> Bool {
        let firstLetters = paymentFirstLetters
        // 0 <= index < count (the span's), and index - 1 read only when index > 0: in bounds.
        var index = 0
        let count = cell.count
        while index < count {
            let letter = (cell[unchecked: index] | 0x20) &- UInt8(ascii: "a")
            let starts = index == 0 || !isWordByte(cell[unchecked: index - 1])
            if starts, letter < 26, firstLetters & 1 << letter != 0 {
                for word in paymentByLetter[Int(letter)] where matches(word, in: cell, at: index) { return true }
            }
            index += 1
        }
        return false
    }

    private static let thankYouBytes = Array("thank you".utf8)

    /// Whether `cell` holds `thank you` as whole words (ASCII case ignored): a card issuer's
    /// words on the holder's payment (`INTERNET PAYMENT - THANK YOU`). Asked of payment rows only.
    static func hasThankYou(_ cell: Span<UInt8>) -> Bool {
        // 0 <= index < cell.count, and index - 1 read only when index > 0: in bounds.
        var index = 0
        while index < cell.count {
            if cell[unchecked: index] | 0x20 == UInt8(ascii: "t"),
                index == 0 || !isWordByte(cell[unchecked: index - 1]),
                matches(thankYouBytes, in: cell, at: index)
            {
                return true
            }
            index += 1
        }
        return false
    }

    /// Whether a payee or memo (as `HeaderVocabulary.normalise` leaves it) opens with an opening-balance phrase.
    static func isOpeningBalance(normalised text: String) -> Bool {
        openingBalance.contains { text == $0 || text.hasPrefix($0 + " ") }
    }

    private static func matches(_ word: [UInt8], in cell: Span<UInt8>, at start: Int) -> Bool {
        assert(start >= 0)
        // Every caller's `start` is an index it read (0 or more), and start + offset < start + word.count <= cell.count.
        guard start + word.count <= cell.count else { return false }
        for offset in 0..<word.count {
            let byte = cell[unchecked: start + offset]
            let folded = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
            if folded != word[offset] { return false }
        }
        let end = start + word.count
        return end == cell.count || !isWordByte(cell[unchecked: end])  // end < cell.count here
    }

    /// Letters, digits and every byte of a non-ASCII character belong to a word.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= 0x61 && lower <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte >= 0x80
    }
}
