import StatementText

/// A byte source read in the encoding the `encoding` option names, handed on as UTF-8 a piece at
/// a time (through ``TextTranscoder``, which keeps a character cut between two pieces for the
/// next): the whole file in that encoding, in the memory of a piece.
///
/// A byte order mark is read as ``TextEncoding/textStart(_:)`` says. At a byte the encoding does
/// not map, the text before it is handed on first, so that the line reader has counted every
/// line before it, and the failure after it names the line the byte is on.
final class MT940TranscodingSource: MT940ByteSource {
    static let piece = 64 << 10

    private let source: MT940ByteSource
    private let transcoder: TextTranscoder?
    private let encoding: TextEncoding
    private let input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: piece)
    private var start = 0
    private var end = 0
    private var atEnd = false
    private var begun = false
    /// Why reading stops once the text before it is handed on.
    private var stopping: String?
    private(set) var failure: String?

    init(_ source: MT940ByteSource, encoding: TextEncoding) {
        self.source = source
        self.encoding = encoding
        transcoder = TextTranscoder(from: encoding)
    }

    deinit { input.deallocate() }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        if failure == nil, let stopping {
            failure = stopping
        }
        guard failure == nil else { return nil }
        guard let transcoder else {
            failure = "iconv cannot convert \(encoding.rawValue) on this system"
            return nil
        }
        let output = buffer.bindMemory(to: UInt8.self)
        while true {
            if !begun || (start == end && !atEnd) {
                guard fill() else { return nil }
            }
            if !begun {
                begun = true
                switch encoding.textStart(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: input[start..<end]))) {
                case .success(let skip): start += skip
                case .failure(let mismatch):
                    failure = mismatch.description
                    return nil
                }
            }
            let step = transcoder.step(UnsafeBufferPointer(rebasing: input[start..<end]), into: output)
            start += step.consumed
            switch step.stop {
            case .full:
                return step.written
            case .done:
                if step.written > 0 || atEnd { return step.written }
            case .incomplete where !atEnd:
                if step.written > 0 { return step.written }
                guard fill() else { return nil }
            case .incomplete, .invalid:
                let rest = UnsafeBufferPointer(rebasing: input[start..<end])
                stopping = encoding.unreadable(rest, incomplete: step.stop == .incomplete)
                if step.written > 0 { return step.written }
                failure = stopping
                return nil
            }
        }
    }

    /// Moves what is left to the front and reads on behind it: false when reading failed.
    private func fill() -> Bool {
        if start > 0 {
            let left = end - start
            if left > 0 { input.baseAddress!.update(from: input.baseAddress! + start, count: left) }
            start = 0
            end = left
        }
        while !atEnd, end < input.count {
            guard
                let read = source.read(
                    into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: input[end...])))
            else {
                failure = source.failure ?? "the file cannot be read"
                return false
            }
            if read == 0 { atEnd = true }
            end += read
            // The first bytes are enough to look for a byte order mark; later, any bytes are.
            if begun || end >= 4 { break }
        }
        return true
    }
}
