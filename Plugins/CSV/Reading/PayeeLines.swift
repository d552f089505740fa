/// A payee cell of several lines, read as one line: Crédit Agricole's quoted `Libellé` writes
/// the kind of entry first (`PAIEMENT PAR CARTE`, `VIREMENT EN VOTRE FAVEUR`), then the other
/// party (`X4912 U EXPRESS 69 LYON 29/04`), then blank lines and at times a reference. A payee
/// with a line break in it broke journals and spreadsheets.
///
/// The first line is the kind when it has no digit and a line follows it: the payee is then
/// the next line, and the memo the whole text on one line. Otherwise (`8936392` over `CHEQUE
/// EMIS`) the payee is the whole text on one line. Lines are trimmed and blank ones dropped.
enum PayeeLines {
    /// The payee and, when the first line is the kind, the memo, read from the trimmed cell at
    /// `cell` in `bytes`, which holds a line break; any text they need is appended to `bytes`.
    static func read(_ cell: Range<Int>, in bytes: inout [UInt8]) -> (payee: Range<Int>, memo: Range<Int>?) {
        let lines = nonBlankLines(cell, in: bytes)
        guard lines.count > 1 else { return (lines.first ?? cell, nil) }
        let joined = appendJoined(lines, to: &bytes)
        let kindFirst = !bytes[lines[0]].contains { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        return kindFirst ? (lines[1], joined) : (joined, nil)
    }

    /// Each line of the cell without the blanks around it, blank lines left out.
    private static func nonBlankLines(_ cell: Range<Int>, in bytes: [UInt8]) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = cell.lowerBound
        while start <= cell.upperBound {
            let end = bytes[start..<cell.upperBound].firstIndex(of: 0x0A) ?? cell.upperBound
            var lower = start
            var upper = end
            while lower < upper, isBlank(bytes[lower]) { lower += 1 }
            while upper > lower, isBlank(bytes[upper - 1]) { upper -= 1 }
            if lower < upper { lines.append(lower..<upper) }
            start = end + 1
        }
        return lines
    }

    /// The lines, a space between each, appended to `bytes`.
    private static func appendJoined(_ lines: [Range<Int>], to bytes: inout [UInt8]) -> Range<Int> {
        let start = bytes.count
        for line in lines {
            if bytes.count > start { bytes.append(UInt8(ascii: " ")) }
            // A copy first: appending a slice of the array to itself copied the whole arena.
            let piece = Array(bytes[line])
            bytes.append(contentsOf: piece)
        }
        return start..<bytes.count
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
}
