import CSVCells
import StatementText

/// How sure the csv source is that a file is a bank CSV export, from its name and first bytes.
///
/// Other sources' formats are ruled out first (JSON, XML and OFX, QIF, anything binary), then
/// the head earns points for lines that agree on a separator count and for a header the
/// vocabulary knows; the name adds a little, never enough alone to beat a content match.
enum CSVConfidence {
    static let ceiling = 80

    static func score(path: String, head: Span<UInt8>) -> Int {
        // A folder asks this of every file: another format is told from the head as it is,
        // before any copy of it. A UTF-16 head is told from its narrowed view below.
        let utf16 = head.count >= 2 && (head[0] == 0xFF && head[1] == 0xFE || head[0] == 0xFE && head[1] == 0xFF)
        if !utf16, otherFormat(head).rejected { return 0 }
        let nameBonus =
            FileName.hasSuffix(path, ".csv") || FileName.hasSuffix(path, ".tsv")
            ? 10 : FileName.hasSuffix(path, ".txt") ? 5 : 0
        let bytes = asciiView(head)
        guard let bytes else { return 0 }
        let (start, rejected) = otherFormat(bytes.span)
        if rejected { return 0 }
        // Whole lines only: the head may stop in the middle of one.
        var end = bytes.count
        if let lastBreak = bytes.lastIndex(of: 0x0A), lastBreak > start { end = lastBreak + 1 }
        let text = Array(bytes[start..<end])
        let buffer = CSVBuffer(copying: text)
        let content = withExtendedLifetime(buffer) { contentScore(buffer.bytes) }
        guard content > 0 else { return nameBonus == 10 ? 10 : 0 }
        return min(content + nameBonus, ceiling)
    }

    private static let rejectedPrefixes = ["{", "[", "<", "OFXHEADER", "!Type:", "!type:"]

    /// Where the text starts after a byte order mark, blank lines and spaces, and whether it
    /// starts as another source's format (JSON, XML, OFX, QIF).
    private static func otherFormat(_ bytes: Span<UInt8>) -> (start: Int, rejected: Bool) {
        let start = HeadStart.index(in: bytes)
        let rejected = rejectedPrefixes.contains { prefix in
            let word = Array(prefix.utf8)
            return word.count <= bytes.count - start && word.indices.allSatisfy { bytes[start + $0] == word[$0] }
        }
        return (start, rejected)
    }

    /// 70 for lines agreeing on 2 or more separators with a known header among them, 40 for
    /// agreeing lines alone, 0 otherwise.
    private static func contentScore(_ text: CSVBytes) -> Int {
        let dialect = text.withSpan { Dialect.detect(in: $0) }
        var tokenizer = CSVTokenizer(text: text, separator: dialect.separator)
        var fields: [CSVFieldSpan] = []
        var counts: [Int: Int] = [:]
        var records: [[CSVFieldSpan]] = []
        while let record = tokenizer.next(into: &fields) {
            guard !record.isBlank else { continue }
            counts[record.fieldCount, default: 0] += 1
            records.append(fields)
        }
        guard
            let (width, agreeing) = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key < $1.key) }
            ),
            width >= 3, agreeing >= 2, agreeing * 2 >= records.count
        else { return 0 }
        var reader = CSVCellReader(text: text)
        let knownHeader = records.contains { fields in
            guard fields.count == width else { return false }
            let roles = Set(fields.flatMap { HeaderVocabulary.roles(of: reader.string($0)).map(\.role) })
            return roles.count >= 2 && (roles.contains(.date) || roles.contains(.amount))
        }
        return knownHeader ? 70 : 40
    }

    /// The head as bytes to look at: UTF-16 narrowed to its low bytes (good enough for
    /// separators and ASCII headers), a UTF-8 BOM skipped; nil for binary (a NUL byte).
    private static func asciiView(_ head: Span<UInt8>) -> [UInt8]? {
        var bytes: [UInt8] = []
        SpanBytes.append(head, to: &bytes)
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE {
            return stride(from: 2, to: bytes.count - 1, by: 2).map { bytes[$0 + 1] == 0 ? bytes[$0] : 0x3F }
        }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF {
            return stride(from: 2, to: bytes.count - 1, by: 2).map { bytes[$0] == 0 ? bytes[$0 + 1] : 0x3F }
        }
        // UTF-16 without a byte order mark: routed here so that the source names `encoding`.
        if let unmarked = TextDecoding.unmarkedUTF16(head) {
            let low = unmarked == "utf-16le" ? 0 : 1
            return stride(from: 0, to: bytes.count - 1, by: 2).map { bytes[$0 + 1 - low] == 0 ? bytes[$0 + low] : 0x3F }
        }
        if bytes.contains(0) { return nil }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(bytes.dropFirst(3)) }
        return bytes
    }
}
