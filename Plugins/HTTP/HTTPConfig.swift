// The http source's options: parsed from the host's JSON object of strings, checked once in
// `open`, so that a mistake is reported before any request goes out.
import CJansson
import Foundation

/// Why a source run ended early. Every message is safe to show: it never holds a header
/// value or a URL's query string.
enum HTTPError: Error {
    case failed(String)
    case stopped
}

struct HTTPConfig {
    /// The request URL, placeholders filled in.
    var url: URL
    /// `scheme://host[:port]/path`: the URL without query, fragment or user info. The only
    /// form of the URL that goes into messages and the document origin (no secrets).
    var displayURL: String
    /// Request headers from `header.NAME` options, `env:VAR` already resolved. Secret.
    var headers: [(name: String, value: String)] = []
    /// Seconds without progress (to the response, then between body chunks) before giving up.
    var timeout: Double = 10
    var retries = 3
    var maxBytes = 64 << 20

    /// Parses and checks the configuration.
    /// - Parameter environment: where `env:VAR` header values are looked up.
    static func parse(
        _ json: UnsafePointer<CChar>,
        environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }
    ) throws(HTTPError) -> HTTPConfig {
        let options = try readObject(json)
        guard let template = options["url"], !template.isEmpty else {
            throw .failed("http: the 'url' option is required (url=https://host/path/{placeholder})")
        }
        let text = try fill(template, from: options)
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else {
            throw .failed("http: url '\(redact(text))' is not an http:// or https:// URL")
        }
        var config = HTTPConfig(url: url, displayURL: redact(text))
        if let value = options["timeout"] {
            guard let t = Double(value), t.isFinite, t > 0 else {
                throw .failed("http: timeout must be a positive number of seconds, not '\(value)'")
            }
            config.timeout = t
        }
        if let value = options["retries"] {
            guard let n = Int(value), (0...100).contains(n) else {
                throw .failed("http: retries must be a whole number from 0 to 100, not '\(value)'")
            }
            config.retries = n
        }
        if let value = options["max-bytes"] {
            guard let n = Int(value), n > 0 else {
                throw .failed("http: max-bytes must be a positive whole number of bytes, not '\(value)'")
            }
            config.maxBytes = n
        }
        for (key, value) in options.sorted(by: { $0.key < $1.key }) where key.hasPrefix("header.") {
            config.headers.append(try header(key, value, environment))
        }
        return config
    }

    /// `header.NAME=VALUE` or `header.NAME=env:VAR`. Messages name the option and the
    /// variable, never the value.
    static func header(_ key: String, _ value: String, _ environment: (String) -> String?) throws(HTTPError) -> (
        name: String, value: String
    ) {
        let name = String(key.dropFirst("header.".count))
        // RFC 9110 token characters: anything else would corrupt the request.
        let token = CharacterSet(
            charactersIn: "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(token.contains) else {
            throw .failed("http: \(key): '\(name)' is not a valid header name")
        }
        var resolved = value
        if value.hasPrefix("env:") {
            let variable = String(value.dropFirst(4))
            guard let found = environment(variable), !found.isEmpty else {
                throw .failed("http: \(key): environment variable \(variable) is not set (or empty)")
            }
            resolved = found
        }
        // A line break would let the value inject headers; NUL would cut it short in libcurl.
        guard !resolved.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
            throw .failed("http: \(key): the value contains a line break or NUL (value not shown)")
        }
        return (name, resolved)
    }

    /// Replaces each `{key}` in `template` by that option's value, percent-encoded so that it
    /// stays inside its URL component (`a/b` becomes `a%2Fb`).
    static func fill(_ template: String, from options: [String: String]) throws(HTTPError) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw .failed("http: url has a '{' without a closing '}'")
            }
            let key = String(rest[rest.index(after: open)..<close])
            guard key != "url", let value = options[key] else {
                throw .failed("http: url uses {\(key)} but no '\(key)' option is given (add \(key)=VALUE)")
            }
            out += value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// RFC 3986 unreserved characters: the only ones a placeholder value keeps as is.
    static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The URL as messages show it: without user info, query or fragment (no secrets). User
    /// info ends at the last `@`, and goes before the query is cut: a password pasted with an
    /// unencoded `/`, `?` or `#` in it is still user info. (An `@` in a path or query takes the
    /// host with it: shown too little, never a password.)
    static func redact(_ text: String) -> String {
        var cut = Substring(text)
        // The scheme and the slashes after it stay (`https://`, a mistyped `http:/`).
        var start = cut.startIndex
        if let colon = cut.firstIndex(of: ":"), cut[..<colon].allSatisfy({ $0.isLetter }) {
            start = cut.index(after: colon)
            while start < cut.endIndex, cut[start] == "/" { start = cut.index(after: start) }
        }
        if let at = cut[start...].lastIndex(of: "@") { cut = cut[..<start] + cut[cut.index(after: at)...] }
        if let end = cut.firstIndex(where: { $0 == "?" || $0 == "#" }) { cut = cut[..<end] }
        return String(cut)
    }

    /// The configuration object as a dictionary of strings.
    static func readObject(_ json: UnsafePointer<CChar>) throws(HTTPError) -> [String: String] {
        var error = json_error_t()
        guard let root = json_loads(json, 0, &error) else { throw .failed("http: the configuration is not JSON") }
        defer { json_decref(root) }
        guard root.pointee.type == JSON_OBJECT else { throw .failed("http: the configuration must be a JSON object") }
        var options: [String: String] = [:]
        var iterator = json_object_iter(root)
        while let it = iterator {
            let key = String(cString: json_object_iter_key(it))
            guard let value = json_string_value(json_object_iter_value(it)) else {
                throw .failed("http: option '\(key)' must be a string")
            }
            options[key] = String(cString: value)
            iterator = json_object_iter_next(root, it)
        }
        return options
    }
}
