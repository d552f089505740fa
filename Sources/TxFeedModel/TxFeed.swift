/// txfeed's pipeline core: plugin host, barrier pipeline, decoding, feed, presentation and sinks.
public enum TxFeed {
    public static let version = "0.1.0"
}
