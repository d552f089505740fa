/// An open-addressing map from a ``Fingerprint`` to a non-zero `UInt32`, for the million-row
/// merge: the keys are already good hashes, so a slot is picked from their bits and nothing is
/// hashed again, where Swift's `Dictionary` would hash every key anew.
///
/// A payload of 0 marks a free slot, so callers store counts (from 1) or index + 1.
struct FingerprintTable {
    /// A key and its payload side by side (16 bytes, the key's own padding holding the payload):
    /// a probe of a table of a million keys touches one cache line, where keys and payloads in
    /// two arrays missed twice.
    private struct Slot {
        var hash: UInt64 = 0
        var occurrence: UInt32 = 0
        var payload: UInt32 = 0

        @inline(__always)
        func holds(_ key: Fingerprint) -> Bool { hash == key.hash && occurrence == key.occurrence }
    }

    private var slots: [Slot]
    /// The slots ``increment(_:)`` filled, so ``removeAll()`` costs what was counted, not the
    /// table's size (``setIfAbsent(_:_:)``'s tables are used once and not tracked).
    private var used: [Int] = []
    private let mask: Int

    /// Room for `capacity` keys at most half full; it never grows.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: Slot(), count: size)
        mask = size - 1
    }

    /// The payload stored for `key`, or 0 when there is none.
    func payload(of key: Fingerprint) -> UInt32 {
        var slot = slot(of: key)
        while slots[slot].payload != 0 {
            if slots[slot].holds(key) { return slots[slot].payload }
            slot = (slot + 1) & mask
        }
        return 0
    }

    /// Asks the cache for the slot a later probe for `key` starts at.
    func prefetch(_ key: Fingerprint) {
        let slot = slot(of: key)
        slots.prefetch(at: slot)
    }

    /// Stores `payload` (not 0) for `key` unless the key has one already: the first one wins.
    mutating func setIfAbsent(_ key: Fingerprint, _ payload: UInt32) {
        _ = self.payload(of: key, storingIfAbsent: payload)
    }

    /// The payload stored for `key`; when there is none, stores `payload` (not 0) and returns 0:
    /// ``payload(of:)`` and ``setIfAbsent(_:_:)`` in one probe.
    mutating func payload(of key: Fingerprint, storingIfAbsent payload: UInt32) -> UInt32 {
        var slot = slot(of: key)
        while slots[slot].payload != 0 {
            if slots[slot].holds(key) { return slots[slot].payload }
            slot = (slot + 1) & mask
        }
        slots[slot] = Slot(hash: key.hash, occurrence: key.occurrence, payload: payload)
        return 0
    }

    /// Counts one more `key` and returns how many there are now (1 the first time).
    mutating func increment(_ key: Fingerprint) -> UInt32 {
        var slot = slot(of: key)
        while slots[slot].payload != 0 {
            if slots[slot].holds(key) {
                slots[slot].payload += 1
                return slots[slot].payload
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Slot(hash: key.hash, occurrence: key.occurrence, payload: 1)
        used.append(slot)
        return 1
    }

    /// Empties a counting table for its next use, touching only the slots it filled.
    mutating func removeAll() {
        for slot in used { slots[slot].payload = 0 }
        used.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    private func slot(of key: Fingerprint) -> Int {
        Int(truncatingIfNeeded: (key.hash ^ (UInt64(key.occurrence) &* 0x9e37_79b9_7f4a_7c15)) >> 7) & mask
    }
}
