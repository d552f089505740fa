// One GET attempt with libcurl, driven from the run thread. libcurl rather than URLSession:
// URLSession hands the body to a delegate queue and cannot stop libcurl from there. A cancel
// waited behind the transfer it was meant to stop, so a refused 1 GiB body was downloaded all
// the same and a small gzip body inflated to gigabytes of queued pieces. Here the header and
// write callbacks refuse by returning 0, and libcurl stops before it reads another byte.
import CCurl
import Foundation

/// How one attempt ended.
enum AttemptResult {
    /// A 2xx response, complete as far as the connection shows: `endedByClose` when nothing
    /// but the connection closing ended it (HTTP/1 without Content-Length or chunks).
    case body(Data, contentType: String?, endedByClose: Bool)
    /// A response outside 2xx; its body is not read.
    case status(Int, retryAfter: Double?)
    /// A network failure worth retrying (refused, reset, timed out, truncated).
    case network(String)
    /// A failure that retrying cannot fix (too large, TLS, bad URL, a response libcurl refused).
    case fatal(String)
    /// The host asked the source to stop.
    case stopped
}

/// One request (redirects are new requests, see `run`), filled in by libcurl's callbacks on
/// the thread that calls `perform`.
final class HTTPTransfer {
    let config: HTTPConfig
    let url: URL
    /// The configured headers, or none when the request goes to another origin.
    let headers: [(name: String, value: String)]
    /// The response's header fields, names lowercased; reset by each status line.
    var fields: [(name: String, value: String)] = []
    /// The status of the response whose header is being read, and its protocol (`HTTP/1.1`).
    var lineStatus = 0
    var lineVersion = ""
    /// The response's header has ended: lines libcurl hands over after it are a chunked body's
    /// trailers, which must not stand for the header's fields.
    var headerEnded = false
    /// The status, once the header is complete (1xx interim responses are skipped).
    var status: Int?
    var body = Data()
    /// Body bytes as libcurl handed them over: inflated, when the server compressed them.
    var received = 0
    /// Decided in a callback, which then stopped the transfer.
    var early: AttemptResult?
    /// Where a 3xx pointed, for `run` to follow.
    var redirect: URL?
    var lastProgress = monotonicSeconds()
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

    /// Redirects followed before giving up, as URLSession did.
    static let maxRedirects = 20

    init(config: HTTPConfig, url: URL, headers: [(name: String, value: String)]) {
        self.config = config
        self.url = url
        self.headers = headers
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit { errorBuffer.deallocate() }

    /// Runs the request and the redirects it leads to, polling `isCancelled` and the idle
    /// timeout every 50 ms. The configured headers go only to the configured URL's origin:
    /// they are usually credentials meant for that server alone.
    static func run(_ config: HTTPConfig, isCancelled: () -> Bool) -> AttemptResult {
        _ = curlReady
        var url = config.url
        for _ in 0...maxRedirects {
            let sameOrigin =
                url.scheme?.lowercased() == config.url.scheme?.lowercased()
                && url.host?.lowercased() == config.url.host?.lowercased() && url.port == config.url.port
            let transfer = HTTPTransfer(config: config, url: url, headers: sameOrigin ? config.headers : [])
            let result = transfer.perform(isCancelled)
            if case .stopped = result { return result }
            guard let next = transfer.redirect else { return result }
            url = next
        }
        return .fatal("too many or broken redirects")
    }

    /// One request to its end.
    func perform(_ isCancelled: () -> Bool) -> AttemptResult {
        guard let easy = curl_easy_init(), let multi = curl_multi_init() else {
            return .fatal("libcurl could not start a transfer")
        }
        var list: UnsafeMutablePointer<curl_slist>?
        defer {
            curl_multi_remove_handle(multi, easy)
            curl_multi_cleanup(multi)
            curl_easy_cleanup(easy)
            curl_slist_free_all(list)
        }
        list = configure(easy)
        curl_multi_add_handle(multi, easy)
        var running: Int32 = 1
        while true {
            curl_multi_perform(multi, &running)
            if running == 0 { break }
            if isCancelled() { return .stopped }
            if monotonicSeconds() - lastProgress > config.timeout {
                return .network(
                    status == nil
                        ? "no response within \(seconds(config.timeout)) (timeout)"
                        : "no data for \(seconds(config.timeout)) while reading the body (timeout)")
            }
            curl_multi_poll(multi, nil, 0, 50, nil)
        }
        var code = CURLE_OK
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
            if message.pointee.msg == CURLMSG_DONE { code = message.pointee.data.result }
        }
        if let early { return early }
        guard code == CURLE_OK else { return failure(code) }
        guard let status else { return .network("the server sent no response") }
        guard (200..<300).contains(status) else { return .status(status, retryAfter: retryAfter) }
        return .body(body, contentType: field("content-type"), endedByClose: endedByClose)
    }

