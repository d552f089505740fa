/// A file whose lines mix UTF-8 beyond ASCII (`Société`) with lines that are not UTF-8
/// (`Caf\xE9`, a row pasted in from another export), each line read in its own encoding, those
/// that are not UTF-8 as windows-1252. Read whole as windows-1252, every UTF-8 letter came out
/// mangled (`SociÃ©tÃ©`) without a word: windows-1252 text is practically never valid UTF-8
/// beyond ASCII.
public struct MixedText {
    /// The text with every line in UTF-8, line for line, so line numbers hold.
    public var bytes: [UInt8]
    /// The numbers (from 1) of the lines read as windows-1252.
    public var windows1252Lines: [Int]
    /// How many lines are valid UTF-8 beyond ASCII, and the number of the first.
    public var utf8Lines: (count: Int, first: Int)

    /// Nil when no line is UTF-8 beyond ASCII: a windows-1252 file, the common case, is passed
    /// over once, without a copy. With `refusingUndefined`, nil too when a line that is not UTF-8
    /// holds a byte windows-1252 leaves undefined: the text is in neither.
    /// - Parameter endingAtCR: a lone CR ends a line as LF does (old Mac files).
    public init?(_ bytes: UnsafeRawBufferPointer, endingAtCR: Bool = false, refusingUndefined: Bool = false) {
        var found = false
        TextLines.forEach(bytes, endingAtCR: endingAtCR) { line, _ in
            found = UTF8Check.firstNonASCII(line) != nil && UTF8Check.firstInvalid(line) == nil
            return !found
        }
        guard found else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        var windows1252Lines: [Int] = []
        var utf8Lines = (count: 0, first: 0)
        var refused = false
        TextLines.forEach(bytes, endingAtCR: endingAtCR) { line, number in
            if UTF8Check.firstInvalid(line) == nil {
                if UTF8Check.firstNonASCII(line) != nil {
                    utf8Lines.count += 1
                    if utf8Lines.first == 0 { utf8Lines.first = number }
                }
                out.append(contentsOf: line)
                return true
            }
            if refusingUndefined, line.contains(where: Windows1252.undefined.contains) {
                refused = true
                return false
            }
            Windows1252.decode(line, into: &out)
            windows1252Lines.append(number)
            return true
        }
        guard !refused else { return nil }
        self.bytes = out
        self.windows1252Lines = windows1252Lines
        self.utf8Lines = utf8Lines
    }

    public init?(_ bytes: Span<UInt8>) {
        guard let text = bytes.withUnsafeBytes({ Self($0) }) else { return nil }
        self = text
    }
}
