import TxFeedModel

/// One transaction as a journal entry: its date, flag (`*` booked, `!` pending), payee, memo,
/// the bank id and source as metadata, and two postings that balance.
///
/// ```
/// 2024-01-02 * (R1) TESCO STORES 3297            2024-01-02 ! "TESCO STORES 3297" "memo"
///     ; memo: the memo                             id: "R1"
///     Assets:Bank:Everyday  -12.50 GBP             Assets:Bank:Everyday  -12.50 GBP
///     Expenses:Uncategorized  12.50 GBP            Expenses:Uncategorized  12.50 GBP
/// ```
struct JournalEntry {
    var date: [UInt8]
    var pending: Bool
    var payee: String
    var memo: String?
    var id: String?
    var account: JournalAccount
    /// Signed, in the account's currency: negative is money out.
    var amount: Money
    /// The balancing account when it is not a category: the other account of a transfer.
    var other: String? = nil
    /// The pending record an earlier run saw that this booked one replaces, for a comment.
    var replaces: String? = nil
    /// A transfer's other half that an earlier batch wrote, for a comment.
    var transferOf: String? = nil

    func append(_ syntax: JournalSink.Syntax, to b: inout [UInt8]) {
        let other = self.other ?? (amount.minorUnits < 0 ? JournalAccount.expenses : JournalAccount.income)
        b.append(contentsOf: date)
        b.append(contentsOf: pending ? " ! ".utf8 : " * ".utf8)
        switch syntax {
        case .ledger:
            // The id as the entry's code keeps a payee that starts with `(` from being read as one.
            b.append(contentsOf: "(\(Self.ledgerCode(id ?? ""))) \(Self.ledgerText(payee))\n".utf8)
            if let memo, !memo.isEmpty {
                for line in Self.lines(Array(Self.ledgerText(memo).utf8), bytes: Self.memoLineBytes) {
                    b.append(contentsOf: "    ; memo: ".utf8)
                    b.append(contentsOf: line)
                    b.append(0x0A)
                }
            }
            if let replaces { b.append(contentsOf: "    ; replaces: \(Self.ledgerText(replaces))\n".utf8) }
            if let transferOf { b.append(contentsOf: "    ; transfer of: \(Self.ledgerText(transferOf))\n".utf8) }
        case .beancount:
            b.append(contentsOf: "\(Self.quoted(payee)) \(Self.quoted(memo ?? ""))\n".utf8)
            if let id { b.append(contentsOf: "  id: \(Self.quoted(id))\n".utf8) }
            if let replaces { b.append(contentsOf: "  replaces: \(Self.quoted(replaces))\n".utf8) }
            if let transferOf { b.append(contentsOf: "  transfer_of: \(Self.quoted(transferOf))\n".utf8) }
        }
        let indent = syntax == .ledger ? "    " : "  "
        Self.posting(indent + account.name, amount, account, to: &b)
        Self.posting(indent + other, Money(minorUnits: -amount.minorUnits, scale: amount.scale), account, to: &b)
        b.append(0x0A)
    }

    /// The most bytes of a memo one `; memo:` line holds: Ledger refuses a line of 4,096
    /// characters, and a memo of 4,096 bytes is up to three times as long written (`;` is `；`).
    static let memoLineBytes = 2000

    /// `text` (UTF-8) in lines of at most `bytes` bytes, cut between characters (never inside
    /// one's UTF-8 bytes), and where neither side is a space when such a cut is in the line's
    /// second half, so that no line ends or starts with a space a reader may trim.
    static func lines(_ text: [UInt8], bytes: Int) -> [ArraySlice<UInt8>] {
        precondition(bytes >= 4, "a line holds a character")
        // Before byte `i` is a cut between characters (`i` is not a continuation byte).
        func between(_ i: Int) -> Bool { text[i] & 0xC0 != 0x80 }
        // …with no space on either side.
        func bare(_ i: Int) -> Bool { between(i) && text[i] != 0x20 && text[i - 1] != 0x20 }
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        while text.count - start > bytes {
            var cut = start + bytes
            while !between(cut) { cut -= 1 }
            var clean = cut
            while clean > start + bytes / 2, !bare(clean) { clean -= 1 }
            if bare(clean) { cut = clean }
            lines.append(text[start..<cut])
            start = cut
        }
        lines.append(text[start...])
        return lines
    }

    /// `    Assets:Bank:X  -12.50 GBP`: two spaces end the account name in every syntax.
    static func posting(_ name: String, _ amount: Money, _ account: JournalAccount, to b: inout [UInt8]) {
        b.append(contentsOf: name.utf8)
        b.append(contentsOf: "  ".utf8)
        appendSigned(amount, to: &b)
        if let currency = account.currency { b.append(contentsOf: " \(currency)".utf8) }
        b.append(0x0A)
    }

    /// `-12.50`: ``Money/appendPlainDecimal(to:negative:)`` writes a magnitude and the sign apart.
    static func appendSigned(_ amount: Money, to b: inout [UInt8]) {
        Money(minorUnits: abs(amount.minorUnits), scale: amount.scale)
            .appendPlainDecimal(to: &b, negative: amount.minorUnits < 0)
    }

    /// hledger and Ledger have no escapes in a description: a `;` would start a comment and a
    /// `|` split payee from note, so they become their full-width forms (`；`, `｜`), and line
    /// breaks and tabs a space.
    static func ledgerText(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case ";": out.append("\u{FF1B}")
            case "|": out.append("\u{FF5C}")
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out.append(" ")
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out.trimmingCharacters(in: " ")
    }

    /// A code ends at `)`: one inside becomes `]`.
    static func ledgerCode(_ id: String) -> String {
        ledgerText(id).replacing(")", with: "]").replacing("(", with: "[")
    }

    /// A beancount string: `"` and `\` escaped, line breaks a space.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out.append(" ")
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension String {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        var text = Substring(self)
        while text.first == character { text = text.dropFirst() }
        while text.last == character { text = text.dropLast() }
        return String(text)
    }
}
