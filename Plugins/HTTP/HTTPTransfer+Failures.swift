// libcurl's failures as messages that name the problem, never the URL's query or a header.
import CCurl
import Foundation

extension HTTPTransfer {
    /// What a transfer that libcurl ended with `code` means, and whether a retry can help.
    func failure(_ code: CURLcode) -> AttemptResult {
        let text = detail
        switch code {
        case CURLE_PARTIAL_FILE:
            // A body cut short: say how short when the length counts what we count.
            if let length = field("content-length").flatMap({ Int($0) }), inflated.isEmpty {
                return .network("response truncated: got \(received) of \(length) bytes (connection closed early)")
            }
            return .network("response truncated (connection closed early)")
        case CURLE_COULDNT_CONNECT:
            return .network(text ?? "cannot connect (connection refused or unreachable)")
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .network("cannot resolve the host name")
        case CURLE_OPERATION_TIMEDOUT:
            return .network("no response within \(seconds(config.timeout)) (timeout)")
        case CURLE_GOT_NOTHING:
            return .network("the server closed the connection without a response")
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR:
            return .network("connection closed before the response was complete")
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            return .fatal("TLS failed: \(text ?? "certificate not trusted") (certificates are always verified)")
        case CURLE_BAD_CONTENT_ENCODING:
            return .fatal("the body could not be decompressed (\(text ?? "bad Content-Encoding"))")
        default:
            return refused(code, text) ?? .network("network error: \(text ?? "libcurl error \(code.rawValue)")")
        }
    }

    /// A response libcurl refused before it was one: the server sends the same again, so it
    /// is never retried. libcurl 7.x reports a header line over its 100 KiB as "Out of memory"
    /// (8.x: "Too large response headers"); a status line it cannot read as "Unsupported HTTP
    /// version", "Unsupported response code", "Invalid status line" or "Received HTTP/0.9".
    private func refused(_ code: CURLcode, _ text: String?) -> AttemptResult? {
        let lowered = text?.lowercased() ?? ""
        if status == nil, code == CURLE_OUT_OF_MEMORY || lowered.contains("too large response header") {
            return .fatal("the server's response header is too large (libcurl refuses a header line over 100 KiB)")
        }
        let statusLine = [
            "unsupported http version", "unsupported response code", "invalid status line", "received http/0.9",
        ]
        if statusLine.contains(where: lowered.contains) {
            return .fatal("the server sent a malformed status line (libcurl: \(text ?? ""))")
        }
        switch code {
        case CURLE_WEIRD_SERVER_REPLY:
            return .fatal("the server sent a malformed response (libcurl: \(text ?? "weird server reply"))")
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            return .fatal("unsupported URL")
        default:
            return nil
        }
    }

    /// libcurl's own words ("Failed to connect to 127.0.0.1 port 1 ..."), which name host and
    /// port at most; nil if they could hold anything secret, or are missing.
    var detail: String? {
        var text = String(cString: errorBuffer)
        while text.last?.isWhitespace == true { text.removeLast() }
        let secrets = headers.map(\.value) + [url.query ?? "", url.user ?? "", url.password ?? ""]
        guard !text.isEmpty, !text.contains("://"), !secrets.contains(where: { !$0.isEmpty && text.contains($0) })
        else {
            return nil
        }
        return text
    }
}
