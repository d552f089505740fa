/// A strict RFC 8259 check of one JSON text, building nothing: the grammar, UTF-8 inside strings,
/// no bytes after the value.
///
/// jansson answers for nearly every text, but it stops at the first value it cannot *hold* — a
/// number beyond 64 bits or a double, `\u0000`, a lone surrogate — and never sees the rest. Such
/// values are valid JSON, so the record holding one is rejected, not the document failed; but only
/// once this check has found no real syntax error after it (`{"amount":1e400,"date":x}` is not
/// JSON, and must fail as any other syntax error does). It runs only on those rare texts, never on
/// the hot path. Iterative, so deep nesting is an error and not a stack overflow.
struct JSONValidator {
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The first place where `bytes` is not one JSON value (any value, not only an object), or nil.
    func firstError() -> JSONSyntaxError? {
        do throws(JSONSyntaxError) {
            try validate()
            return nil
        } catch {
            return error
        }
    }

    private func validate() throws(JSONSyntaxError) {
        var containers: [Bool] = []  // true for an object, false for an array
        var i = skipWhitespace(from: 0)
        while true {
            // A value starts at `i`.
            guard i < bytes.count else { throw JSONSyntaxError(offset: i, reason: "unexpected end of input") }
            var closed = true
            switch bytes[i] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[i] == UInt8(ascii: "{")
                i = skipWhitespace(from: i + 1)
                if i < bytes.count && bytes[i] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    i += 1
                } else {
                    containers.append(isObject)
                    if containers.count > JSONScanner.maxDepth {
                        throw JSONSyntaxError(offset: i, reason: "nesting deeper than \(JSONScanner.maxDepth) levels")
                    }
                    if isObject { i = try member(at: i) }
                    closed = false
                }
            case UInt8(ascii: "\""): i = try endOfString(at: i)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): i = try endOfNumber(at: i)
            case UInt8(ascii: "t"): i = try endOfLiteral("true", at: i)
            case UInt8(ascii: "f"): i = try endOfLiteral("false", at: i)
            case UInt8(ascii: "n"): i = try endOfLiteral("null", at: i)
            default: throw JSONSyntaxError(offset: i, reason: "invalid token")
            }
            guard closed else { continue }
            // A value ended: close every container it completes, up to the next value.
            while true {
                i = skipWhitespace(from: i)
                guard let isObject = containers.last else {
                    if i < bytes.count { throw JSONSyntaxError.trailing(at: i, in: bytes, after: "the value") }
                    return
                }
                guard i < bytes.count else { throw JSONSyntaxError(offset: i, reason: "unexpected end of input") }
                if bytes[i] == UInt8(ascii: ",") {
                    i = skipWhitespace(from: i + 1)
                    if isObject { i = try member(at: i) }
                    break
                }
                guard bytes[i] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw JSONSyntaxError(
                        offset: i, reason: isObject ? "expected ',' or '}' in object" : "expected ',' or ']' in array")
                }
                containers.removeLast()
                i += 1
            }
        }
    }

    /// Checks a member's key and colon at `start`; returns where its value starts.
    private func member(at start: Int) throws(JSONSyntaxError) -> Int {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else {
            throw JSONSyntaxError(offset: start, reason: "expected a string key in object")
        }
        let i = skipWhitespace(from: try endOfString(at: start))
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
            throw JSONSyntaxError(offset: i, reason: "expected ':' after object key")
        }
        return skipWhitespace(from: i + 1)
    }

    private func skipWhitespace(from start: Int) -> Int {
        JSONScanner(bytes).skipWhitespace(from: start, to: bytes.count)
    }

    private func endOfLiteral(_ literal: StaticString, at start: Int) throws(JSONSyntaxError) -> Int {
        let count = literal.utf8CodeUnitCount
        guard start + count <= bytes.count,
            (0..<count).allSatisfy({ bytes[start + $0] == literal.utf8Start[$0] })
        else { throw JSONSyntaxError(offset: start, reason: "invalid token") }
        return start + count
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    private func endOfNumber(at start: Int) throws(JSONSyntaxError) -> Int {
        var i = start
        func digits() throws(JSONSyntaxError) {
            let first = i
            while i < bytes.count, bytes[i] &- UInt8(ascii: "0") < 10 { i += 1 }
            if i == first { throw JSONSyntaxError(offset: i, reason: "invalid number: a digit expected") }
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        if i < bytes.count && bytes[i] == UInt8(ascii: "0") { i += 1 } else { try digits() }
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
            i += 1
            try digits()
        }
        if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            i += 1
            if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            try digits()
        }
        return i
    }

    /// The end of the string at `start`: escapes well formed, no control character, UTF-8 valid.
    private func endOfString(at start: Int) throws(JSONSyntaxError) -> Int {
        var i = start + 1
        while i < bytes.count {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "\""):
                return i + 1
            case UInt8(ascii: "\\"):
                guard i + 1 < bytes.count else { throw JSONSyntaxError(offset: i, reason: "unterminated string") }
                switch bytes[i + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    i += 2
                case UInt8(ascii: "u"):
                    guard i + 6 <= bytes.count, (i + 2..<i + 6).allSatisfy({ Self.isHexDigit(bytes[$0]) }) else {
                        throw JSONSyntaxError(offset: i, reason: "invalid \\u escape")
                    }
                    i += 6
                default:
                    throw JSONSyntaxError(offset: i, reason: "invalid escape")
                }
            case 0..<0x20:
                throw JSONSyntaxError(offset: i, reason: "control character 0x\(Self.hex(c)) in a string")
            case 0x20..<0x80:
                i += 1
            default:
                i += try utf8SequenceLength(at: i)
            }
        }
        throw JSONSyntaxError(offset: bytes.count, reason: "unterminated string")
    }

    /// The length of the well-formed UTF-8 sequence at `start` (no overlong form, no surrogate,
    /// nothing above U+10FFFF), or an error naming its first byte.
    private func utf8SequenceLength(at start: Int) throws(JSONSyntaxError) -> Int {
        let first = bytes[start]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
        case 0xED: (length, secondRange) = (3, 0x80...0x9F)
        case 0xE1...0xEF: length = 3
        case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
        case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
        case 0xF1...0xF3: length = 4
        default: throw JSONSyntaxError(offset: start, reason: "invalid UTF-8 byte 0x\(Self.hex(first))")
        }
        for k in 1..<length {
            let range = k == 1 ? secondRange : 0x80...0xBF
            guard start + k < bytes.count, range.contains(bytes[start + k]) else {
                throw JSONSyntaxError(
                    offset: start, reason: "invalid UTF-8 sequence starting with 0x\(Self.hex(first))")
            }
        }
        return length
    }

    private static func isHexDigit(_ c: UInt8) -> Bool {
        c &- UInt8(ascii: "0") < 10 || (c | 0x20) &- UInt8(ascii: "a") < 6
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
    }
}
