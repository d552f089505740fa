import CJansson
import Glibc
import TxFeedPluginABI

/// A file too large to read whole (``PieceSizes``), handed over in bounded pieces, each with
/// where it starts in the file, so messages name the file's lines and columns:
/// - NDJSON: runs of whole lines;
/// - a JSON array of envelopes: runs of whole elements, each run an array of its own;
/// - one envelope: its `body.transactions` streamed as an account (`begin_account` with the
///   envelope minus its transactions, batches of them, `end_account`), after a first pass that
///   finds the array and the keys around it (the currency may come after it).
extension FixtureState {
    /// Whether the host takes pieces (`emit_document_part`); an older one gets the whole file.
    static func takesPieces(_ host: UnsafePointer<txfeed_source_host>) -> Bool {
        Int(host.pointee.struct_size) > MemoryLayout<txfeed_source_host>.offset(of: \.emit_transactions_part)!
    }

    /// Reads the regular file `fd` (`size` bytes) in pieces; false when it is better read whole
    /// (one envelope whose transactions the outline could not find: the host's message for it
    /// needs the whole text).
    func emitInPieces(
        fd: Int32, size: Int, origin: String, piece: Int, _ host: UnsafePointer<txfeed_source_host>
    ) throws(FixtureError) -> Bool {
        let window = FileWindow(fd: fd, size: size, origin: origin, capacity: piece)
        // The first byte of the text, after a byte order mark and blanks.
        while window.count < 3, try window.fill() {}
        var first =
            window.count >= 3 && window.bytes[0] == 0xEF && window.bytes[1] == 0xBB && window.bytes[2] == 0xBF ? 3 : 0
        while true {
            if first == window.count {
                if try !window.fill() { return false }
                continue
            }
            guard FileWindow.isBlank(window.bytes[first]) else { break }
            first += 1
        }
        switch window.bytes[first] {
        case UInt8(ascii: "["):
            logPieces(window, piece: piece, host)
            try emitArray(window, from: first, piece: piece, host)
            return true
        case UInt8(ascii: "{"):
            return try emitObjectText(window, piece: piece, host)
        default:
            return false
        }
    }

    /// For `txfeed run -v`: which files were read in pieces.
    private func logPieces(_ window: FileWindow, piece: Int, _ host: UnsafePointer<txfeed_source_host>) {
        host.pointee.log(
            host, Int32(TXFEED_LOG_DEBUG), "\(window.origin): \(window.size) bytes, read in pieces of \(piece) bytes")
    }

    // MARK: Runs of NDJSON lines

    private func emitLines(_ window: FileWindow, piece: Int, _ host: UnsafePointer<txfeed_source_host>)
        throws(FixtureError)
    {
        while true {
            let more = try window.fill()
            if !more {
                try emitPart(window, length: window.count, flags: UInt32(TXFEED_PART_NDJSON_LINES), host)
                return
            }
            guard window.count >= piece, let newline = window.lastNewline() else { continue }
            let length = newline + 1
            try emitPart(window, length: length, flags: UInt32(TXFEED_PART_NDJSON_LINES), host)
            window.consume(length)
        }
    }

    // MARK: Runs of an array's elements

