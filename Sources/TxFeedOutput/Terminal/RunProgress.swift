import TxFeedPipeline

/// What a run reports while sources load, for a live display on stderr: the pipeline's
/// events, and the run's own.
public protocol RunProgress: PipelineObserver {
    /// The sources are starting, in run order.
    func started(sources: [String])
    /// A diagnostic line that must not tear the display.
    func print(_ line: String)
    /// The barrier opened: take the display down before the feed and summary are written.
    func finished()
}
