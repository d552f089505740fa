/// Interns vendor names by their UTF-8 bytes.
///
/// Keyed by bytes, never by `String`: Swift's `==` treats "é" and "e\u{301}" as equal, but
/// their colours (sums of scalars) differ. Lookups hash the bytes in place, so the hot path
/// allocates only for a name it has not seen.
public struct VendorTable: Sendable {
    /// All names back to back; name `i` is `storage[offsets[i]..<offsets[i + 1]]`.
    public private(set) var storage: [UInt8] = []
    public private(set) var offsets: [Int] = [0]
    /// Empty until the first name: a table is made for every account and chunk decoded, and
    /// many hold one vendor or none.
    private var slots: [UInt32] = []
    private var hashes: [UInt64] = []

    public init() {}

    public var count: Int { offsets.count - 1 }

    public func bytes(of id: UInt32) -> ArraySlice<UInt8> {
        storage[offsets[Int(id)]..<offsets[Int(id) + 1]]
    }

    /// `body` on the bytes of name `id` where they lie: a row's name without the retain and
    /// release a slice of ``storage`` costs.
    @inlinable @inline(__always)
    public func withBytes<R>(of id: UInt32, _ body: (Span<UInt8>) -> R) -> R {
        body(storage.span.extracting(offsets[Int(id)]..<offsets[Int(id) + 1]))
    }

    public func name(of id: UInt32) -> String {
        String(decoding: bytes(of: id), as: UTF8.self)
    }

    /// The id of `name`, adding it when new.
    public mutating func intern(_ name: Span<UInt8>) -> UInt32 {
        if hashes.count < count { index() }
        if slots.isEmpty { slots = Array(repeating: .max, count: 16) }
        let hash = Self.hash(name)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let id = slots[slot]
            if id == .max { break }
            if hashes[Int(id)] == hash && equals(id, name) { return id }
            slot = (slot + 1) & mask
        }
        let id = UInt32(count)
        storage.append(name)
        offsets.append(storage.count)
        hashes.append(hash)
        slots[slot] = id
        if count * 2 > slots.count { grow() }
        return id
    }

    /// Interns every name of `other`; `result[id]` is the id here of `other`'s vendor `id`.
    /// Used wherever tables built apart (threads, documents, sources) are joined.
    public mutating func absorb(_ other: VendorTable) -> [UInt32] {
        if other.count == 0 { return [] }
        // Each name read where it lies in the other's storage: a slice of it per name cost a
        // retain, a release and bounds checks (a folder's merge absorbs every file's table).
        let names = other.storage.span, offsets = other.offsets.span
        var ids = [UInt32]()
        ids.reserveCapacity(other.count)
        for id in 0..<other.count { ids.append(intern(names.extracting(offsets[id]..<offsets[id + 1]))) }
        return ids
    }

    public mutating func intern(_ name: String) -> UInt32 {
        intern(name.utf8.span)
    }

    private func equals(_ id: UInt32, _ name: Span<UInt8>) -> Bool {
        let start = offsets[Int(id)], end = offsets[Int(id) + 1]
        return end - start == name.count && ByteWord.same(storage.span.extracting(start..<end), name)
    }

    /// Forgets every name from id `count` on, as if they had never been interned: a streamed
    /// account that fails leaves nothing behind in the data it was decoded into.
    public mutating func removeNames(from count: Int) {
        guard count < self.count else { return }
        if hashes.count < self.count { index() }
        storage.removeSubrange(offsets[count]...)
        offsets.removeSubrange((count + 1)...)
        hashes.removeSubrange(count...)
        // Open addressing cannot forget a key in place: the slots are laid out again.
        rebuildSlots(size: count == 0 ? 0 : slots.count)
    }

    /// Adds `name` as the next id without looking it up: for names known to be distinct (an
    /// open account's new names, sent in a part), most of which are only ever read, never searched.
    /// The table is indexed when a name is next interned.
    public mutating func appendDistinct(_ name: Span<UInt8>) {
        storage.append(name)
        offsets.append(storage.count)
    }

    /// The table ``storage`` and ``offsets`` hold, names distinct and not yet indexed (as
    /// ``appendDistinct(_:)`` leaves them): a table as the isolation wire carries it, in two
    /// copies, not two for each name. Nil unless the offsets start at 0 and step up to the end of
    /// `names`, so that no name reads outside them.
    public init?(names: Span<UInt8>, offsets: [Int]) {
        guard offsets.first == 0, offsets.last == names.count else { return nil }
        for i in offsets.indices.dropFirst() where offsets[i] < offsets[i - 1] { return nil }
        storage.append(names)
        self.offsets = offsets
    }

    /// Hashes the names appended unindexed and lays the slots out for them all.
    private mutating func index() {
        hashes.reserveCapacity(count)
        let storage = storage, offsets = offsets  // read while `hashes` grows
        let names = storage.span
        for id in hashes.count..<count { hashes.append(Self.hash(names.extracting(offsets[id]..<offsets[id + 1]))) }
        var size = max(16, slots.count)
        while size < 2 * count + 1 { size *= 2 }
        rebuildSlots(size: size)
    }

    private mutating func grow() {
        rebuildSlots(size: slots.count * 2)
    }

    private mutating func rebuildSlots(size: Int) {
        var bigger = [UInt32](repeating: .max, count: size)
        let mask = bigger.count - 1
        for id in 0..<count {
            var slot = Int(truncatingIfNeeded: hashes[id]) & mask
            while bigger[slot] != .max { slot = (slot + 1) & mask }
            bigger[slot] = UInt32(id)
        }
        slots = bigger
    }

    /// FNV-1a; vendor names are short.
    @inline(__always)
    static func hash(_ bytes: Span<UInt8>) -> UInt64 { FNV1a.hash(bytes) }
}