    /// Pieces of the array whose `[` is at `bytes[open]`: the first from the file's start, each
    /// later one from the comma before its first element, that comma and the one after its last
    /// element standing in for `[` and `]` while the host reads it.
    private func emitArray(
        _ window: FileWindow, from open: Int, piece: Int, _ host: UnsafePointer<txfeed_source_host>
    ) throws(FixtureError) {
        var cutter = ElementCutter()
        var scanned = open + 1
        var firstPiece = true
        while true {
            scanned = cutter.scan(window.bytes, from: scanned, to: window.count)
            if let close = cutter.close {
                // The last piece takes what follows the array up to its first non-blank byte,
                // so that text after the array fails as it does in the whole file.
                var end = close + 1
                while true {
                    while end < window.count, FileWindow.isBlank(window.bytes[end]) { end += 1 }
                    if end < window.count {
                        end += 1
                        break
                    }
                    if try !window.fill() { break }
                }
                try emitArrayPiece(window, through: end - 1, keepsClose: true, first: firstPiece, host)
                while try window.fill() {}
                return
            }
            if window.count >= piece, let cut = cutter.cut {
                try emitArrayPiece(window, through: cut, keepsClose: false, first: firstPiece, host)
                firstPiece = false
                window.consume(cut)
                cutter.shift(by: cut)
                cutter.cutTaken()
                scanned -= cut
                continue
            }
            if try !window.fill() {
                // Cut short: the host says where the text ends.
                try emitArrayPiece(window, through: window.count - 1, keepsClose: true, first: firstPiece, host)
                return
            }
        }
    }

    /// Hands over `bytes[0...last]` as an array.
    private func emitArrayPiece(
        _ window: FileWindow, through last: Int, keepsClose: Bool, first: Bool,
        _ host: UnsafePointer<txfeed_source_host>
    ) throws(FixtureError) {
        let opening = window.bytes[0], closing = window.bytes[last]
        if !first { window.bytes[0] = UInt8(ascii: "[") }
        if !keepsClose { window.bytes[last] = UInt8(ascii: "]") }
        defer {
            window.bytes[0] = opening
            window.bytes[last] = closing
        }
        try emitPart(window, length: last + 1, flags: 0, host)
    }

    private func emitPart(
        _ window: FileWindow, length: Int, flags: UInt32, _ host: UnsafePointer<txfeed_source_host>
    ) throws(FixtureError) {
        if host.pointee.is_cancelled(host) != 0 { throw .stopped }
        // A run of blank lines at the end of NDJSON is no document.
        if window.offset > 0
            && !(0..<length).contains(where: { !FileWindow.isBlank(window.bytes[$0]) })
        {
            return
        }
        var part = txfeed_text_part(
            struct_size: UInt32(MemoryLayout<txfeed_text_part>.size), flags: flags, offset: UInt64(window.offset),
            line: UInt64(window.line), column: UInt64(window.column))
        let status = window.bytes.withMemoryRebound(to: CChar.self, capacity: length) {
            host.pointee.emit_document_part(host, $0, length, window.origin, &part)
        }
        if status == Int32(TXFEED_STOP) { throw .stopped }
    }

    // MARK: A text starting with `{`

    /// NDJSON by the host's rule (the first line is a whole object and more lines follow), else
    /// one envelope.
    private func emitObjectText(_ window: FileWindow, piece: Int, _ host: UnsafePointer<txfeed_source_host>)
        throws(FixtureError) -> Bool
    {
        var outline = EnvelopeOutline()
        while true {
            outline.scan(window.bytes, count: window.count, offset: window.offset)
            if outline.done { break }
            window.consume(window.count)
            if try !window.fill() { break }
        }
        guard let end = outline.end else { return false }
        if !outline.spansLines, try isNDJSON(window, after: end) {
            logPieces(window, piece: piece, host)
            try emitLines(
                FileWindow(fd: window.fd, size: window.size, origin: window.origin, capacity: piece), piece: piece, host
            )
            return true
        }
        guard let transactions = outline.transactions else { return false }
        return try emitEnvelope(window, end: end, transactions: transactions, piece: piece, host)
    }

    /// Whether, after the first value ending at file offset `end`, only blanks end its line and
    /// a non-blank line follows.
    private func isNDJSON(_ window: FileWindow, after end: Int) throws(FixtureError) -> Bool {
        var at = end
        var sawNewline = false
        while at < window.size {
            let chunk = try window.read(at..<min(window.size, at + (1 << 16)))
            for c in chunk {
                if c == 0x0A {
                    sawNewline = true
                } else if c != 0x20 && c != 0x09 && c != 0x0D {
                    return sawNewline
                }
            }
            at += chunk.count
        }
        return false
    }

