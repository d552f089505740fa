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

    /// Writes the entry's bytes straight to `b`, no `String` built on the way: a million entries
    /// built as interpolated, escaped and trimmed strings took ten times the CSV sink's time.
    func append(_ syntax: JournalSink.Syntax, to b: inout [UInt8]) {
        let other = self.other ?? (amount.minorUnits < 0 ? JournalAccount.expenses : JournalAccount.income)
        b.append(contentsOf: date)
        b.append(pending ? " ! " : " * ")
        switch syntax {
        case .ledger:
            // The id as the entry's code keeps a payee that starts with `(` from being read as one.
            b.append(UInt8(ascii: "("))
            Self.appendLedgerText(id ?? "", code: true, to: &b)
            b.append(") ")
            Self.appendLedgerText(payee, to: &b)
            b.append(0x0A)
            if let memo, !memo.isEmpty {
                var text: [UInt8] = []
                Self.appendLedgerText(memo, to: &text)
                for line in Self.lines(text, bytes: Self.memoLineBytes) {
                    b.append("    ; memo: ")
                    b.append(contentsOf: line)
                    b.append(0x0A)
                }
            }
            Self.appendComment("    ; replaces: ", replaces, to: &b)
            Self.appendComment("    ; transfer of: ", transferOf, to: &b)
        case .beancount:
            Self.appendQuoted(payee, to: &b)
            b.append(UInt8(ascii: " "))
            Self.appendQuoted(memo ?? "", to: &b)
            b.append(0x0A)
            Self.appendMetadata("  id: ", id, to: &b)
            Self.appendMetadata("  replaces: ", replaces, to: &b)
            Self.appendMetadata("  transfer_of: ", transferOf, to: &b)
        }
        let indent: StaticString = syntax == .ledger ? "    " : "  "
        Self.posting(indent, account.name, amount, account, to: &b)
        Self.posting(indent, other, Money(minorUnits: -amount.minorUnits, scale: amount.scale), account, to: &b)
        b.append(0x0A)
    }

    /// `    ; replaces: TEXT` and a line break, when there is a text.
    private static func appendComment(_ head: StaticString, _ text: String?, to b: inout [UInt8]) {
        guard let text else { return }
        b.append(head)
        appendLedgerText(text, to: &b)
        b.append(0x0A)
    }

    /// `  id: "TEXT"` and a line break, when there is a text.
    private static func appendMetadata(_ head: StaticString, _ text: String?, to b: inout [UInt8]) {
        guard let text else { return }
        b.append(head)
        appendQuoted(text, to: &b)
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
    static func posting(
        _ indent: StaticString, _ name: String, _ amount: Money, _ account: JournalAccount, to b: inout [UInt8]
    ) {
        b.append(indent)
        b.append(contentsOf: name.utf8)
        b.append("  ")
        appendSigned(amount, to: &b)
        if let currency = account.currency {
            b.append(UInt8(ascii: " "))
            b.append(contentsOf: currency.utf8)
        }
        b.append(0x0A)
    }

    /// `-12.50`: ``Money/appendPlainDecimal(to:negative:)`` writes a magnitude and the sign apart.
    static func appendSigned(_ amount: Money, to b: inout [UInt8]) {
        Money(minorUnits: abs(amount.minorUnits), scale: amount.scale)
            .appendPlainDecimal(to: &b, negative: amount.minorUnits < 0)
    }

    /// hledger and Ledger have no escapes in a description: a `;` would start a comment and a
    /// `|` split payee from note, so they become their full-width forms (`；`, `｜`), and line
    /// breaks and tabs a space; spaces at either end go. In a `code` (the id), which ends at
    /// `)`, parentheses become brackets.
    static func appendLedgerText(_ text: String, code: Bool = false, to b: inout [UInt8]) {
        // Most names need none of it, and go in whole.
        let plain = text.withUTF8Bytes { bytes in
            guard bytes.first != UInt8(ascii: " "), bytes.last != UInt8(ascii: " "),
                !bytes.contains(where: { isSpecial($0, code: code) })
            else { return false }
            b.append(bytes.span)
            return true
        }
        if plain { return }
        let start = b.count
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: ";"): b.append(contentsOf: [0xEF, 0xBC, 0x9B])  // U+FF1B
            case UInt8(ascii: "|"): b.append(contentsOf: [0xEF, 0xBD, 0x9C])  // U+FF5C
            case UInt8(ascii: "(") where code: b.append(UInt8(ascii: "["))
            case UInt8(ascii: ")") where code: b.append(UInt8(ascii: "]"))
            case 0..<0x20, 0x7F, UInt8(ascii: " "):
                // A space, trimmed as it comes where it would begin the text.
                if b.count > start { b.append(UInt8(ascii: " ")) }
            default: b.append(byte)
            }
        }
        while b.count > start, b.last == UInt8(ascii: " ") { b.removeLast() }
    }

    /// Whether ``appendLedgerText(_:code:to:)`` writes `byte` otherwise than as it is.
    private static func isSpecial(_ byte: UInt8, code: Bool) -> Bool {
        switch byte {
        case 0..<0x20, 0x7F, UInt8(ascii: ";"), UInt8(ascii: "|"): true
        case UInt8(ascii: "("), UInt8(ascii: ")"): code
        default: false
        }
    }

    /// A beancount string: `"` and `\` escaped, line breaks a space.
    static func appendQuoted(_ text: String, to b: inout [UInt8]) {
        b.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                b.append(UInt8(ascii: "\\"))
                b.append(byte)
            case 0..<0x20, 0x7F: b.append(UInt8(ascii: " "))
            default: b.append(byte)
            }
        }
        b.append(UInt8(ascii: "\""))
    }
}
