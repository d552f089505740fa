extension OFXDocument {
    /// - Parameter bytes: the whole file; must outlive the document (a `FileBytes` does).
    public convenience init(bytes: UnsafeRawBufferPointer, origin: String) {
        self.init(file: .file(bytes), origin: origin)
    }
}

/// The file's bytes, lent as a `Span`: the caller's, which outlive the document, or the
/// document's copy with each line in UTF-8.
///
/// With ``OFXInput`` and the public `OFXDocument.init(bytes:origin:)` above, which wraps the
/// caller's pointer, the only code that holds the file by pointer; only the span is lent.
enum OFXBytes {
    case file(UnsafeRawBufferPointer)
    case copy([UInt8])

    var count: Int { withSpan { $0.count } }

    /// The bytes, lent to `body`: valid while it runs.
    func withSpan<Result>(_ body: (Span<UInt8>) -> Result) -> Result {
        switch self {
        case let .file(file): body(file.assumingMemoryBound(to: UInt8.self).span)
        case let .copy(copy): body(copy.span)
        }
    }
}

/// The bytes libxml2 pulls through its read callback: the file as it is (OFX 2.x XML), or
/// through the ``SGMLNormalizer`` a chunk at a time (OFX 1.x), so no copy of the file is made.
///
/// The edge where bytes are handed to libxml2: with ``OFXBytes``, ``OFXText``, ``OFXXMLReader``
/// and ``OFXNames``, one of the few types that touch pointers: it copies from the span it is lent
/// into libxml2's buffer, at most the `capacity` libxml2 gives.
///
/// Only the root element is handed over, up to the first `</OFX>`: what follows it (a web page's
/// `</BODY></HTML>`, a second OFX file joined on) made libxml2 fail the whole file, statements
/// already read included. ``trailing`` says what it was.
final class OFXInput {
    /// How much of the file is normalised at once: the only buffer that grows with reading.
    private static let chunk = 64 * 1024

    private let bytes: OFXBytes
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

    /// - Parameter windows1252: bytes ≥ 0x80 of an SGML body are windows-1252 (declared, or
    ///   guessed by the document), transcoded to UTF-8 by the normaliser.
    init(bytes: OFXBytes, header: OFXHeader, windows1252: Bool) {
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
        bytes.withSpan { bytes in
            for index in counted.offset..<offset where bytes[index] == 0x0A { line += 1 }
        }
        counted = (offset, line)
        return line
    }

    /// Whether libxml2 has been handed the whole file: an error then is often the file's end.
    var isExhausted: Bool { position == limit && (normalizer == nil || finished) }

    /// Whether the file holds the root's end tag (`</OFX>`): then it was not cut short.
    private(set) var holdsRootEnd = false

    /// The line of the file's last byte that is not blank: an error there, in a file without
    /// `</OFX>`, is where the file was cut.
    var lastLine: Int {
        let last = bytes.withSpan { bytes in (0..<bytes.count).last { !Self.isBlank(bytes[$0]) } ?? 0 }
        return line(at: last)
    }

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
        bytes.withSpan { bytes in
            guard let start = (limit..<bytes.count).first(where: { !Self.isBlank(bytes[$0]) }) else { return .none }
            let line = 1 + (0..<start).reduce(0) { bytes[$1] == 0x0A ? $0 + 1 : $0 }
            return OFXHeader.read(bytes.extracting(start...)) != nil ? .document(line: line) : .text(line: line)
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0
    }

    /// `end`, or less when the root's end tag comes before it: the end of what to hand over next.
    private func limited(_ end: Int) -> Int {
        if limit == bytes.count, end > searched {
            // From a little before what was searched, for a tag cut between two chunks.
            let from = max(searched - (Self.rootEndTag.count - 1), 0)
            // Found by its `X`, which OFX's tags and texts hold far more rarely than `<`, so the
            // search costs little beside libxml2's.
            let tag = Self.rootEndTag
            if let found = bytes.withSpan({
                OFXText.firstOffset(of: tag, in: $0.extracting(..<end), from: from, key: 4)
            }) {
                limit = found + tag.count
                holdsRootEnd = true
            }
            searched = end
        }
        return min(end, limit)
    }

    /// Fills `buffer` with up to `capacity` bytes; 0 at the end.
    func read(into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int {
        guard normalizer != nil else {
            let count = limited(position + min(capacity, bytes.count - position)) - position
            // `position..<(position + count)` is inside the bytes, and `count` at most `capacity`.
            if count > 0 {
                bytes.withSpan {
                    $0.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + position, byteCount: count) }
                }
            }
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
            bytes.withSpan { normalizer!.feed($0.extracting(position..<end), into: &normalized) }
            position = end
            return true
        }
        guard !finished else { return false }
        finished = true
        normalizer!.finish(into: &normalized)
        return true
    }
}
