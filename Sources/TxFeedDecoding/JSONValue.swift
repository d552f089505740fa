import CJansson
import Glibc

/// A small JSON value, for configuration (a `--config` file, a plugin's `sample_config`): read
/// with jansson like every other JSON txfeed takes in, so the rest of the core never sees a
/// `json_t`. Objects keep their members in the order written.
public indirect enum JSONValue: Sendable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    case null

    /// Where and why a text is not JSON; line and column are 1-based, or -1 when there is no
    /// place (a file that cannot be opened).
    public struct ParseError: Error, Sendable {
        public var line: Int
        public var column: Int
        public var reason: String
    }

    /// Parses `text`.
    public static func parse(_ text: String) throws(ParseError) -> JSONValue {
        var error = json_error_t()
        guard let root = json_loads(text, 0, &error) else { throw ParseError(error) }
        defer { json_decref(root) }
        return JSONValue(root)
    }

    /// Reads and parses the file at `path`.
    public static func parse(file path: String) throws(ParseError) -> JSONValue {
        var error = json_error_t()
        guard let root = json_load_file(path, 0, &error) else { throw ParseError(error) }
        defer { json_decref(root) }
        return JSONValue(root)
    }

    private init(_ value: UnsafeMutablePointer<json_t>) {
        switch value.pointee.type {
        case JSON_OBJECT:
            var members: [(key: String, value: JSONValue)] = []
            var iterator = json_object_iter(value)
            while let it = iterator {
                members.append((String(cString: json_object_iter_key(it)), JSONValue(json_object_iter_value(it))))
                iterator = json_object_iter_next(value, it)
            }
            self = .object(members)
        case JSON_ARRAY:
            self = .array((0..<json_array_size(value)).map { JSONValue(json_array_get(value, $0)) })
        case JSON_STRING:
            let bytes = UnsafeRawBufferPointer(start: json_string_value(value), count: json_string_length(value))
            self = .string(String(decoding: bytes, as: UTF8.self))
        case JSON_INTEGER: self = .integer(json_integer_value(value))
        case JSON_REAL: self = .real(json_real_value(value))
        case JSON_TRUE: self = .bool(true)
        case JSON_FALSE: self = .bool(false)
        default: self = .null
        }
    }

    /// The string, or nil for any other kind of value.
    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The number (integer or real), or nil for any other kind of value.
    public var number: Double? {
        switch self {
        case .integer(let n): return Double(n)
        case .real(let n): return n
        default: return nil
        }
    }
}

extension JSONValue.ParseError {
    init(_ error: json_error_t) {
        self.init(line: Int(error.line), column: Int(error.column), reason: janssonReason(error))
    }
}
