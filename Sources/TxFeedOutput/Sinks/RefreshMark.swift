import Glibc

/// The line that starts each `watch` refresh's output on a pipe, so that whoever reads it can
/// tell one refresh's feed from the next: a line each sink's readers can take, in the same
/// words for all.
///
/// - text and CSV: `--- refresh 3 at 2026-11-26T10:00:00Z ---` (in CSV a one-cell row, CRLF);
/// - NDJSON and JSON: `{"refresh":3,"at":"2026-11-26T10:00:00Z"}`, a JSON value of its own
///   before the refresh's lines or document.
///
/// `at` is when the refresh started reading its sources, in UTC to the second. A file (`-o`)
/// is replaced whole on each refresh, so it never gets one.
public struct RefreshMark: Sendable, Equatable {
    /// 1 for the first refresh; a refresh that failed, and wrote nothing, still counts.
    public var number: Int
    /// ISO 8601 in UTC: `2026-11-26T10:00:00Z`.
    public var at: String

    public init(number: Int, at time: time_t) {
        self.number = number
        var seconds = time
        var parts = tm()
        gmtime_r(&seconds, &parts)
        at = String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
            parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    /// `--- refresh 3 at 2026-11-26T10:00:00Z ---`, for people and line tools.
    var text: String { "--- refresh \(number) at \(at) ---" }
    /// `{"refresh":3,"at":"2026-11-26T10:00:00Z"}`, for JSON readers.
    var json: String { "{\"refresh\":\(number),\"at\":\"\(at)\"}" }
}

extension FeedSink {
    /// No line of its own: a sink whose format has no place for one (a part file, a plugin's).
    public func refreshMarkLine(_ mark: RefreshMark) -> String? { nil }
}

extension TextSink {
    public func refreshMarkLine(_ mark: RefreshMark) -> String? { mark.text + "\n" }
}

extension CSVSink {
    public func refreshMarkLine(_ mark: RefreshMark) -> String? { mark.text + "\r\n" }
}

extension NDJSONSink {
    public func refreshMarkLine(_ mark: RefreshMark) -> String? { mark.json + "\n" }
}

extension JSONSink {
    public func refreshMarkLine(_ mark: RefreshMark) -> String? { mark.json + "\n" }
}
