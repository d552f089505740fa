import Foundation
import TxFeedModel

/// Something that writes the merged feed: text, NDJSON, CSV, JSON, or a sink plugin.
public protocol FeedSink {
    /// Writes the whole feed into `out`, calling `out.rowDone()` after each row (or, with the
    /// buffer lent by `out.withBuffer`, `out.rowDone(&buffer)`) so output streams in large
    /// writes. The caller flushes and commits.
    func write(_ feed: Feed, context: FeedContext, to out: OutputWriter) throws
    /// The line that starts a `watch` refresh's output on a pipe, in this sink's format, or
    /// nil for none (see ``RefreshMark``).
    func refreshMarkLine(_ mark: RefreshMark) -> String?
}

/// What every sink formats with: vendor colours, the time zone for days, and colour use.
public final class FeedContext {
    /// `colours[vendorID]`: each distinct vendor's colour, assigned once for the whole feed.
    public let colours: [RGB]
    public var dayFormat: DayFormat
    /// Whether the text sink may use ANSI colour.
    public var colour: Bool
    /// With colour: 24-bit vendor colours (`COLORTERM=truecolor`), else the nearest xterm-256 ones.
    public var trueColour: Bool
    /// Threads a sink renders blocks of rows on (``OutputWriter/writeRows(of:threads:blockRows:_:)``).
    public var threads: Int

    public init(
        colours: [RGB], dayFormat: DayFormat = DayFormat(timeZone: nil), colour: Bool = false, trueColour: Bool = true,
        threads: Int? = nil
    ) {
        self.colours = colours
        self.dayFormat = dayFormat
        self.colour = colour
        self.trueColour = trueColour
        // `--threads`, else one a core.
        self.threads = threads ?? ProcessInfo.processInfo.activeProcessorCount
    }
}
