/// What a run reports while sources load, for a live display on stderr.
public protocol RunProgress: AnyObject, Sendable {
    /// The sources are starting, in run order.
    func started(sources: [String])
    /// Source `index` decoded `count` more transactions (from decoding threads).
    func decoded(_ index: Int, count: Int)
    /// A source has ended (called on its thread).
    func sourceFinished(_ index: Int, report: SourceReport)
    /// A diagnostic line that must not tear the display.
    func print(_ line: String)
    /// The barrier opened: take the display down before the feed and summary are written.
    func finished()
}
