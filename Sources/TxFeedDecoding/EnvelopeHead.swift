import Glibc
import TxFeedModel

/// A small envelope read without building a jansson DOM: a million streamed accounts each
/// parsed their envelope with jansson, and that was most of what decoding them cost.
///
/// It declines (nil) whatever jansson might read differently or refuse: an escape in a key,
/// `\u0000` or a lone surrogate, any other backslash than JSON's escapes, a control character
/// or invalid UTF-8 in a string, an integer of more than 18 digits, a real a double cannot
/// hold, more than ``maxDepth`` levels, and every syntax error. jansson then reads the text as
/// before, so its messages and its rules stay the only ones. A key given twice yields its last
/// value, as in jansson. A string's escapes (`\"`, `\u00e9`) are decoded into ``decoded``:
/// JSON written with non-ASCII escaped (Python's default) went to jansson record by record.
struct EnvelopeHead {
    /// 32 bytes: a node array of an envelope's two dozen stays small enough for malloc's
    /// per-thread cache (with ranges of `Int` and a field per number, it went to the slow path).
    struct Node {
        var kind: EnvelopeValueKind
        /// Its key in its object (empty in an array).
        var keyStart: Int32 = 0
        var keyEnd: Int32 = 0
        /// A string's bytes, without quotes: in the text, or in ``EnvelopeHead/decoded`` when
        /// ``number`` is 1 (it had escapes).
        var textStart: Int32 = 0
        /// A string's end; for an object or array, the index of the first node after its
        /// members (so that a lookup steps over a member's own members).
        var textEnd: Int32 = 0
        /// An integer's value, or a real's bits.
        var number: UInt64 = 0

        var key: Range<Int> { Int(keyStart)..<Int(keyEnd) }
        var text: Range<Int> { Int(textStart)..<Int(textEnd) }
    }

    static let maxDepth = 16

    let bytes: UnsafeBufferPointer<UInt8>
    /// The values, each before its members or elements; they live in ``read(_:_:)``'s
    /// room, for its body only.
    let nodes: UnsafeBufferPointer<Node>
    /// The strings that had escapes, decoded; in ``read(_:_:)``'s room too.
    let decoded: UnsafeBufferPointer<UInt8>
    /// Where the value ends (before any whitespace after it).
    let end: Int