    /// The options of one GET. Returns the header list, which must outlive the transfer.
    private func configure(_ easy: UnsafeMutableRawPointer) -> UnsafeMutablePointer<curl_slist>? {
        url.absoluteString.withCString { _ = txfeed_curl_set_pointer(easy, CURLOPT_URL, $0) }
        "http,https".withCString { _ = txfeed_curl_set_pointer(easy, CURLOPT_PROTOCOLS_STR, $0) }
        txfeed_curl_set_long(easy, CURLOPT_HTTPGET, 1)
        txfeed_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 0)  // `run` follows, choosing the headers
        txfeed_curl_set_long(easy, CURLOPT_NOSIGNAL, 1)
        // Inflate whatever comes compressed (max-bytes counts the inflated bytes) ...
        "".withCString { _ = txfeed_curl_set_pointer(easy, CURLOPT_ACCEPT_ENCODING, $0) }
        txfeed_curl_set_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer)
        let me = Unmanaged.passUnretained(self).toOpaque()
        txfeed_curl_set_pointer(easy, CURLOPT_HEADERDATA, me)
        txfeed_curl_set_write(easy, CURLOPT_HEADERFUNCTION) { buffer, size, count, me in
            guard let buffer, let me else { return 0 }
            return Unmanaged<HTTPTransfer>.fromOpaque(me).takeUnretainedValue().header(buffer, size * count)
        }
        txfeed_curl_set_pointer(easy, CURLOPT_WRITEDATA, me)
        txfeed_curl_set_write(easy, CURLOPT_WRITEFUNCTION) { buffer, size, count, me in
            guard let buffer, let me else { return 0 }
            return Unmanaged<HTTPTransfer>.fromOpaque(me).takeUnretainedValue().write(buffer, size * count)
        }
        // ... but ask for none unless the configuration does (header.Accept-Encoding): an
        // honest server then sends the body as large as it is.
        // A configured header replaces the default of its name: two `Accept` lines, and a
        // server reads the first.
        let configured = Set(headers.map { $0.name.lowercased() })
        var lines = [
            ("accept", "Accept: application/json"), ("user-agent", "User-Agent: txfeed-http/1.0"),
            ("accept-encoding", "Accept-Encoding: identity"),
        ]
        .filter { !configured.contains($0.0) }.map(\.1)
        lines += headers.map { $0.value.isEmpty ? "\($0.name);" : "\($0.name): \($0.value)" }
        var list: UnsafeMutablePointer<curl_slist>?
        for line in lines { list = curl_slist_append(list, line) }
        txfeed_curl_set_pointer(easy, CURLOPT_HTTPHEADER, list)
        return list
    }

    /// A response header field of the current response, by lowercased name (the last wins).
    func field(_ name: String) -> String? {
        fields.last(where: { $0.name == name })?.value
    }

    /// Whether only the connection closing ended the body: HTTP/1 without a Content-Length
    /// or chunks. Cut short there, it would look whole (HTTP/2 and 3 end a stream explicitly).
    var endedByClose: Bool {
        lineVersion.hasPrefix("HTTP/1") && field("content-length") == nil
            && field("transfer-encoding")?.lowercased().contains("chunked") != true
    }

    /// Seconds to wait before retrying, from the response's `Retry-After`.
    var retryAfter: Double? {
        field("retry-after").flatMap { RetryAfter.seconds($0) }
    }
}

/// libcurl's global set-up, done once before the first transfer.
private let curlReady: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

/// Seconds on a clock that never jumps.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// `1 s`, `0.5 s`; a server's `Retry-After: 99999999999999999999` as the double it is, never
/// an `Int` that cannot hold it (which trapped).
func seconds(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? "\(Int(value)) s" : "\(value) s"
}
