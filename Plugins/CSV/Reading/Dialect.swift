import CSVCells

/// How the file separates fields: the separator byte, and why it was chosen.
struct Dialect: Sendable {
    var separator: UInt8
    /// For `sniff`: `7 fields on 15 of 20 lines`, or `given`.
    var evidence: String

    static let candidates: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09, UInt8(ascii: "|")]

    /// The separator whose field count is the same on the most lines of the text.
    ///
    /// A preamble or a summary row only lowers a candidate's agreement a little, while a wrong
    /// candidate disagrees on most rows (a `,` in a `;` file appears only in amounts). A
    /// candidate is weighed by its most common count of three fields or more, when it gives
    /// one; one giving three fields or more beats one giving only two, whatever their agreement. Ties
    /// go to the candidate giving more fields; between `;` and `,` giving as many, `;` wins
    /// when a comma sits in a number as a decimal mark (`1,50`: a digit before, exactly two
    /// after), else `,`. Quotes are honoured: a separator inside a quoted field does not count.
    static func detect(in text: Span<UInt8>) -> Dialect {
        // One flat histogram per candidate (field count → lines), filled line by line; the loop
        // keeps its counters in locals, as this pass reads every byte of the file.
        var flat = [Int](repeating: 0, count: candidates.count * bucketCount)
        var decimalCommas = false
        var commas = 0
        var semicolons = 0
        var tabs = 0
        var pipes = 0
        var inQuotes = false
        var lineHasContent = false
        var lines = 0
        let count = text.count
        // `index` starts at 0 and only grows (firstMarked returns its start or more): each read
        // below checks it, or the byte's offset from it, against `count`, the span's own.
        var index = 0
        while index <= count {
            // Once a line has content only the six bytes the switch counts matter: skip the rest
            // eight at a time (a third of this pass's time, measured on a 10⁶-row export).
            if lineHasContent { index = CSVText.firstMarked(text, from: index) { countedBytes(in: $0) } }
            let byte = index < count ? text[unchecked: index] : UInt8(ascii: "\n")
            if byte == UInt8(ascii: "\n"), !inQuotes || index == count {
                if lineHasContent {
                    lines += 1
                    flat[min(commas + 1, bucketCount - 1)] += 1
                    flat[bucketCount + min(semicolons + 1, bucketCount - 1)] += 1
                    flat[2 * bucketCount + min(tabs + 1, bucketCount - 1)] += 1
                    flat[3 * bucketCount + min(pipes + 1, bucketCount - 1)] += 1
                }
                (commas, semicolons, tabs, pipes) = (0, 0, 0, 0)
                lineHasContent = false
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inQuotes.toggle()
            case UInt8(ascii: ","):
                // A digit, the comma, two digits and no more, quoted or not: a decimal comma (`1,50`).
                // index + 3 <= count once index + 2 < count: below it when not equal.
                if !decimalCommas, index > 0, isDigit(text[unchecked: index - 1]), index + 2 < count,
                    isDigit(text[unchecked: index + 1]), isDigit(text[unchecked: index + 2]),
                    index + 3 == count || !isDigit(text[unchecked: index + 3])
                {
                    decimalCommas = true
                }
                if !inQuotes { commas += 1 }
            case UInt8(ascii: ";"): if !inQuotes { semicolons += 1 }
            case 0x09: if !inQuotes { tabs += 1 }
            case UInt8(ascii: "|"): if !inQuotes { pipes += 1 }
            default: break
            }
            if byte > 0x20 { lineHasContent = true }
            index += 1
        }
        let histograms = (0..<candidates.count).map { Array(flat[$0 * bucketCount..<($0 + 1) * bucketCount]) }
        var best: (index: Int, agreeing: Int, fields: Int) = (0, -1, 0)
        for (candidate, histogram) in histograms.enumerated() {
            // The most common field count of 3 or more, and how many lines have it; else 2. A
            // preamble of `key;value` lines gives two fields, and where it outnumbers a short
            // table's rows (ING's ten lines over four rows) `;` gave "two fields" and lost to the
            // `,` of the rows' decimal commas (`1.000,00;EUR;-100,00`: three fields).
            var fields = 2
            var agreeing = histogram[2]
            for (fieldCount, lineCount) in histogram.enumerated().dropFirst(3)
            where lineCount > 0 && (fields == 2 || lineCount >= agreeing) {
                fields = fieldCount
                agreeing = lineCount
            }
            guard agreeing > 0 else { continue }
            let better: Bool
            if (fields >= 3) != (best.fields >= 3) {
                // A table of transactions has a date, a payee and an amount: two fields are no
                // table when another candidate makes one. (Deutsche Bank's older export has one
                // decimal comma on every row and no other, so `,` gives two fields on more lines
                // than `;` gives nineteen.)
                better = fields >= 3
            } else if agreeing != best.agreeing {
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

    /// The high bit of each byte of `word` that is a quote, a candidate separator or a newline;
    /// the lowest one set is exact (a borrow marks only bytes above one truly found).
    @inline(__always)
    private static func countedBytes(in word: UInt64) -> UInt64 {
        func equal(_ byte: UInt8) -> UInt64 {
            let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
            return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
        }
        return equal(UInt8(ascii: "\"")) | equal(UInt8(ascii: ",")) | equal(UInt8(ascii: ";")) | equal(0x09)
            | equal(UInt8(ascii: "|")) | equal(UInt8(ascii: "\n"))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
