// One GET attempt with URLSession. A delegate (not a completion handler) so that the body is
// checked against max-bytes while it streams in, and so that the run thread can cancel.
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How one attempt ended.
enum AttemptResult {
    /// A 2xx response, complete.
    case body(Data, contentType: String?)
    /// A response outside 2xx; its body is not read.
    case status(Int, retryAfter: Double?)
    /// A network failure worth retrying (refused, reset, timed out, truncated).
    case network(String)
    /// A failure that retrying cannot fix (too large, TLS, bad URL).
    case fatal(String)
    /// The host asked the source to stop.
    case stopped
}

/// The state of one attempt, filled in by URLSession's delegate queue and read by the run
/// thread once `finished` is signalled (or when it gives up waiting).
final class HTTPTransfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let config: HTTPConfig
    private let lock = NSLock()
    private let finished = DispatchSemaphore(value: 0)
    private var response: HTTPURLResponse?
    private var body = Data()
    /// Decided before the task completed (too large, not 2xx); the task was then cancelled.
    private var early: AttemptResult?
    private var result: AttemptResult?
    private var lastProgress = Date()

    init(config: HTTPConfig) {
        self.config = config
    }

    /// Runs the request to its end, polling `isCancelled` and the idle timeout every 50 ms.
    static func run(_ config: HTTPConfig, isCancelled: () -> Bool) -> AttemptResult {
        let transfer = HTTPTransfer(config: config)
        // Ephemeral: no disk cache, no cookie jar, no credential store shared between runs.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // The idle timeout is ours (below): URLSession's timer counts whole seconds only, and
        // whether it restarts on each chunk depends on the Foundation version. Keep it out of the way.
        configuration.timeoutIntervalForRequest = 24 * 3600
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1  // delegate callbacks in order, one at a time
        let session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: queue)
        // The session holds its delegate until invalidated: always invalidate.
        defer { session.invalidateAndCancel() }

        var request = URLRequest(url: config.url)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("txfeed-http/1.0", forHTTPHeaderField: "User-Agent")
        for header in config.headers { request.setValue(header.value, forHTTPHeaderField: header.name) }
        let task = session.dataTask(with: request)
        task.resume()

        while transfer.finished.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
            if isCancelled() {
                task.cancel()
                return .stopped
            }
            if transfer.idleSeconds > config.timeout {
                task.cancel()
                return .network(
                    transfer.hasResponse
                        ? "no data for \(seconds(config.timeout)) while reading the body (timeout)"
                        : "no response within \(seconds(config.timeout)) (timeout)")
            }
        }
        return transfer.outcome
    }

    private var idleSeconds: Double {
        lock.lock()
        defer { lock.unlock() }
        return Date().timeIntervalSince(lastProgress)
    }

    private var hasResponse: Bool {
        lock.lock()
        defer { lock.unlock() }
        return response != nil
    }

    private var outcome: AttemptResult {
        lock.lock()
        defer { lock.unlock() }
        return result ?? .network("the request ended without a result")
    }

    // MARK: URLSessionDataDelegate (on the session's serial queue)

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        lock.lock()
        lastProgress = Date()
        let http = response as? HTTPURLResponse
        self.response = http
        let status = http?.statusCode ?? 0
        if !(200..<300).contains(status) {
            // The status and Retry-After say all we use; an error page is not worth reading.
            early = .status(status, retryAfter: http.flatMap { Self.retryAfter($0) })
        } else if response.expectedContentLength > Int64(config.maxBytes) {
            early = .fatal(
                "response larger than max-bytes \(config.maxBytes) (Content-Length \(response.expectedContentLength))")
        }
        let stop = early != nil
        lock.unlock()
        if stop { dataTask.cancel() }
        completionHandler(stop ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        lastProgress = Date()
        var stop = false
        if early == nil {
            if body.count + data.count > config.maxBytes {
                // Abort at once: a response without Content-Length must not grow without bound.
                early = .fatal("response larger than max-bytes \(config.maxBytes)")
                body = Data()
                stop = true
            } else {
                body.append(data)
            }
        }
        lock.unlock()
        if stop { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        if let early {
            result = early
        } else if let error {
            // libcurl reports a body cut short as an unknown error: say what happened instead.
            if let response, response.expectedContentLength > Int64(body.count),
                (200..<300).contains(response.statusCode)
            {
                result = .network(
                    "response truncated: got \(body.count) of \(response.expectedContentLength) bytes (connection closed early)"
                )
            } else {
                result = classify(error)
            }
        } else if let response {
            result = complete(response)
        } else {
            result = .network("the server sent no response")
        }
        lock.unlock()
        finished.signal()
    }

    /// A redirect to another origin (scheme, host or port) must not carry the configured
    /// headers: they are usually credentials meant for the first server only.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        var next = request
        let from = config.url, to = request.url
        if to?.scheme?.lowercased() != from.scheme?.lowercased() || to?.host?.lowercased() != from.host?.lowercased()
            || to?.port != from.port
        {
            for header in config.headers { next.setValue(nil, forHTTPHeaderField: header.name) }
        }
        lock.lock()
        lastProgress = Date()
        lock.unlock()
        completionHandler(next)
    }

    // MARK: Outcome

    /// A 2xx whose transfer ended without error: still check that every promised byte came.
    private func complete(_ response: HTTPURLResponse) -> AttemptResult {
        let expected = response.expectedContentLength
        // With Content-Encoding the length counts compressed bytes, so only compare without it.
        let encoded =
            response.value(forHTTPHeaderField: "Content-Encoding").map { !$0.isEmpty && $0.lowercased() != "identity" }
            ?? false
        if expected >= 0, !encoded, Int64(body.count) != expected {
            return .network("response truncated: got \(body.count) of \(expected) bytes (connection closed early)")
        }
        return .body(body, contentType: response.value(forHTTPHeaderField: "Content-Type"))
    }

    /// Turns a URLError into a message that names the problem, never the URL's query.
    private func classify(_ error: Error) -> AttemptResult {
        guard let code = (error as? URLError)?.code else { return .network("network error: \(type(of: error))") }
        // libcurl's certificate failures often arrive as an unknown code: retrying cannot help.
        if let text = detail(error), text.hasPrefix("SSL") || text.contains("certificate") {
            return .fatal("TLS failed: \(text) (certificates are always verified)")
        }
        switch code {
        case .timedOut: return .network("no response within \(seconds(config.timeout)) (timeout)")
        case .cannotConnectToHost:
            return .network(detail(error) ?? "cannot connect (connection refused or unreachable)")
        case .cannotFindHost, .dnsLookupFailed: return .network("cannot resolve the host name")
        case .notConnectedToInternet: return .network("not connected to a network")
        case .networkConnectionLost: return .network("connection closed before the response was complete")
        case .badServerResponse, .cannotParseResponse, .zeroByteResource:
            return .network("the server sent a malformed or empty HTTP response")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired:
            return .fatal(
                "TLS failed: \(detail(error) ?? "certificate not trusted") (certificates are always verified)")
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            return .fatal("too many or broken redirects")
        case .unsupportedURL, .badURL: return .fatal("unsupported URL")
        case .cancelled: return .network("request cancelled")
        default: return .network("network error: \(detail(error) ?? "URLError \(code.rawValue)")")
        }
    }

    /// libcurl's own words ("Failed to connect to 127.0.0.1 port 1 ..."), which name host and
    /// port at most; nil if they could hold anything secret, or are missing.
    private func detail(_ error: Error) -> String? {
        let text = (error as NSError).userInfo[NSLocalizedDescriptionKey] as? String ?? ""
        let secrets =
            config.headers.map(\.value) + [config.url.query ?? "", config.url.user ?? "", config.url.password ?? ""]
        guard !text.isEmpty, !text.contains("://"), !secrets.contains(where: { !$0.isEmpty && text.contains($0) })
        else {
            return nil
        }
        return text
    }

    /// `Retry-After: SECONDS`. (The HTTP-date form is rare for APIs; it falls back to backoff.)
    /// Seconds to wait before retrying, from `Retry-After`: delay-seconds, or an HTTP-date
    /// (in any of the three forms RFC 9110 says a recipient must accept), counted from `now`.
    static func retryAfter(_ response: HTTPURLResponse, now: Date = Date()) -> Double? {
        guard let text = response.value(forHTTPHeaderField: "Retry-After")?.trimmingCharacters(in: .whitespaces),
            !text.isEmpty
        else { return nil }
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

/// `1 s`, `0.5 s`.
func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
}
