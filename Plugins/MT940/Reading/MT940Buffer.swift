/// A field's bytes, emptied and filled again for every field: an append is a capacity check and
/// a copy, where an array's also checks that it is not shared and goes through its generic
/// path (two fields and a dozen pieces an entry). Not copyable: one owner frees it.
///
/// One of the few places where the reader touches pointers (with ``MT940LineReader``,
/// ``MT940TextScan`` and the byte sources): the bytes are lent out as a `Span`, which cannot
/// outlive the call, and every write stays below `capacity`.
struct MT940Buffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 512) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    var isEmpty: Bool { count == 0 }

    /// The bytes, lent to `body`: valid while it runs (the buffer cannot change meanwhile).
    @inline(__always)
    func withBytes<Result>(_ body: (Span<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: base, count: count).span)
    }

    /// A copy, for what is read once a statement or on a rare path.
    var copy: ArraySlice<UInt8> { Array(UnsafeBufferPointer(start: base, count: count))[...] }

    mutating func removeAll() { count = 0 }

    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(contentsOf bytes: Span<UInt8>) {
        bytes.withUnsafeBufferPointer { bytes in
            guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
            if count + bytes.count > capacity { grow(to: count + bytes.count) }
            (base + count).update(from: source, count: bytes.count)
            count += bytes.count
        }
    }

    mutating func append(contentsOf bytes: ArraySlice<UInt8>) {
        append(contentsOf: bytes.span)
    }

    private mutating func grow(to needed: Int) {
        let larger = max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }
}
