import TxFeedModel

/// How a CSV file is spelled for the program that opens it (`--sink csv:dialect=…,bom=…,
/// neutralise=…`): its separator and decimal mark, a byte order mark, and whether text cells a
/// spreadsheet would evaluate get a leading `'`.
public struct CSVDialect: Sendable, Equatable {
    /// `,` or `;`.
    public var separator: UInt8
    /// Amounts as `-4,50` (the separator is then `;`, so they need no quotes).
    public var decimalComma: Bool
    /// Starts the file with a UTF-8 BOM, which Excel needs to read UTF-8.
    public var byteOrderMark: Bool
    /// A text cell beginning with `=`, `+`, `-`, `@`, tab or CR gets a leading `'`. Off for data
    /// pipelines that want the text as it came.
    public var neutralise: Bool

    public init(
        separator: UInt8 = UInt8(ascii: ","), decimalComma: Bool = false, byteOrderMark: Bool = false,
        neutralise: Bool = true
    ) {
        self.separator = separator
        self.decimalComma = decimalComma
        self.byteOrderMark = byteOrderMark
        self.neutralise = neutralise
    }

    /// RFC 4180 with `,` and `.`: the default.
    public static let standard = CSVDialect()
    /// What a spreadsheet set up for most of Europe opens as it stands: `;`, decimal comma,
    /// a UTF-8 BOM (CRLF, as always).
    public static let excelEU = CSVDialect(separator: UInt8(ascii: ";"), decimalComma: true, byteOrderMark: true)

    /// The dialects `dialect=` names.
    public static func named(_ name: String) -> CSVDialect? {
        switch name.lowercased() {
        case "rfc4180", "standard", "excel": return .standard
        case "excel-eu": return .excelEU
        default: return nil
        }
    }

    /// The header row of `columns`.
    public func header(_ columns: [FeedColumn] = FeedColumn.standard) -> [UInt8] {
        Array(columns.map(\.rawValue).joined(separator: String(UnicodeScalar(separator))).utf8) + [0x0D, 0x0A]
    }

    /// Appends a text cell: C0 control characters other than tab, CR and LF dropped (an escape
    /// sequence never reaches a spreadsheet or a terminal through a cell), neutralised when a
    /// spreadsheet would read it as a formula, quoted when it holds the separator, a quote, CR
    /// or LF (quotes doubled).
    @inline(__always)
    public func appendCell(_ text: Span<UInt8>, to out: inout [UInt8]) {
        // Most cells (a day, a name) need nothing of the rules below: found eight bytes at a
        // time, they go in whole, a formula's mark before them when they would be one.
        if isPlain(text) {
            if neutralise && Self.opensFormula(text) { out.append(UInt8(ascii: "'")) }
            out.append(text)
            return
        }
        appendCellByteByByte(text, to: &out)
    }

    /// ``appendCell(_:to:)`` for a cell that is not plain: each byte by the rules.
    func appendCellByteByByte(_ text: Span<UInt8>, to out: inout [UInt8]) {
        let formula = neutralise && Self.opensFormula(text)
        var quote = false
        var clean = true
        for i in text.indices {
            let b = text[i]
            if b == separator || b == UInt8(ascii: "\"") || b == 0x0D || b == 0x0A { quote = true }
            if Self.isDropped(b) { clean = false }
        }
        if quote { out.append(UInt8(ascii: "\"")) }
        if formula { out.append(UInt8(ascii: "'")) }
        if clean && !quote {
            out.append(text)
        } else {
            for i in text.indices where !Self.isDropped(text[i]) {
                if text[i] == UInt8(ascii: "\"") { out.append(text[i]) }
                out.append(text[i])
            }
        }
        if quote { out.append(UInt8(ascii: "\"")) }
    }

    /// Whether a spreadsheet would read the cell as a formula: its first byte other than a space
    /// (spaces before `=` do not stop every spreadsheet, nor a reader that trims) or a dropped
    /// control is `=`, `+`, `-`, `@`, tab or CR (Excel's known bypasses).
    @inline(__always)
    static func opensFormula(_ text: Span<UInt8>) -> Bool {
        @inline(__always) func skipped(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || isDropped(byte) }
        @inline(__always) func opens(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D: return true
            default: return false
            }
        }
        // Almost every cell: its first byte decides (searched, a cell cost 4% more of a run).
        guard !text.isEmpty else { return false }
        guard skipped(text[0]) else { return opens(text[0]) }
        guard let first = text.indices.first(where: { !skipped(text[$0]) }) else { return false }
        return opens(text[first])
    }

    /// Whether `text` holds no control character, DEL, quote or separator: nothing to drop,
    /// quote or double, and a first byte that is no tab or CR.
    @inline(__always)
    func isPlain(_ text: Span<UInt8>) -> Bool {
        let raw = text.bytes
        var i = 0
        while text.count - i >= 8 {
            if Self.hasSpecial(ByteWord.load(raw, at: i), separator) {
                return false
            }
            i += 8
        }
        while i < text.count {
            let b = text[i]
            if b < 0x20 || b == 0x7F || b == UInt8(ascii: "\"") || b == separator { return false }
            i += 1
        }
        return true
    }

    /// Whether any byte of `word` is a control character, DEL, a quote or `separator`.
    @inline(__always)
    static func hasSpecial(_ word: UInt64, _ separator: UInt8) -> Bool {
        ByteWord.below(word, 0x20) | ByteWord.equal(word, 0x7F) | ByteWord.equal(word, UInt8(ascii: "\""))
            | ByteWord.equal(word, separator) != 0
    }

    /// C0 controls but tab, LF and CR, and DEL.
    @inline(__always)
    static func isDropped(_ b: UInt8) -> Bool {
        (b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D) || b == 0x7F
    }

    /// Appends an amount's plain decimal (`-4.50`) in this dialect's decimal mark.
    @inline(__always)
    public func appendAmount(_ plain: Span<UInt8>, to out: inout [UInt8]) {
        guard decimalComma else { return out.append(plain) }
        for i in plain.indices { out.append(plain[i] == UInt8(ascii: ".") ? UInt8(ascii: ",") : plain[i]) }
    }
}
