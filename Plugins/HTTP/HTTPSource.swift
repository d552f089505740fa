// The `http` source: GETs one URL and hands the body to the host, which parses and checks the
// envelope(s). This file is the C side (descriptor, entry point) and the retry loop.
import CJansson
import Foundation
import Glibc
import TxFeedPluginABI

// MARK: - Descriptor

private let optionList: [(name: String, help: String, main: Bool)] = [
    (
        "url",
        "the URL to GET (http or https); {key} is replaced by the percent-encoded value of option key, "
            + "e.g. url=http://127.0.0.1:8080/accounts/{userId}.json,userId=1", true
    ),
    (
        "header.*",
        "a request header: header.NAME=VALUE, or header.NAME=env:VAR to read VALUE from the environment; "
            + "values are never printed", false
    ),
    ("timeout", "seconds to wait for a connection and response, and between body chunks (default 10)", false),
    (
        "retries",
        "retries after a 5xx, 429 or network error, with exponential backoff and jitter (default 3); "
            + "other 4xx fail at once", false
    ),
    (
        "max-bytes",
        "largest response body accepted, in bytes after decompression (default 67108864 = 64 MiB); "
            + "compression is asked for only with header.Accept-Encoding", false
    ),
]

// Written once by the lazy initialiser, read-only afterwards.
nonisolated(unsafe) private let options: UnsafeMutablePointer<txfeed_option> = {
    let list = UnsafeMutablePointer<txfeed_option>.allocate(capacity: optionList.count)
    for (i, option) in optionList.enumerated() {
        list[i] = txfeed_option(name: cString(option.name), help: cString(option.help), is_main: option.main ? 1 : 0)
    }
    return list
}()

