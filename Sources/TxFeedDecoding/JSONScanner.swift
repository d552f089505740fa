import Glibc
import TxFeedModel

/// A syntax error at a byte offset of the text being decoded.
public struct JSONSyntaxError: Error, Sendable {
    public var offset: Int
    public var reason: String

    /// Something at `offset` after a complete `what`: a NUL byte said as such (binary data, or
    /// a file padded with zeros), since "unexpected data" shows nothing on a screen.
    static func trailing(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, after what: String) -> JSONSyntaxError {
        let nul = offset < bytes.count && bytes[offset] == 0
        return JSONSyntaxError(
            offset: offset,
            reason: nul
                ? "a NUL byte after \(what) (binary data, or zeros padding the file)" : "unexpected data after \(what)")
    }
}

/// Finds where JSON values begin and end without building them.
///
/// Large documents are decoded piece by piece: the scanner locates the envelope's
/// `transactions` elements so that each can be parsed on its own with jansson (which
/// validates it fully). The scanner is iterative, never recursive, so a 200,000-deep
/// `[[[[` is an error and not a stack overflow.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>

    /// jansson's own nesting limit; deeper input fails here, early and clearly.
    static let maxDepth = 2048

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    // MARK: Eight bytes at a time

    /// The first byte from `start` that `stops` may flag, stepping eight bytes at a time
    /// (``ByteWord``); from where fewer than eight are left, that byte whatever it is (the caller
    /// reads it).
    @inline(__always)
    private func nextStop(from start: Int, to end: Int, _ stops: (UInt64) -> UInt64) -> Int {
        let base = UnsafeRawPointer(bytes.baseAddress!)
        var i = start
        while end &- i >= 8 {
            let found = stops(ByteWord.load(base, at: i))
            if found != 0 { return i &+ (found.trailingZeroBitCount &>> 3) }
            i &+= 8
        }
        return i
    }

    /// Flags the bytes that may end a stretch of a string: a quote, a backslash, a NUL.
    @inline(__always)
    private static func stringStops(_ word: UInt64) -> UInt64 {
        ByteWord.equal(word, UInt8(ascii: "\"")) | ByteWord.equal(word, UInt8(ascii: "\\")) | ByteWord.equal(word, 0)
    }

    /// Flags the bytes that matter to a value's nesting: a quote, `{` `[` `}` `]` (a byte with
    /// 0x20 set is `{` or `}` exactly when it was one of the pair), a NUL.
    @inline(__always)
    private static func structureStops(_ word: UInt64) -> UInt64 {
        let folded = word | 0x2020_2020_2020_2020
        return ByteWord.equal(word, UInt8(ascii: "\"")) | ByteWord.equal(folded, UInt8(ascii: "{"))
            | ByteWord.equal(folded, UInt8(ascii: "}")) | ByteWord.equal(word, 0)
    }

    @inline(__always)
    func skipWhitespace(from start: Int, to end: Int) -> Int {
        var i = start
        while i < end {
            switch bytes[i] {
            case 0x20, 0x0A, 0x0D, 0x09: i += 1
            default: return i
            }
        }
        return i
    }

    /// The end (exclusive) of the string whose opening quote is at `start`.
    @inline(__always)
    func endOfString(at start: Int, limit end: Int) throws(JSONSyntaxError) -> Int {
        var i = start + 1
        while true {
            i = nextStop(from: i, to: end, Self.stringStops)
            guard i < end else { break }
            let c = bytes[i]
            if c == UInt8(ascii: "\"") { return i + 1 }
            if c == UInt8(ascii: "\\") {
                i += 2
            } else {
                if c == 0 { throw Self.rawNUL(at: i) }
                i += 1
            }
        }
        throw JSONSyntaxError(offset: end, reason: "unterminated string")
    }

    /// The end (exclusive) of the value starting at `start` (which is not whitespace).
    ///
    /// Only counts nesting: every byte ends up either in a piece jansson parses or in the
    /// punctuation checked below, so a mismatched bracket still fails — in jansson.
    func endOfValue(at start: Int, limit end: Int) throws(JSONSyntaxError) -> Int {
        guard start < end else { throw JSONSyntaxError(offset: start, reason: "unexpected end of input") }
        let first = bytes[start]
        if first == UInt8(ascii: "\"") { return try endOfString(at: start, limit: end) }
        if first != UInt8(ascii: "{") && first != UInt8(ascii: "[") {
            var i = start
            while i < end {
                switch bytes[i] {
                case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"),
                    0x20, 0x0A, 0x0D, 0x09:
                    return i
                case 0: throw Self.rawNUL(at: i)
                default: i += 1
                }
            }
            return i
        }
        var depth = 0
        var i = start
        while true {
            // This scan runs on one thread before the records are read on every core.
            i = nextStop(from: i, to: end, Self.structureStops)
            guard i < end else { break }
            switch bytes[i] {
            case UInt8(ascii: "\""):
                i = try endOfString(at: i, limit: end)
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth > Self.maxDepth {
                    throw JSONSyntaxError(offset: i, reason: "nesting deeper than \(Self.maxDepth) levels")
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return i + 1 }
            case 0:
                throw Self.rawNUL(at: i)
            default:
                break
            }
            i += 1
        }
        throw JSONSyntaxError(
            offset: end, reason: "unexpected end of input (unclosed '\(Character(UnicodeScalar(first)))')")
    }

    /// Walks the array whose `[` is at `start`. `body` gets each element's start and returns
    /// its end when it walked the element itself, or nil to have it skipped. Returns the
    /// end of the array.
    func forEachElement(
        ofArrayAt start: Int, limit end: Int, _ body: (Int) throws -> Int?
    ) throws -> Int {
        var i = skipWhitespace(from: start + 1, to: end)
        if i < end && bytes[i] == UInt8(ascii: "]") { return i + 1 }
        while true {
            guard i < end else { throw JSONSyntaxError(offset: end, reason: "unexpected end of input in array") }
            let valueEnd = try body(i) ?? endOfValue(at: i, limit: end)
            i = skipWhitespace(from: valueEnd, to: end)
            guard i < end else { throw JSONSyntaxError(offset: end, reason: "unexpected end of input in array") }
            switch bytes[i] {
            case UInt8(ascii: ","): i = skipWhitespace(from: i + 1, to: end)
            case UInt8(ascii: "]"): return i + 1
            default: throw JSONSyntaxError(offset: i, reason: "expected ',' or ']' in array")
            }
        }
    }

    /// The byte ranges of the elements of the array at `start`, and the array's end.
    func elementRanges(ofArrayAt start: Int, limit end: Int) throws -> (elements: [Range<Int>], end: Int) {
        var elements: [Range<Int>] = []
        let arrayEnd = try forEachElement(ofArrayAt: start, limit: end) { element in
            let elementEnd = try endOfValue(at: element, limit: end)
            elements.append(element..<elementEnd)
            return elementEnd
        }
        return (elements, arrayEnd)
    }

    /// Walks the object whose `{` is at `start`. `body` gets each member's raw key bytes
    /// (without quotes, escapes as they are) and its value's start, and returns the value's
    /// end when it walked the value itself, or nil to have it skipped. Returns the object's end.
    func forEachMember(
        ofObjectAt start: Int, limit end: Int, _ body: (Range<Int>, Int) throws -> Int?
    ) throws -> Int {
        var i = skipWhitespace(from: start + 1, to: end)
        if i < end && bytes[i] == UInt8(ascii: "}") { return i + 1 }
        while true {
            guard i < end else { throw JSONSyntaxError(offset: end, reason: "unexpected end of input in object") }
            guard bytes[i] == UInt8(ascii: "\"") else {
                throw JSONSyntaxError(offset: i, reason: "expected a string key in object")
            }
            let keyEnd = try endOfString(at: i, limit: end)
            let key = (i + 1)..<(keyEnd - 1)
            i = skipWhitespace(from: keyEnd, to: end)
            guard i < end, bytes[i] == UInt8(ascii: ":") else {
                throw JSONSyntaxError(offset: min(i, end), reason: "expected ':' after object key")
            }
            i = skipWhitespace(from: i + 1, to: end)
            guard i < end else { throw JSONSyntaxError(offset: end, reason: "unexpected end of input in object") }
            let valueEnd = try body(key, i) ?? endOfValue(at: i, limit: end)
            i = skipWhitespace(from: valueEnd, to: end)
            guard i < end else { throw JSONSyntaxError(offset: end, reason: "unexpected end of input in object") }
            switch bytes[i] {
            case UInt8(ascii: ","): i = skipWhitespace(from: i + 1, to: end)
            case UInt8(ascii: "}"): return i + 1
            default: throw JSONSyntaxError(offset: i, reason: "expected ',' or '}' in object")
            }
        }
    }

    /// Where the brackets opened at `start` close (exclusive), skipping strings, or nil when
    /// they do not close before `end`: whether an NDJSON text's first line is a whole object.
    /// Unlike ``endOfValue(at:limit:)`` it minds nothing but brackets and quotes, so a bad byte
    /// inside the line makes that line fail on its own, not the text read as one document.
    func endOfBrackets(at start: Int, limit end: Int) -> Int? {
        var depth = 0
        var i = start
        while true {
            i = nextStop(from: i, to: end, Self.structureStops)
            guard i < end else { break }
            switch bytes[i] {
            case UInt8(ascii: "\""):
                i += 1
                while i < end && bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return i + 1 }
            default:
                break
            }
            i += 1
        }
        return nil
    }

    /// A raw NUL byte is never JSON (inside a string it is an unescaped control character,
    /// outside one no token has it), but jansson takes one right after a number for the number's
    /// end and reads on. Every byte of an envelope passes through one of the scanner's loops, so
    /// they catch it there, at the cost of one more case in a switch they already make.
    static func rawNUL(at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset, reason: "a raw NUL byte (not allowed in JSON)")
    }

    func bytesEqual(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        guard range.count == literal.utf8CodeUnitCount else { return false }
        let p = literal.utf8Start
        for k in 0..<range.count where bytes[range.lowerBound + k] != p[k] { return false }
        return true
    }

    /// Whether the raw key bytes `range` (between the quotes) name `literal` once their escapes
    /// are decoded, as jansson and every JSON parser read them: `"bo\u0064y"` is `body`.
    ///
    /// Comparing raw bytes made such a key invisible to the scanner while jansson saw it, so the
    /// two read different members of the same envelope. A key without a backslash (nearly all)
    /// is compared in place; a malformed escape never matches (jansson fails the text for it).
    func keyEquals(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        guard memchr(bytes.baseAddress! + range.lowerBound, Int32(UInt8(ascii: "\\")), range.count) != nil else {
            return bytesEqual(range, literal)
        }
        guard let decoded = JSONStringEscapes.decode(UnsafeBufferPointer(rebasing: bytes[range])) else { return false }
        return decoded.elementsEqual(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}

/// Line and column (both from 1) of byte offsets in one text. Asked in increasing order, as
/// envelope after envelope is decoded, each byte is counted once: counting from the start of
/// the text every time made a text of many envelopes quadratic.
final class TextPositions {
    private let text: UnsafeBufferPointer<UInt8>
    /// Where the text starts in its file, when it is a piece of a larger one.
    private let part: TextPart
    private var counted = 0
    private var line = 1
    private var lineStart = 0

    init(_ text: UnsafeBufferPointer<UInt8>, part: TextPart = .whole) {
        self.text = text
        self.part = part
    }

    func of(_ offset: Int) -> (line: Int, column: Int) {
        let target = min(max(offset, 0), text.count)
        if target < counted {
            counted = 0
            line = 1
            lineStart = 0
        }
        guard let base = text.baseAddress else { return (1, 1) }
        while counted < target, let found = memchr(base + counted, 0x0A, target - counted) {
            let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            line += 1
            lineStart = newline + 1
            counted = newline + 1
        }
        counted = target
        return part.shifted(line: line, column: target - lineStart + 1)
    }
}
