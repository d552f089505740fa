// libcurl's header and write callbacks: where a response is judged, and refused by returning 0,
// which ends the transfer before libcurl reads on.
import CCurl
import Foundation

extension HTTPTransfer {
    /// One header line, `\r\n` included; the empty line ends a response's header.
    func header(_ buffer: UnsafeMutablePointer<CChar>, _ count: Int) -> Int {
        lastProgress = monotonicSeconds()
        let line = String(decoding: UnsafeRawBufferPointer(start: buffer, count: count), as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            // A new response (after a 1xx): libcurl has checked the line, `HTTP/1.1 200 OK` or
            // `HTTP/1.1 200` (the reason may be missing).
            fields = []
            headerEnded = false
            let words = line.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ", maxSplits: 2)
            lineStatus = words.dropFirst().first.flatMap { Int($0) } ?? 0
            lineVersion = words.first.map(String.init) ?? ""
            return count
        }
        guard !headerEnded else { return count }
        guard line == "\r\n" || line == "\n" else {
            if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
                fields.append((name, value))
            }
            return count
        }
        return headerComplete(lineStatus, count)
    }

    /// The end of a response's header: 1xx goes on, 2xx is read if its Content-Length fits,
    /// anything else is decided here without reading its body.
    func headerComplete(_ code: Int, _ count: Int) -> Int {
        if (100..<200).contains(code) { return count }
        status = code
        headerEnded = true
        if [301, 302, 303, 307, 308].contains(code), let location = field("location"),
            let next = URL(string: location, relativeTo: url)?.absoluteURL, next.host != nil
        {
            redirect = next
            return 0
        }
        guard (200..<300).contains(code) else {
            // The status and Retry-After say all we use; an error page is not worth reading.
            early = .status(code, retryAfter: retryAfter)
            return 0
        }
        if let text = field("content-length"), let length = Int64(text), length > Int64(config.maxBytes) {
            // Refused before a byte of the body is taken: libcurl stops and hangs up.
            early = .fatal("response larger than max-bytes \(config.maxBytes): its Content-Length is \(length)")
            return 0
        }
        return count
    }

    /// A piece of the body, inflated if it came compressed.
    func write(_ buffer: UnsafeMutablePointer<CChar>, _ count: Int) -> Int {
        lastProgress = monotonicSeconds()
        received += count
        guard received <= config.maxBytes else {
            // A body without Content-Length, or one that inflates, stops at the limit.
            early = .fatal("response larger than max-bytes \(config.maxBytes)\(inflated)")
            body = Data()
            return 0
        }
        body.append(UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: count)
        return count
    }

    /// ` once decompressed (Content-Encoding: gzip)` when the body came compressed; empty if not.
    var inflated: String {
        guard let encoding = field("content-encoding"), !encoding.isEmpty, encoding.lowercased() != "identity"
        else { return "" }
        // A token list (`gzip`, `deflate, gzip`) is shown; anything else is not echoed.
        let token = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-, ")
        let shown = encoding.count <= 40 && encoding.unicodeScalars.allSatisfy(token.contains) ? encoding : "?"
        return " once decompressed (Content-Encoding: \(shown))"
    }
}
