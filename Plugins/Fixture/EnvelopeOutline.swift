/// The first pass over a large file that starts with `{`: where its first value ends, and, for
/// one envelope, where its `body.transactions` array lies, read as the host reads it (the last
/// `body`, its last `transactions`, keys compared once their escapes are decoded).
///
/// It only follows brackets, quotes and the keys of the envelope and its body; the text is
/// checked by the host as it decodes. Anything it cannot follow leaves ``transactions`` nil,
/// and the file is then read whole as before.
struct EnvelopeOutline {
    /// Offsets in the file.
    private(set) var start: Int?
    private(set) var end: Int?
    private(set) var transactions: Range<Int>?
    /// Whether a line break came between the value's start and its end.
    private(set) var spansLines = false
    /// A closer with nothing open: not a value the outline can follow.
    private(set) var broken = false

    private var depth = 0
    private var string = JSONStringState()
    /// Whether the object at depth 2 is the envelope's current `body`.
    private var inBody = false
    /// The next string at this depth is a key.
    private var expectKey = false
    /// The key being read (raw bytes, escapes as they are), when it is one that matters.
    private var key: [UInt8]?
    private var lastKey = Key.other
    private var awaiting: Key?
    private var arrayStart: Int?

    private enum Key { case body, transactions, other }

    var done: Bool { end != nil || broken }

    /// Scans `bytes[0..<count]`, the file's bytes from `offset`; stops at the value's end.
    mutating func scan(_ bytes: UnsafePointer<UInt8>, count: Int, offset: Int) {
        var i = 0
        while i < count && !done {
            let c = bytes[i]
            defer { i += 1 }
            // A line break inside a string (invalid JSON) spans lines too: the host ends an
            // NDJSON line at any line break, so such a value is no line of its own.
            if c == 0x0A, start != nil { spansLines = true }
            if string.inString {
                if string.closes(with: c) {
                    if let raw = key { lastKey = Self.key(raw) }
                    key = nil
                    continue
                }
                if key != nil {
                    if key!.count < 128 {
                        key!.append(c)
                    } else {
                        key = nil
                        lastKey = .other
                    }
                }
                continue
            }
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { continue }
            let atKeys = depth == 1 || (depth == 2 && inBody)
            if let value = awaiting {
                awaiting = nil
                take(value, startingWith: c, at: offset + i)
            }
            switch c {
            case UInt8(ascii: "\""):
                string.open()
                if atKeys && expectKey {
                    expectKey = false
                    key = []
                    lastKey = .other
                }
            case UInt8(ascii: ":"):
                if atKeys { awaiting = lastKey }
                lastKey = .other
            case UInt8(ascii: ","):
                if atKeys { expectKey = true }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 0 { start = offset + i }
                depth += 1
                expectKey = c == UInt8(ascii: "{") && (depth == 1 || (depth == 2 && inBody))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth < 0 {
                    broken = true
                } else if depth == 0 {
                    end = offset + i + 1
                } else if depth == 1 {
                    inBody = false
                } else if depth == 2, inBody, let from = arrayStart {
                    transactions = from..<(offset + i + 1)
                    arrayStart = nil
                }
            default:
                break
            }
        }
    }

    /// The value of a member that matters begins with `c`.
    private mutating func take(_ value: Key, startingWith c: UInt8, at position: Int) {
        switch value {
        case .body:
            // A later `body` replaces the earlier, records and all.
            transactions = nil
            inBody = c == UInt8(ascii: "{")
        case .transactions where depth == 2 && inBody:
            transactions = nil
            arrayStart = c == UInt8(ascii: "[") ? position : nil
        default:
            break
        }
    }

    /// A key's name once its escapes are decoded: only ASCII names matter here.
    private static func key(_ raw: [UInt8]) -> Key {
        var name: [UInt8] = []
        var i = 0
        while i < raw.count {
            guard raw[i] == UInt8(ascii: "\\") else {
                name.append(raw[i])
                i += 1
                continue
            }
            guard i + 1 < raw.count else { return .other }
            switch raw[i + 1] {
            case UInt8(ascii: "u"):
                guard i + 6 <= raw.count,
                    let code = UInt32(String(decoding: raw[(i + 2)..<(i + 6)], as: UTF8.self), radix: 16),
                    code < 0x80
                else { return .other }
                name.append(UInt8(code))
                i += 6
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                name.append(raw[i + 1])
                i += 2
            default:
                return .other
            }
        }
        if name.elementsEqual("body".utf8) { return .body }
        if name.elementsEqual("transactions".utf8) { return .transactions }
        return .other
    }
}