nonisolated(unsafe) private let descriptor: UnsafeMutablePointer<txfeed_plugin> = {
    let d = UnsafeMutablePointer<txfeed_plugin>.allocate(capacity: 1)
    d.initialize(to: txfeed_plugin())
    d.pointee.abi_version = TXFEED_ABI_VERSION
    d.pointee.struct_size = UInt32(MemoryLayout<txfeed_plugin>.size)
    d.pointee.kind = UInt32(TXFEED_KIND_SOURCE.rawValue)
    d.pointee.name = cString("http")
    d.pointee.description = cString(
        "GETs account envelopes over HTTP(S) with retries, timeouts and a size limit; TLS always verified. "
            + "The sample config needs a local server: python3 -m http.server 8080 --bind 127.0.0.1 --directory samples/http"
    )
    d.pointee.version = cString("1.0.0")
    d.pointee.options = UnsafePointer(options)
    d.pointee.option_count = optionList.count
    d.pointee.sample_config = cString(#"{"url": "http://127.0.0.1:8080/accounts/{userId}.json", "userId": "1"}"#)
    d.pointee.free_error = { free($0) }
    // `message` is the out-parameter: inside `catch`, `error` is the caught error.
    d.pointee.open = { config, state, message in
        do throws(HTTPError) {
            guard let config else { throw .failed("http: no configuration") }
            let parsed = try HTTPConfig.parse(config)
            state?.pointee = Unmanaged.passRetained(HTTPSourceState(config: parsed)).toOpaque()
            return Int32(TXFEED_OK)
        } catch {
            if case let .failed(text) = error { message?.pointee = strdup(text) }
            return Int32(TXFEED_FAILED)
        }
    }
    d.pointee.run = { state, host, message in
        guard let state, let host else { return Int32(TXFEED_FAILED) }
        let source = Unmanaged<HTTPSourceState>.fromOpaque(state).takeUnretainedValue()
        do throws(HTTPError) {
            try source.run(host)
            return Int32(TXFEED_OK)
        } catch {
            switch error {
            case .stopped: return Int32(TXFEED_STOP)
            case let .failed(text):
                message?.pointee = strdup(text)
                return Int32(TXFEED_FAILED)
            }
        }
    }
    d.pointee.close = { state in
        if let state { Unmanaged<HTTPSourceState>.fromOpaque(state).release() }
    }
    return d
}()

@_cdecl("txfeed_plugin_entry")
public func txfeedPluginEntry() -> UnsafePointer<txfeed_plugin> {
    UnsafePointer(descriptor)
}

private func cString(_ text: String) -> UnsafePointer<CChar> {
    UnsafePointer(strdup(text)!)
}

// MARK: - Run

private final class HTTPSourceState {
    let config: HTTPConfig
    /// Backoff before retry n (0-based) is base·2ⁿ, capped, with jitter; Retry-After wins
    /// when the server sends one, up to `retryAfterCap`.
    let backoffBase = 0.2, backoffCap = 5.0, retryAfterCap = 30.0

    init(config: HTTPConfig) {
        self.config = config
    }

    func run(_ host: UnsafePointer<txfeed_source_host>) throws(HTTPError) {
        let url = config.displayURL
        let cancelled = { host.pointee.is_cancelled(host) != 0 }
        var attempt = 0
        while true {
            if cancelled() { throw .stopped }
            let problem: String
            var wait: Double?
            switch HTTPTransfer.run(config, isCancelled: cancelled) {
            case .stopped:
                throw .stopped
            case let .body(data, contentType, endedByClose):
                if let type = contentType?.lowercased(), type.hasPrefix("text/html") {
                    log(
                        host, TXFEED_LOG_WARNING,
                        "\(url) answered with text/html, not JSON "
                            + "(an error or login page? check the url and the headers)")
                }
                if endedByClose, Self.isLines(data) {
                    // JSON cut short does not parse; NDJSON cut at a line's end does.
                    log(
                        host, TXFEED_LOG_INFO,
                        "\(url) ended its NDJSON body by closing the connection (no Content-Length, not "
                            + "chunked): had the connection been cut at a line's end, the lines read would look whole")
                }
                try emit(data, host)
                return
            case let .status(code, retryAfter):
                // A code outside 100-599 is no HTTP server's answer: an error, never retried as a 5xx.
                guard (100...599).contains(code) else {
                    throw .failed(
                        "\(url) answered with status \(code), outside HTTP's 100-599: not an HTTP server's answer")
                }
                let described = "HTTP \(code) \(StatusText.of(code)) from \(url)"
                guard code >= 500 || code == 429 else { throw .failed(described) }
                if let retryAfter, retryAfter > retryAfterCap {
                    throw .failed(
                        "\(described); Retry-After \(seconds(retryAfter.rounded(.up))) is longer than \(seconds(retryAfterCap)), not waiting"
                    )
                }
                problem = described
                wait = retryAfter
            case let .network(message):
                problem = "\(message) (\(url))"
            case let .fatal(message):
                throw .failed("\(message) (\(url))")
            }
            guard attempt < config.retries else {
                throw .failed(config.retries == 0 ? problem : "\(problem); gave up after \(attempt + 1) attempts")
            }
            let delay = wait ?? backoff(attempt)
            attempt += 1
            log(
                host, TXFEED_LOG_INFO,
                "\(problem); retry \(attempt) of \(config.retries) in \(String(format: "%.1f", delay)) s")
            try sleep(delay, cancelled)
        }
    }

    /// Whether `data` holds more than one line that begins a JSON object: NDJSON, where a
    /// pretty-printed JSON text has only its first line at the margin.
    static func isLines(_ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            guard bytes.first == UInt8(ascii: "{") else { return false }
            var from = 0
            while let newline = bytes[from...].firstIndex(of: 0x0A) {
                if newline + 1 < bytes.count, bytes[newline + 1] == UInt8(ascii: "{") { return true }
                from = newline + 1
            }
            return false
        }
    }

    /// Exponential backoff with "equal jitter": half fixed, half random, so that many clients
    /// failing together do not come back together.
    func backoff(_ attempt: Int) -> Double {
        let full = min(backoffCap, backoffBase * pow(2, Double(attempt)))
        return full / 2 + Double.random(in: 0...(full / 2))
    }

    /// Sleeps in short steps so that a cancelled run returns at once.
    func sleep(_ seconds: Double, _ cancelled: () -> Bool) throws(HTTPError) {
        let end = Date(timeIntervalSinceNow: seconds)
        while Date() < end {
            if cancelled() { throw .stopped }
            usleep(UInt32(min(0.05, max(0, end.timeIntervalSinceNow)) * 1_000_000))
        }
    }

    /// Hands the body to the host, which parses it (envelope, array or NDJSON) and reports
    /// JSON errors with line and column under `origin`: the URL without its query.
    func emit(_ data: Data, _ host: UnsafePointer<txfeed_source_host>) throws(HTTPError) {
        let status = data.withUnsafeBytes { bytes -> Int32 in
            // An empty Data may have no base address; the host still wants a valid pointer.
            guard let base = bytes.baseAddress else {
                return host.pointee.emit_document(host, "", 0, config.displayURL)
            }
            return host.pointee.emit_document(
                host, base.assumingMemoryBound(to: CChar.self), bytes.count, config.displayURL)
        }
        if status == Int32(TXFEED_STOP) { throw .stopped }
    }

    func log(_ host: UnsafePointer<txfeed_source_host>, _ level: Int, _ message: String) {
        host.pointee.log(host, Int32(level), message)
    }
}
