import TxFeedModel

/// Appends the wire's primitives to a byte buffer: little-endian integers, strings as a length
/// and their bytes, and optional strings with a length of all ones for nil.
///
/// Host and child are the same executable, so records are plain memory; the encoding only has
/// to be exact, not portable.
struct WireEncoder {
    var bytes: [UInt8] = []

    static let none = UInt32.max

    mutating func integer<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func bool(_ value: Bool) { integer(UInt8(value ? 1 : 0)) }

    mutating func bytes<C: Collection>(_ value: C) where C.Element == UInt8 {
        integer(UInt32(value.count))
        bytes.append(contentsOf: value)
    }

    /// A string's bytes in one copy, read where they lie: a million accounts' names went byte
    /// by byte through the generic append, and a copy of each to call `withUTF8` retained it.
    mutating func string(_ value: String) {
        value.withUTF8Bytes { utf8 in
            integer(UInt32(utf8.count))
            bytes.append(contentsOf: UnsafeRawBufferPointer(utf8))
        }
    }

    mutating func string(_ value: String?) {
        if let value { string(value) } else { integer(Self.none) }
    }

    /// `count` bytes that `write` lays out where they go, every one of them: no buffer of their
    /// own to fill and copy (a million accounts are some 200 MB). The formatters' write into
    /// spare capacity (``Swift/Array/appendASCII(maximumCount:_:)``), whose bytes need not be text.
    mutating func raw(count: Int, _ write: (UnsafeMutableRawBufferPointer) -> Void) {
        guard count > 0 else { return }
        bytes.appendASCII(maximumCount: count) { start in
            write(UnsafeMutableRawBufferPointer(start: start, count: count))
            return count
        }
    }

    /// A plain value's memory, in one copy.
    mutating func plain<T: BitwiseCopyable>(_ value: T) {
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
    }

    /// Plain records (`Transaction`): their memory, in one copy.
    mutating func records<T: BitwiseCopyable>(_ values: [T]) {
        records(values[...])
    }

    mutating func records<T: BitwiseCopyable>(_ values: ArraySlice<T>) {
        integer(UInt64(values.count))
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }
}

/// Reads what ``WireEncoder`` wrote, never past the end: a short or garbled message is an
/// error, never a crash.
struct WireDecoder {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    struct Malformed: Error {}

    /// Reads a whole message with `body` where it lies: nil when it is short or garbled. The
    /// one way a payload is read, so that no caller handles its memory.
    static func read<T>(_ payload: [UInt8], _ body: (inout WireDecoder) throws(Malformed) -> T) -> T? {
        read(payload[...], body)
    }

    static func read<T>(_ payload: ArraySlice<UInt8>, _ body: (inout WireDecoder) throws(Malformed) -> T) -> T? {
        payload.withUnsafeBytes { raw in
            var r = WireDecoder(raw)
            do { return try body(&r) } catch { return nil }
        }
    }

    var isAtEnd: Bool { offset == bytes.count }

    /// Bytes not read yet: what bounds a count before anything is reserved for it.
    var remaining: Int { bytes.count - offset }

    private mutating func take(_ count: Int) throws(Malformed) -> UnsafeRawBufferPointer {
        guard count >= 0, bytes.count - offset >= count else { throw Malformed() }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
    }

    mutating func integer<T: FixedWidthInteger>(_: T.Type = T.self) throws(Malformed) -> T {
        let raw = try take(MemoryLayout<T>.size)
        return T(littleEndian: raw.loadUnaligned(as: T.self))
    }

    /// A value ``WireEncoder/plain(_:)`` wrote; the caller checks its fields.
    mutating func plain<T: BitwiseCopyable>(_: T.Type) throws(Malformed) -> T {
        try take(MemoryLayout<T>.size).loadUnaligned(as: T.self)
    }

    mutating func count(limit: Int = Int(Int32.max)) throws(Malformed) -> Int {
        let n = Int(try integer(UInt32.self))
        guard n <= limit else { throw Malformed() }
        return n
    }

    mutating func bool() throws(Malformed) -> Bool {
        switch try integer(UInt8.self) {
        case 0: return false
        case 1: return true
        default: throw Malformed()
        }
    }

    mutating func byteArray() throws(Malformed) -> [UInt8] {
        Array(try take(try count()))
    }

    /// The next length-prefixed bytes where they lie in the message, valid while it is.
    mutating func bytesInPlace() throws(Malformed) -> UnsafeBufferPointer<UInt8> {
        let raw = try take(try count())
        return UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: raw.count)
    }

    mutating func string() throws(Malformed) -> String {
        String(decoding: try take(try count()), as: UTF8.self)
    }

    /// A count, then that many elements, each read by `element`.
    mutating func list<T>(_ element: (inout WireDecoder) throws(Malformed) -> T) throws(Malformed) -> [T] {
        let count = try count()
        var elements: [T] = []
        elements.reserveCapacity(min(count, 1 << 16))
        for _ in 0..<count { elements.append(try element(&self)) }
        return elements
    }

    /// ``optionalString()``'s bytes where they lie, valid while the payload is.
    mutating func optionalBytesInPlace() throws(Malformed) -> UnsafeBufferPointer<UInt8>? {
        let n = try integer(UInt32.self)
        if n == WireEncoder.none { return nil }
        let raw = try take(Int(n))
        return UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: raw.count)
    }

    mutating func optionalString() throws(Malformed) -> String? {
        try optionalBytesInPlace().map { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the records straight to `array`; returns how many.
    mutating func appendRecords<T: BitwiseCopyable>(to array: inout [T]) throws(Malformed) -> Int {
        let n = try integer(UInt64.self)
        guard n <= UInt64(Int32.max) else { throw Malformed() }
        let raw = try take(Int(n) * MemoryLayout<T>.stride)
        if array.capacity < array.count + Int(n) {
            array.reserveCapacity(max(array.count + Int(n), array.capacity * 2))
        }
        for i in 0..<Int(n) {
            array.append(raw.loadUnaligned(fromByteOffset: i * MemoryLayout<T>.stride, as: T.self))
        }
        return Int(n)
    }

    mutating func records<T: BitwiseCopyable>(_: T.Type) throws(Malformed) -> [T] {
        let n = try integer(UInt64.self)
        guard n <= UInt64(Int32.max) else { throw Malformed() }
        let raw = try take(Int(n) * MemoryLayout<T>.stride)
        return [T](unsafeUninitializedCapacity: Int(n)) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: raw)
            initialized = Int(n)
        }
    }
}
