// Hot-path helpers for formatting into byte buffers: one capacity check and one copy per
// field, no String per row. Shared by money here and every formatter of the output stage.

extension Array where Element == UInt8 {
    /// Appends up to `maximumCount` bytes that `write` puts straight into the array's spare
    /// capacity, returning how many it wrote: one capacity check per field, not one per byte.
    @inline(__always)
    package mutating func appendASCII(maximumCount: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        append(addingCapacity: maximumCount) { out in
            out.withUnsafeMutableBufferPointer { free, written in written = write(free.baseAddress!) }
        }
    }

    /// Appends a span's bytes: one capacity check and one copy, as an array's append of an array.
    @inlinable @inline(__always)
    package mutating func append(_ bytes: Span<UInt8>) {
        guard !bytes.isEmpty else { return }
        append(addingCapacity: bytes.count) { out in
            out.withUnsafeMutableBufferPointer { free, written in
                bytes.withUnsafeBufferPointer { free.baseAddress!.initialize(from: $0.baseAddress!, count: $0.count) }
                written = bytes.count
            }
        }
    }

    /// Appends a literal's bytes (a JSON key, a fixed cell) in one copy: a `String`'s UTF-8 view
    /// goes through the generic sequence append, several times the cost.
    @inlinable @inline(__always)
    package mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount).span)
    }

    /// Appends `value` in decimal ASCII, left-padded with zeros to `minimumDigits` (at most 20).
    package mutating func appendASCIIDecimal(_ value: UInt64, minimumDigits: Int) {
        appendASCII(maximumCount: 20) { $0.writeASCIIDecimal(value, minimumDigits: minimumDigits) }
    }
}

extension UnsafeMutablePointer where Pointee == UInt8 {
    /// Writes `value` in decimal, left-padded with zeros to `minimumDigits`; returns the bytes written
    /// (at most 20, or `minimumDigits`).
    @inline(__always)
    package func writeASCIIDecimal(_ value: UInt64, minimumDigits: Int) -> Int {
        var digits = 1
        var rest = value
        while rest >= 10 {
            digits += 1
            rest /= 10
        }
        let width = Swift.max(digits, minimumDigits)
        var remaining = value
        var index = width
        while index > 0 {
            index -= 1
            self[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
        }
        return width
    }

    /// Writes `value` (0...99) as two digits.
    @inline(__always)
    package func writeASCIITwoDigits(_ value: Int) {
        self[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10)
        self[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
    }
}
