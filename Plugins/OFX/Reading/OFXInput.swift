import Glibc

/// The bytes libxml2 pulls through its read callback: the file as it is (OFX 2.x XML), or
/// through the ``SGMLNormalizer`` a chunk at a time (OFX 1.x), so no copy of the file is made.
///
/// Only the root element is handed over, up to the first `</OFX>`: what follows it (a web page's
/// `</BODY></HTML>`, a second OFX file joined on) made libxml2 fail the whole file, statements
/// already read included. ``trailing`` says what it was.
final class OFXInput {
    /// How much of the file is normalised at once: the only buffer that grows with reading.
    private static let chunk = 64 * 1024

    private let bytes: UnsafeRawBufferPointer
    private var position = 0
    private var normalizer: SGMLNormalizer?
    private var normalized: [UInt8] = []
    private var taken = 0
    private var finished = false
    /// Where what is handed over ends: just past the root's end tag once it is found.
    private var limit: Int
    /// How far `</OFX>` has been looked for.
    private var searched = 0
    private static let rootEndTag = Array("</OFX>".utf8)

    /// The offset just past the first `</OFX>` in `window`. Found by its `X`, which OFX's tags and
    /// texts hold far more rarely than `<`, so the search costs little beside libxml2's.
    private static func rootEnd(in window: UnsafeRawBufferPointer) -> Int? {
        guard let base = window.baseAddress else { return nil }
        let x = 4  // where `X` is in `</OFX>`
        var offset = x
        while offset < window.count - 1 {
            guard let found = memchr(base + offset, Int32(UInt8(ascii: "X")), window.count - 1 - offset) else {
                return nil
            }
            offset = base.distance(to: UnsafeRawPointer(found))
            if rootEndTag.withUnsafeBytes({ memcmp(base + offset - x, $0.baseAddress!, $0.count) }) == 0 {
                return offset - x + rootEndTag.count
            }
            offset += 1
        }
        return nil
    }

    /// - Parameter windows1252: bytes ≥ 0x80 of an SGML body are windows-1252 (declared, or
    ///   guessed by the document), transcoded to UTF-8 by the normaliser.
    init(bytes: UnsafeRawBufferPointer, header: OFXHeader, windows1252: Bool) {
        self.bytes = bytes
        limit = bytes.count
        if header.isReadAsSGML { normalizer = SGMLNormalizer(transcodesWindows1252: windows1252) }
        normalized.reserveCapacity(Self.chunk * 2)
    }

    /// The lists of transactions the normaliser closed, in the file's order (none for XML).
    var closedLists: [SGMLNormalizer.ClosedList] { normalizer?.closedLists ?? [] }

    /// Where ``line(at:)`` last counted to, and that offset's line.
    private var counted = (offset: 0, line: 1)

    /// The line of the byte at `offset` in the file. Asked in the file's order (as repairs
    /// are), each byte is counted once.
    func line(at offset: Int) -> Int {
        let offset = min(offset, bytes.count)
        if offset < counted.offset { counted = (0, 1) }
        var line = counted.line
        for byte in bytes[counted.offset..<offset] where byte == 0x0A { line += 1 }
        counted = (offset, line)
        return line
    }

    /// Whether libxml2 has been handed the whole file: an error then is often the file's end.
    var isExhausted: Bool { position == limit && (normalizer == nil || finished) }

    /// What follows the root's end tag in the file.
    enum Trailing: Equatable {
        /// Nothing but blanks, or the root has not ended.
        case none
        /// Another OFX file (its header or `<OFX>`) starting at this line.
        case document(line: Int)
        /// Something else starting at this line.
        case text(line: Int)
    }

    var trailing: Trailing {
        guard limit < bytes.count,
            let start = bytes[limit...].firstIndex(where: { !Self.isBlank($0) })
        else { return .none }
        let line = 1 + bytes[..<start].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        let rest = UnsafeRawBufferPointer(rebasing: bytes[start...])
        return OFXHeader.read(rest) != nil ? .document(line: line) : .text(line: line)
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0
    }

    /// `end`, or less when the root's end tag comes before it: the end of what to hand over next.
    private func limited(_ end: Int) -> Int {
        if limit == bytes.count, end > searched, let base = bytes.baseAddress {
            // From a little before what was searched, for a tag cut between two chunks.
            let from = max(searched - (Self.rootEndTag.count - 1), 0)
            if let found = Self.rootEnd(in: UnsafeRawBufferPointer(start: base + from, count: end - from)) {
                limit = from + found
            }
            searched = end
        }
        return min(end, limit)
    }

    /// Fills `buffer` with up to `capacity` bytes; 0 at the end.
    func read(into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int {
        guard normalizer != nil else {
            let count = limited(position + min(capacity, bytes.count - position)) - position
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
        if position < limit {
            let end = limited(min(position + Self.chunk, bytes.count))
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