    // MARK: One envelope, streamed

    private func emitEnvelope(
        _ window: FileWindow, end: Int, transactions: Range<Int>, piece: Int,
        _ host: UnsafePointer<txfeed_source_host>
    ) throws(FixtureError) -> Bool {
        // Text after the envelope, or a head jansson cannot read: the host's message for it
        // names places of the whole text, so the file is read whole.
        let tail = try window.read(transactions.upperBound..<end)
        var rest = end
        while rest < window.size {
            let chunk = try window.read(rest..<min(window.size, rest + (1 << 16)))
            if chunk.contains(where: { !FileWindow.isBlank($0) }) { return false }
            rest += chunk.count
        }
        var skeleton = try window.read(0..<transactions.lowerBound)
        skeleton.append(contentsOf: [UInt8(ascii: "["), UInt8(ascii: "]")])
        skeleton.append(contentsOf: tail)
        var error = json_error_t()
        let start = skeleton.firstIndex(where: { $0 == UInt8(ascii: "{") }) ?? 0
        guard
            let root = skeleton[start...].withUnsafeBufferPointer({ b in
                b.withMemoryRebound(to: CChar.self) { json_loadb($0.baseAddress, $0.count, 0, &error) }
            })
        else { return false }
        json_decref(root)

        if host.pointee.is_cancelled(host) != 0 { throw .stopped }
        logPieces(window, piece: piece, host)
        let begun = skeleton.withUnsafeBufferPointer { b in
            b.withMemoryRebound(to: CChar.self) {
                host.pointee.begin_account(host, $0.baseAddress, $0.count, window.origin)
            }
        }
        if begun == Int32(TXFEED_STOP) { throw .stopped }
        skeleton = []

        // The second pass: from the array's `[`, batches of whole elements.
        let stream = FileWindow(fd: window.fd, size: window.size, origin: window.origin, capacity: piece)
        while stream.offset + stream.count <= transactions.lowerBound {
            stream.consume(stream.count)
            _ = try stream.fill()
        }
        stream.consume(transactions.lowerBound - stream.offset)
        var cutter = ElementCutter()
        var scanned = 1
        while true {
            scanned = cutter.scan(stream.bytes, from: scanned, to: stream.count)
            if let close = cutter.close {
                try emitBatch(stream, through: close, keepsClose: true, host)
                break
            }
            if stream.count >= piece, let cut = cutter.cut {
                try emitBatch(stream, through: cut, keepsClose: false, host)
                stream.consume(cut)
                cutter.shift(by: cut)
                cutter.cutTaken()
                scanned -= cut
                continue
            }
            if try !stream.fill() { throw stream.changed }
        }
        // The rest of the file was read by the first pass; its size is checked once more.
        while try window.fill() { window.consume(window.count) }
        if host.pointee.end_account(host) == Int32(TXFEED_STOP) { throw .stopped }
        return true
    }

    private func emitBatch(
        _ stream: FileWindow, through last: Int, keepsClose: Bool, _ host: UnsafePointer<txfeed_source_host>
    ) throws(FixtureError) {
        if host.pointee.is_cancelled(host) != 0 { throw .stopped }
        let opening = stream.bytes[0], closing = stream.bytes[last]
        stream.bytes[0] = UInt8(ascii: "[")
        if !keepsClose { stream.bytes[last] = UInt8(ascii: "]") }
        defer {
            stream.bytes[0] = opening
            stream.bytes[last] = closing
        }
        var part = txfeed_text_part(
            struct_size: UInt32(MemoryLayout<txfeed_text_part>.size), flags: 0, offset: UInt64(stream.offset),
            line: UInt64(stream.line), column: UInt64(stream.column))
        let status = stream.bytes.withMemoryRebound(to: CChar.self, capacity: last + 1) {
            host.pointee.emit_transactions_part(host, $0, last + 1, &part)
        }
        if status == Int32(TXFEED_STOP) { throw .stopped }
    }
}
