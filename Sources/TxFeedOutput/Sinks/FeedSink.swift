/// Something that writes the merged feed: text, NDJSON, CSV, JSON, or a sink plugin.
public protocol FeedSink {
    /// Writes the whole feed into `out`, calling `out.rowDone()` after each row so output
    /// streams in large writes. The caller flushes and commits.
    func write(_ feed: Feed, context: FeedContext, to out: OutputWriter) throws
}

/// What every sink formats with: the time zone for days, colour use, and cells rendered once
/// per distinct vendor, account and source rather than once per row.
public final class FeedContext {
    public var dayFormat: DayFormat
    /// Whether the text sink may use ANSI colour.
    public var colour: Bool
    /// With colour: 24-bit vendor colours (`COLORTERM=truecolor`), else the nearest xterm-256 ones.
    public var trueColour: Bool

    public init(dayFormat: DayFormat = DayFormat(timeZone: nil), colour: Bool = false, trueColour: Bool = true) {
        self.dayFormat = dayFormat
        self.colour = colour
        self.trueColour = trueColour
    }
}
