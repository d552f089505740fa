import CIconv
import Glibc

/// iconv from a ``TextEncoding`` into UTF-8: the one place the readers call it. The csv and qif
/// readers convert a whole file (``transcode(_:from:)``), the mt940 reader a piece at a time
/// (``step(_:into:)``, which keeps a character cut between two pieces for the next).
public final class TextTranscoder {
    public enum Stop: Equatable {
        /// Every byte given was read.
        case done
        /// The output is full: call again with more room.
        case full
        /// A byte the encoding does not map (or a sequence it does not allow) starts the rest.
        case invalid
        /// The input ends inside a character: more input completes it, or the file is cut there.
        case incomplete
    }

    public let encoding: TextEncoding
    private let converter: iconv_t

    /// Nil when iconv cannot open the encoding on this system.
    public init?(from encoding: TextEncoding) {
        guard let converter = iconv_open("UTF-8", encoding.iconvName), converter != iconv_t(bitPattern: -1) else {
            return nil
        }
        self.encoding = encoding
        self.converter = converter
    }

    deinit { iconv_close(converter) }

    /// Converts as much of `input` as fits into `output`: how many bytes it read and wrote, and
    /// why it stopped.
    public func step(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>)
        -> (consumed: Int, written: Int, stop: Stop)
    {
        guard !input.isEmpty else { return (0, 0, .done) }
        var inPointer =
            UnsafeMutableRawPointer(mutating: input.baseAddress!).assumingMemoryBound(to: CChar.self)
            as UnsafeMutablePointer<CChar>?
        var inLeft = input.count
        var outPointer =
            UnsafeMutableRawPointer(output.baseAddress!).assumingMemoryBound(to: CChar.self)
            as UnsafeMutablePointer<CChar>?
        var outLeft = output.count
        let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
        let consumed = input.count - inLeft
        let written = output.count - outLeft
        if result != -1 { return (consumed, written, .done) }
        switch errno {
        case E2BIG: return (consumed, written, .full)
        case EINVAL: return (consumed, written, .incomplete)
        default: return (consumed, written, .invalid)
        }
    }

    /// `input` whole as UTF-8, in a buffer the caller must `deallocate`: its first `written`
    /// bytes, up to where `stop` (``Stop/invalid`` or ``Stop/incomplete``) ended it at byte
    /// `consumed` of the input, or all of it (``Stop/done``). Nil when iconv cannot open the
    /// encoding.
    public static func transcode(_ input: UnsafeBufferPointer<UInt8>, from encoding: TextEncoding)
        -> (output: UnsafeMutableBufferPointer<UInt8>, written: Int, consumed: Int, stop: Stop)?
    {
        guard let transcoder = TextTranscoder(from: encoding) else { return nil }
        var capacity = input.count * 3 / 2 + 64
        if encoding != .utf16 { capacity = input.count * 3 + 16 }
        var output = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
        var written = 0
        var consumed = 0
        while true {
            let step = transcoder.step(
                UnsafeBufferPointer(rebasing: input[consumed...]),
                into: UnsafeMutableBufferPointer(rebasing: output[written...]))
            consumed += step.consumed
            written += step.written
            guard step.stop == .full else { return (output, written, consumed, step.stop) }
            let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: output.count * 2)
            _ = larger.initialize(fromContentsOf: output[..<written])
            output.deallocate()
            output = larger
        }
    }
}
