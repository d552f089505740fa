/// How the file separates fields: the separator byte, and why it was chosen.
struct Dialect: Sendable {
    var separator: UInt8
    /// For `sniff`: `most consistent: 7 fields on 15 of 20 lines`, or `given`.
    var evidence: String

    static let candidates: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09, UInt8(ascii: "|")]

    /// The separator whose field count is the same on the most lines of the text.
    ///
    /// A preamble or a summary row only lowers a candidate's agreement a little, while a wrong
    /// candidate disagrees on most rows (a `,` in a `;` file appears only in amounts). Ties
    /// go to the candidate giving more fields; between `;` and `,` giving as many, `;` wins
    /// when a comma sits in a number as a decimal mark (`1,50`: a digit before, exactly two after), else `,`. Quotes are honoured: a
    /// separator inside a quoted field does not count.
    static func detect(in text: UnsafeBufferPointer<UInt8>) -> Dialect {
        var histograms = [[Int]](repeating: [Int](repeating: 0, count: bucketCount), count: candidates.count)
        var decimalCommas = false
        var counts = (0, 0, 0, 0)
        var inQuotes = false
        var lineHasContent = false
        var lines = 0
        var previous: UInt8 = 0
        func endLine() {
            guard lineHasContent else { return }
            lines += 1
            histograms[0][min(counts.0 + 1, bucketCount - 1)] += 1
            histograms[1][min(counts.1 + 1, bucketCount - 1)] += 1
            histograms[2][min(counts.2 + 1, bucketCount - 1)] += 1
            histograms[3][min(counts.3 + 1, bucketCount - 1)] += 1
            counts = (0, 0, 0, 0)
            lineHasContent = false
        }
        var index = 0
        let count = text.count
        while index < count {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "\""): inQuotes.toggle()
            case UInt8(ascii: "\n") where !inQuotes: endLine()
            case UInt8(ascii: ","):
                // A digit, the comma, two digits and no more, quoted or not: a decimal comma (`1,50`).
                if !decimalCommas, isDigit(previous), index + 2 < count, isDigit(text[index + 1]),
                    isDigit(text[index + 2]), index + 3 == count || !isDigit(text[index + 3])
                {
                    decimalCommas = true
                }
                if !inQuotes { counts.0 += 1 }
            case UInt8(ascii: ";") where !inQuotes: counts.1 += 1
            case 0x09 where !inQuotes: counts.2 += 1
            case UInt8(ascii: "|") where !inQuotes: counts.3 += 1
            default: break
            }
            if byte > 0x20 { lineHasContent = true }
            previous = byte
            index += 1
        }
        endLine()
        var best: (index: Int, agreeing: Int, fields: Int) = (0, -1, 0)
        for (candidate, histogram) in histograms.enumerated() {
            // The most common field count of 2 or more, and how many lines have it.
            var fields = 0
            var agreeing = 0
            for (fieldCount, lineCount) in histogram.enumerated().dropFirst(2) where lineCount >= agreeing {
                fields = fieldCount
                agreeing = lineCount
            }
            guard agreeing > 0 else { continue }
            let better: Bool
            if agreeing != best.agreeing {
                better = agreeing > best.agreeing
            } else if fields != best.fields {
                better = fields > best.fields
            } else {
                // Same agreement, same fields: only `;` against `,` is decided, by decimal commas.
                better = candidates[candidate] == UInt8(ascii: ";") && decimalCommas
            }
            if better { best = (candidate, agreeing, fields) }
        }
        guard best.agreeing > 0 else {
            return Dialect(separator: UInt8(ascii: ","), evidence: "no separator found: one column")
        }
        let fields = best.fields == bucketCount - 1 ? "\(best.fields)+" : "\(best.fields)"
        return Dialect(
            separator: candidates[best.index],
            evidence: "\(fields) fields on \(best.agreeing) of \(lines) lines")
    }

    /// The separator as the options spell it: `tab` for a tab.
    static func name(of separator: UInt8) -> String {
        separator == 0x09 ? "tab" : String(UnicodeScalar(separator))
    }

    private static let bucketCount = 256

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