    /// `body` on the head of `bytes`, or on nil when it declines them. The nodes are on the
    /// stack for the call: kept in an array of their own, they were an allocation and a free
    /// for each of a million envelopes.
    /// - Parameters:
    ///   - bytes: exactly one JSON value, with whitespace around it at most.
    static func read<R>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (EnvelopeHead?) throws -> R) rethrows -> R {
        // Offsets are kept in 32 bits.
        guard bytes.count < Int32.max else { return try body(nil) }
        // Room for a usual envelope's values and no escapes; one with more values or an
        // escape is parsed again with room for all (a value and the comma or colon after it
        // take two bytes at least; a decoded string is never longer than its text), on the heap
        // when that is large. Closures, not a local function: one passed as a closure
        // allocated its context for every envelope.
        let usual = try withUnsafeTemporaryAllocation(of: Node.self, capacity: usualNodes) { room -> R? in
            switch parse(bytes, into: room, decoding: nil) {
            case .read(let head): return try body(head)
            case .declined: return try body(nil)
            case .needsRoom: return nil
            }
        }
        if let usual { return usual }
        return try withUnsafeTemporaryAllocation(of: Node.self, capacity: (bytes.count + 1) / 2 + 1) { room in
            try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { decoded in
                guard case .read(let head) = parse(bytes, into: room, decoding: decoded) else {
                    return try body(nil)
                }
                return try body(head)
            }
        }
    }

    private enum Parsed {
        case read(EnvelopeHead)
        case declined
        /// The values need more nodes than the room holds, or a string has an escape and there
        /// is no room to decode it: the parse stopped there.
        case needsRoom
    }

    private static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, into room: UnsafeMutableBufferPointer<Node>,
        decoding decoded: UnsafeMutableBufferPointer<UInt8>?
    ) -> Parsed {
        var parser = Parser(bytes: bytes, nodes: room, decoded: decoded)
        var i = parser.skipWhitespace(0)
        guard parser.value(at: &i, keyStart: 0, keyEnd: 0, depth: 0), parser.skipWhitespace(i) == bytes.count else {
            return parser.needsRoom ? .needsRoom : .declined
        }
        return .read(
            EnvelopeHead(
                bytes: bytes, nodes: UnsafeBufferPointer(rebasing: room[..<parser.count]),
                decoded: decoded.map { UnsafeBufferPointer(rebasing: $0[..<parser.decodedCount]) }
                    ?? UnsafeBufferPointer(start: nil, count: 0), end: i))
    }

    /// An envelope's head (its records cut out) has a dozen values.
    static let usualNodes = 32

    /// `body` on the root value.
    func withRoot<R>(_ body: (Value) -> R) -> R {
        body(Value(nodes: nodes, bytes: bytes, decoded: decoded, index: 0))
    }

    /// A node, as ``EnvelopeReader`` reads it.
    struct Value: EnvelopeValue {
        let nodes: UnsafeBufferPointer<Node>
        let bytes: UnsafeBufferPointer<UInt8>
        let decoded: UnsafeBufferPointer<UInt8>
        let index: Int

        var kind: EnvelopeValueKind { nodes[index].kind }

        func member(_ key: StaticString) -> Value? {
            var found: Int?
            // The last with the key wins.
            forEachChild(of: .object) { n in if equals(nodes[n].key, key) { found = n } }
            return found.map { Value(nodes: nodes, bytes: bytes, decoded: decoded, index: $0) }
        }

        func forEachMember(_ body: (UnsafeBufferPointer<UInt8>, Value) -> Void) {
            forEachChild(of: .object) { n in
                body(
                    UnsafeBufferPointer(rebasing: bytes[nodes[n].key]),
                    Value(nodes: nodes, bytes: bytes, decoded: decoded, index: n))
            }
        }

        /// Each element of an array, in order; nothing for anything else.
        func forEachElement(_ body: (Value) -> Void) {
            forEachChild(of: .array) { n in body(Value(nodes: nodes, bytes: bytes, decoded: decoded, index: n)) }
        }

        /// The node of each member or element, in order, when this is a `container`; nothing
        /// else. A child follows its container, before its own children, which are stepped over.
        @inline(__always)
        private func forEachChild(of container: EnvelopeValueKind, _ body: (Int) -> Void) {
            guard kind == container else { return }
            var n = index + 1
            let end = Int(nodes[index].textEnd)
            while n < end {
                body(n)
                n = nodes[n].kind == .object || nodes[n].kind == .array ? Int(nodes[n].textEnd) : n + 1
            }
        }

        /// The bytes as they lie, or decoded when the string had escapes.
        var stringBytes: UnsafeBufferPointer<UInt8>? {
            guard kind == .string else { return nil }
            let node = nodes[index]
            return UnsafeBufferPointer(rebasing: node.number == 1 ? decoded[node.text] : bytes[node.text])
        }

        var integer: Int64 { Int64(bitPattern: nodes[index].number) }
        var real: Double { Double(bitPattern: nodes[index].number) }

        private func equals(_ range: Range<Int>, _ key: StaticString) -> Bool {
            guard range.count == key.utf8CodeUnitCount else { return false }
            // The first byte first: most keys of the same length differ there, without a call.
            return range.count == 0
                || (bytes[range.lowerBound] == key.utf8Start.pointee
                    && memcmp(bytes.baseAddress! + range.lowerBound, key.utf8Start, range.count) == 0)
        }
    }

    // MARK: Parsing

    /// Parses into a node buffer of fixed room, appending each node where it belongs: no
    /// array's growth or uniqueness checks, no closure for each member.
    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        let nodes: UnsafeMutableBufferPointer<Node>
        /// Room for decoded strings; nil for none.
        let decoded: UnsafeMutableBufferPointer<UInt8>?
        private(set) var count = 0
        private(set) var decodedCount = 0
        /// The nodes needed more room than given, or a string room to decode: the parse
        /// stopped there, and says nothing of the text.
        private(set) var needsRoom = false

        init(
            bytes: UnsafeBufferPointer<UInt8>, nodes: UnsafeMutableBufferPointer<Node>,
            decoded: UnsafeMutableBufferPointer<UInt8>?
        ) {
            self.bytes = bytes
            self.nodes = nodes
            self.decoded = decoded
        }

        @inline(__always)
        func skipWhitespace(_ start: Int) -> Int {
            JSONScanner(bytes).skipWhitespace(from: start, to: bytes.count)
        }

        /// Appends `node`; nil when there is no room.
        @inline(__always)
        private mutating func append(_ node: Node) -> Int? {
            guard count < nodes.count else {
                needsRoom = true
                return nil
            }
            (nodes.baseAddress! + count).initialize(to: node)
            count += 1
            return count - 1
        }

        mutating func value(at i: inout Int, keyStart: Int32, keyEnd: Int32, depth: Int) -> Bool {
            guard i < bytes.count, depth < EnvelopeHead.maxDepth else { return false }
            var node = Node(kind: .null, keyStart: keyStart, keyEnd: keyEnd)
            switch bytes[i] {
            case UInt8(ascii: "{"):
                node.kind = .object
                guard let index = append(node), members(at: &i, depth: depth) else { return false }
                nodes[index].textEnd = Int32(count)
                return true
            case UInt8(ascii: "["):
                node.kind = .array
                guard let index = append(node), elements(at: &i, depth: depth) else { return false }
                nodes[index].textEnd = Int32(count)
                return true
            case UInt8(ascii: "\""):
                guard let (text, escaped) = string(at: &i) else { return false }
                node.kind = .string
                node.textStart = Int32(truncatingIfNeeded: text.lowerBound)
                node.textEnd = Int32(truncatingIfNeeded: text.upperBound)
                node.number = escaped ? 1 : 0
            case UInt8(ascii: "t"):
                guard literal("true", at: &i) else { return false }
                node.kind = .true
            case UInt8(ascii: "f"):
                guard literal("false", at: &i) else { return false }
                node.kind = .false
            case UInt8(ascii: "n"):
                guard literal("null", at: &i) else { return false }
            default:
                guard number(at: &i, into: &node) else { return false }
            }
            return append(node) != nil
        }

        /// An object's members, from its `{` at `i` past its `}`.
        private mutating func members(at i: inout Int, depth: Int) -> Bool {
            i = skipWhitespace(i + 1)
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
                i += 1
                return true
            }
            while true {
                // A key is compared as it lies: one with an escape is jansson's to read.
                guard let (key, escaped) = string(at: &i), !escaped else { return false }
                i = skipWhitespace(i)
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return false }
                i = skipWhitespace(i + 1)
                guard
                    value(
                        at: &i, keyStart: Int32(truncatingIfNeeded: key.lowerBound),
                        keyEnd: Int32(truncatingIfNeeded: key.upperBound), depth: depth + 1)
                else { return false }
                guard let closed = next(closedBy: UInt8(ascii: "}"), at: &i) else { return false }
                if closed { return true }
            }
        }

        /// An array's elements, from its `[` at `i` past its `]`.
        private mutating func elements(at i: inout Int, depth: Int) -> Bool {
            i = skipWhitespace(i + 1)
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                i += 1
                return true
            }
            while true {
                guard value(at: &i, keyStart: 0, keyEnd: 0, depth: depth + 1) else { return false }
                guard let closed = next(closedBy: UInt8(ascii: "]"), at: &i) else { return false }
                if closed { return true }
            }
        }

        /// After a member or element: true past the closing byte, false past a comma to the
        /// next; nil for anything else.
        @inline(__always)
        private func next(closedBy closing: UInt8, at i: inout Int) -> Bool? {
            i = skipWhitespace(i)
            guard i < bytes.count else { return nil }
            if bytes[i] == closing {
                i += 1
                return true
            }
            guard bytes[i] == UInt8(ascii: ",") else { return nil }
            i = skipWhitespace(i + 1)
            return false
        }

        /// The bytes of the string whose quote is at `i`, when it has no control character and
        /// is valid UTF-8: in the text, or (`escaped`) in ``decoded``, its escapes decoded; `i`
        /// moves past its closing quote.
        mutating func string(at i: inout Int) -> (range: Range<Int>, escaped: Bool)? {
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
            let start = i + 1
            var j = start
            var ascii = true
            let raw = UnsafeRawPointer(bytes.baseAddress!)
            while true {
                // Eight bytes at a time up to the first that is not plain ASCII text: a byte at a
                // time cost 13 instructions, a third of reading an envelope.
                if bytes.count - j >= 8 {
                    let special = EnvelopeHead.notPlain(ByteWord.load(raw, at: j))
                    if special == 0 {
                        j += 8
                        continue
                    }
                    j += special.trailingZeroBitCount >> 3
                } else {
                    while j < bytes.count, bytes[j] &- 0x20 < 0x60, bytes[j] != UInt8(ascii: "\""),
                        bytes[j] != UInt8(ascii: "\\")
                    {
                        j += 1
                    }
                    guard j < bytes.count else { return nil }
                }
                let b = bytes[j]
                if b == UInt8(ascii: "\"") { break }
                if b == UInt8(ascii: "\\") { return escapedString(from: start, at: &i) }
                if b < 0x80 { return nil }  // a control character
                ascii = false
                j += 1
            }
            guard ascii || JSONString.isValidUTF8(UnsafeBufferPointer(rebasing: bytes[start..<j])) else { return nil }
            i = j + 1
            return (start..<j, false)
        }

        /// The string from `start` (after its quote), which has an escape, decoded into
        /// ``decoded``; nil (and ``needsRoom``) without that room. `\u0000` and a lone
        /// surrogate, which jansson refuses, and an escape JSON does not have are declined.
        private mutating func escapedString(from start: Int, at i: inout Int) -> (range: Range<Int>, escaped: Bool)? {
            guard let decoded else {
                needsRoom = true
                return nil
            }
            // The closing quote: the first not escaped.
            var j = start
            while j < bytes.count, bytes[j] != UInt8(ascii: "\"") {
                guard bytes[j] >= 0x20 else { return nil }
                j += bytes[j] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard j < bytes.count,
                let count = JSONStringEscapes.decode(
                    UnsafeBufferPointer(rebasing: bytes[start..<j]),
                    into: UnsafeMutableBufferPointer(rebasing: decoded[decodedCount...]))
            else { return nil }
            let text = decodedCount..<(decodedCount + count)
            let string = UnsafeBufferPointer(rebasing: decoded[text])
            guard !string.contains(0), JSONString.isValidUTF8(string) else { return nil }
            decodedCount = text.upperBound
            i = j + 1
            return (text, true)
        }

        private func literal(_ word: StaticString, at i: inout Int) -> Bool {
            let count = word.utf8CodeUnitCount
            guard bytes.count - i >= count, memcmp(bytes.baseAddress! + i, word.utf8Start, count) == 0 else {
                return false
            }
            i += count
            return true
        }

        /// A number by JSON's grammar (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`): an integer
        /// when it has neither fraction nor exponent, as jansson says.
        private func number(at i: inout Int, into node: inout Node) -> Bool {
            let start = i
            var j = i
            func digits() -> Int {
                let from = j
                while j < bytes.count, bytes[j] >= UInt8(ascii: "0"), bytes[j] <= UInt8(ascii: "9") { j += 1 }
                return j - from
            }
            if j < bytes.count, bytes[j] == UInt8(ascii: "-") { j += 1 }
            let integerStart = j
            let integerDigits = digits()
            guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
                return false
            }
            var isReal = false
            if j < bytes.count, bytes[j] == UInt8(ascii: ".") {
                j += 1
                guard digits() > 0 else { return false }
                isReal = true
            }
            if j < bytes.count, bytes[j] == UInt8(ascii: "e") || bytes[j] == UInt8(ascii: "E") {
                j += 1
                if j < bytes.count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") { j += 1 }
                guard digits() > 0 else { return false }
                isReal = true
            }
            if isReal {
                if let value = EnvelopeHead.exactReal(UnsafeBufferPointer(rebasing: bytes[start..<j])) {
                    node.kind = .real
                    node.number = value.bitPattern
                    i = j
                    return true
                }
                // strtod, as jansson reads a real; one it cannot hold is jansson's to refuse.
                guard j - start < 64 else { return false }
                var buffer = (
                    UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0)
                )
                let value = withUnsafeMutableBytes(of: &buffer) { raw -> Double in
                    raw.copyMemory(from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start..<j]))
                    return strtod(raw.baseAddress!.assumingMemoryBound(to: CChar.self), nil)
                }
                guard value.isFinite else { return false }
                node.kind = .real
                node.number = value.bitPattern
            } else {
                guard integerDigits <= 18 else { return false }
                var value: Int64 = 0
                for k in integerStart..<j { value = value * 10 + Int64(bytes[k] - UInt8(ascii: "0")) }
                node.kind = .integer
                node.number = UInt64(bitPattern: bytes[start] == UInt8(ascii: "-") ? -value : value)
            }
            i = j
            return true
        }
    }

    /// The high bit of each byte of `word` (eight bytes, the first lowest) that is not plain
    /// ASCII text in a string: a quote, a backslash, a control character or a byte of UTF-8.
    /// The lowest bit set is exact (``ByteWord``).
    @inline(__always)
    static func notPlain(_ word: UInt64) -> UInt64 {
        ByteWord.equal(word, UInt8(ascii: "\"")) | ByteWord.equal(word, UInt8(ascii: "\\"))
            | ByteWord.below(word, 0x20) | ByteWord.nonASCII(word)
    }

    /// A real that is a whole number below 2^53 scaled by a power of ten up to 10^22 (`1710.24`,
    /// `-12.5e1`), as one multiplication or division of two exact doubles: rounded once, so
    /// exactly what strtod gives, without its cost. Nil for any other real (strtod reads it).
    /// - Parameters:
    ///   - text: a number by JSON's grammar, with a fraction or an exponent.
    static func exactReal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var k = 0
        let negative = text[0] == UInt8(ascii: "-")
        if negative { k = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        var inFraction = false
        while k < text.count {
            let b = text[k]
            if b == UInt8(ascii: ".") {
                inFraction = true
            } else if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
                digits += 1
                guard digits <= 19 else { return nil }
                mantissa = mantissa * 10 + UInt64(b - UInt8(ascii: "0"))
                if inFraction { exponent -= 1 }
            } else {
                break  // the exponent's `e`
            }
            k += 1
        }
        if k < text.count {
            k += 1
            var sign = 1
            if text[k] == UInt8(ascii: "+") || text[k] == UInt8(ascii: "-") {
                if text[k] == UInt8(ascii: "-") { sign = -1 }
                k += 1
            }
            guard text.count - k <= 4 else { return nil }
            var written = 0
            while k < text.count {
                written = written * 10 + Int(text[k] - UInt8(ascii: "0"))
                k += 1
            }
            exponent += sign * written
        }
        guard mantissa <= 1 << 53, (-22...22).contains(exponent) else { return nil }
        let whole = Double(mantissa)
        let value = exponent < 0 ? whole / exactPowersOfTen[-exponent] : whole * exactPowersOfTen[exponent]
        return negative ? -value : value
    }

    /// 10^0 … 10^22: every one a double exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { n in
        var p = 1.0
        for _ in 0..<n { p *= 10 }
        return p
    }
}
