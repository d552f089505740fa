import CSVCells

/// A `D` value made readable by ``CSVCells/DatePattern``: Quicken writes `1/ 3'24`, its `'`
/// marking a year from 2000 and its numbers padded with spaces.
///
/// The `'` becomes `/` and the spaces after `/` or `'` go (`1/3/24`), so one format decided
/// over the file reads both `12/31/99` and `1/ 3'24`; ``isApostropheYear`` then puts a
/// two-digit year after `'` in the 2000s whatever the pivot of `%y`.
struct QIFDateText: Sendable {
    var bytes: [UInt8] = []
    /// A year of one or two digits after `'`: from 2000.
    var isApostropheYear = false

    init(_ value: ArraySlice<UInt8>) {
        bytes.reserveCapacity(value.count + 1)
        var afterSeparator = false
        var index = value.startIndex
        while index < value.endIndex {
            let byte = value[index]
            index += 1
            if afterSeparator && byte == 0x20 { continue }
            if byte == UInt8(ascii: "'") {
                bytes.append(UInt8(ascii: "/"))
                var start = index
                while start < value.endIndex && value[start] == 0x20 { start += 1 }
                var end = start
                while end < value.endIndex && Self.isDigit(value[end]) { end += 1 }
                // `' 4` is 2004: a lone digit gets its zero; `'2024` is a year as it stands.
                if end - start == 1 { bytes.append(UInt8(ascii: "0")) }
                isApostropheYear = end - start <= 2
                afterSeparator = true
                continue
            }
            afterSeparator = byte == UInt8(ascii: "/")
            bytes.append(byte)
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The date `pattern` reads, a two-digit `'` year put in the 2000s.
    func parse(with pattern: DatePattern) -> LocalDateTime? {
        guard var date = pattern.parse(bytes.span) else { return nil }
        if isApostropheYear && date.year < 2000 { date.year += 100 }
        return date
    }
}
