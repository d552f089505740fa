/// The bytes libxml2 pulls through its read callback: the file as it is (OFX 2.x XML), or
/// through the ``SGMLNormalizer`` a chunk at a time (OFX 1.x), so no copy of the file is made.
final class OFXInput {
    /// How much of the file is normalised at once: the only buffer that grows with reading.
    private static let chunk = 64 * 1024

    private let bytes: UnsafeRawBufferPointer
    private var position = 0
    private var normalizer: SGMLNormalizer?
    private var normalized: [UInt8] = []
    private var taken = 0
    private var finished = false

    init(bytes: UnsafeRawBufferPointer, header: OFXHeader) {
        self.bytes = bytes
        if header.isReadAsSGML { normalizer = SGMLNormalizer(transcodesWindows1252: header.isWindows1252) }
        normalized.reserveCapacity(Self.chunk * 2)
    }

    /// Whether libxml2 has been handed the whole file: an error then is often the file's end.
    var isExhausted: Bool { position == bytes.count && (normalizer == nil || finished) }

    /// Fills `buffer` with up to `capacity` bytes; 0 at the end.
    func read(into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int {
        guard normalizer != nil else {
            let count = min(capacity, bytes.count - position)
            if count > 0 { buffer.copyMemory(from: bytes.baseAddress! + position, byteCount: count) }
            position += count
            return count
        }
        while taken == normalized.count {
            guard refill() else { return 0 }
        }
        let count = min(capacity, normalized.count - taken)
        normalized.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + taken, byteCount: count) }
        taken += count
        return count
    }

    /// Normalises the next chunk; false once everything has been handed over.
    private func refill() -> Bool {
        normalized.removeAll(keepingCapacity: true)
        taken = 0
        if position < bytes.count {
            let end = min(position + Self.chunk, bytes.count)
            normalizer!.feed(
                UnsafeRawBufferPointer(rebasing: bytes[position..<end]).assumingMemoryBound(to: UInt8.self),
                into: &normalized)
            position = end
            return true
        }
        guard !finished else { return false }
        finished = true
        normalizer!.finish(into: &normalized)
        return true
    }
}
