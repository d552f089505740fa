import CSVCells
import StatementText

/// RFC 4180 records from UTF-8 text, as byte ranges: no `String` per field.
///
/// Quoted fields may hold the separator, `""` for a quote and line breaks; a record's line is
/// the one it starts on. Lines end in LF or CRLF. Text after a closing quote, up to the next
/// separator, is kept (banks' `"abc" ` stray blanks), so nothing is lost silently.
struct CSVTokenizer {
    let text: CSVBytes
    let separator: UInt8
    private(set) var position: Int
    private(set) var line: Int
    /// Each record is two lines, each filling the columns the other leaves empty
    /// (``TableLayout/linePairs``): the two are read as one.
    let joinsLinePairs: Bool
    private var secondLine: [CSVFieldSpan] = []

    init(
        text: CSVBytes, separator: UInt8, position: Int = 0, line: Int = 1,
        joinsLinePairs: Bool = false
    ) {
        self.text = text
        self.separator = separator
        self.position = position
        self.line = line
        self.joinsLinePairs = joinsLinePairs
    }

    /// Reads the next record, its fields into `fields` (emptied first); nil at the end of the text.
    mutating func next(into fields: inout [CSVFieldSpan]) -> CSVRecordSpan? {
        guard joinsLinePairs else { return nextLine(into: &fields) }
        guard var record = nextLine(into: &fields) else { return nil }
        // Taken out, not copied, so that the buffer stays unique and is reused line after line.
        var secondLine: [CSVFieldSpan] = []
        swap(&secondLine, &self.secondLine)
        defer { swap(&secondLine, &self.secondLine) }
        guard !record.isBlank, let second = nextLine(into: &secondLine) else { return record }
        for column in 0..<second.fieldCount where !secondLine[column].isEmpty {
            if column < fields.count {
                if fields[column].isEmpty { fields[column] = secondLine[column] }
            } else {
                while fields.count < column { fields.append(CSVFieldSpan(start: 0, end: 0, escaped: false)) }
                fields.append(secondLine[column])
            }
        }
        record.end = second.end
        record.fieldCount = fields.count
        return record
    }

    /// One line's record (more than one line where a quoted field holds a line break).
    private mutating func nextLine(into fields: inout [CSVFieldSpan]) -> CSVRecordSpan? {
        // A copy: the span is lent while this tokenizer changes.
        let text = self.text
        return text.withSpan { nextLine(in: $0, into: &fields) }
    }

    private mutating func nextLine(in base: Span<UInt8>, into fields: inout [CSVFieldSpan]) -> CSVRecordSpan? {
        fields.removeAll(keepingCapacity: true)
        let count = base.count
        guard position < count else { return nil }
        // `index` starts here and only grows: each read below checks it (or index + 1) against
        // `count`, the span's own, and reads unchecked.
        precondition(position >= 0, "position before the text")
        let recordStart = position
        let recordLine = line
        var index = position
        var blank = true
        var recordEnd = count
        fieldLoop: while true {
            if index < count, base[unchecked: index] == quote {
                // A quoted field: up to the closing quote that is not doubled.
                var escaped = false
                let start = index + 1
                index = start
                var end = count
                while index < count {
                    let byte = base[unchecked: index]
                    if byte == quote {
                        if index + 1 < count, base[unchecked: index + 1] == quote {
                            escaped = true
                            index += 2
                            continue
                        }
                        end = index
                        index += 1
                        break
                    }
                    if byte == newline { line += 1 }
                    index += 1
                }
                // Anything after the closing quote up to the separator is kept with the field.
                while index < count, base[unchecked: index] != separator, base[unchecked: index] != newline,
                    base[unchecked: index] != carriage
                {
                    index += 1
                    end = index
                    escaped = true
                }
                if end > start { blank = false }
                fields.append(CSVFieldSpan(start: start, end: min(end, count), escaped: escaped))
            } else {
                let start = index
                while index < count {
                    let byte = base[unchecked: index]
                    if byte == separator || byte == newline { break }
                    if byte == carriage, index + 1 >= count || base[unchecked: index + 1] == newline { break }
                    index += 1
                }
                if index > start { blank = false }
                fields.append(CSVFieldSpan(start: start, end: index, escaped: false))
            }
            guard index < count else {
                recordEnd = count
                position = count
                break fieldLoop
            }
            switch base[unchecked: index] {
            case separator:
                index += 1
            case carriage:
                recordEnd = index
                index += 1
                if index < count, base[unchecked: index] == newline { index += 1 }
                line += 1
                position = index
                break fieldLoop
            default:
                recordEnd = index
                position = index + 1
                line += 1
                break fieldLoop
            }
        }
        return CSVRecordSpan(
            start: recordStart, end: recordEnd, line: recordLine, fieldCount: fields.count, isBlank: blank)
    }

    // MARK: - Fields as bytes

    /// Appends the field's bytes to `out`, `""` turned into `"` when it has any.
    static func appendUnescaped(_ field: CSVFieldSpan, text: Span<UInt8>, to out: inout [UInt8]) {
        guard field.escaped else {
            SpanBytes.append(text, field.start..<field.end, to: &out)
            return
        }
        // The field's range checked once: each read below is inside it.
        precondition(field.start >= 0 && field.end <= text.count, "field outside the text")
        var index = field.start
        var inQuotes = true
        while index < field.end {
            let byte = text[unchecked: index]
            if byte == quote, inQuotes, index + 1 < field.end, text[unchecked: index + 1] == quote {
                out.append(quote)
                index += 2
                continue
            }
            if byte == quote {
                // The closing quote before trailing text: dropped, the text kept.
                inQuotes = false
                index += 1
                continue
            }
            out.append(byte)
            index += 1
        }
    }
}

private let quote = UInt8(ascii: "\"")
private let newline = UInt8(ascii: "\n")
private let carriage = UInt8(ascii: "\r")
