// `Retry-After`, as RFC 9110 says a recipient must read it.
import Foundation

enum RetryAfter {
    /// Seconds to wait before retrying: delay-seconds, or an HTTP-date (in any of the three
    /// forms a recipient must accept) counted from `now`; nil if the text is neither.
    static func seconds(_ value: String, now: Date = Date()) -> Double? {
        let text = value.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        if text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) { return Double(text) }
        return httpDate(text).map { max(0, $0.timeIntervalSince(now)) }
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`, `Sunday, 06-Nov-94 08:49:37 GMT` or `Sun Nov  6 08:49:37 1994`.
    static func httpDate(_ text: String) -> Date? {
        let collapsed = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        for format in ["EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy"] {
            // Made per call: only a throttled retry gets here, and a formatter is not thread-safe.
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: collapsed) { return date }
        }
        return nil
    }
}
