import CJansson

/// `--config FILE`: the same as the flags, as JSON. Unknown keys are errors that name the
/// key and list the valid ones.
struct ConfigFile {
    struct Source { var plugin: String; var name: String?; var options: [(key: String, value: String)] }
    struct Sink { var sink: String; var path: String?; var options: [(key: String, value: String)] }

    var sources: [Source] = []
    var sinks: [Sink] = []
    var timeout: Double?
    var palette: String?
    var timeZone: String?
    var strict: Bool?
    var rejects: String?
    var pluginPaths: [String] = []

    static let keys = ["sources", "sinks", "timeout", "palette", "tz", "strict", "rejects", "plugin-path"]

    init(path: String) throws {
        var error = json_error_t()
        guard let root = json_load_file(path, 0, &error) else {
            throw UsageError("\(path):\(error.line):\(error.column): \(janssonReason(error))")
        }
        defer { json_decref(root) }
        func fail(_ what: String) -> UsageError { UsageError("\(path): \(what)") }
        guard root.pointee.type == JSON_OBJECT else { throw fail("a config file must be a JSON object") }
        let top = try Self.members(root, allowed: Self.keys, at: path)
        for (key, value) in top {
            switch key {
            case "sources":
                for (i, item) in try Self.array(value, "\(path): sources").enumerated() {
                    let at = "\(path): sources[\(i)]"
                    let fields = try Self.members(item, allowed: ["plugin", "name", "options"], at: at)
                    guard let plugin = fields["plugin"].flatMap(Self.text) else { throw UsageError("\(at): 'plugin' (a string) is required") }
                    sources.append(Source(plugin: plugin, name: fields["name"].flatMap(Self.text),
                                          options: try fields["options"].map { try Self.options($0, at: "\(at).options") } ?? []))
                }
            case "sinks":
                for (i, item) in try Self.array(value, "\(path): sinks").enumerated() {
                    let at = "\(path): sinks[\(i)]"
                    let fields = try Self.members(item, allowed: ["sink", "path", "options"], at: at)
                    guard let sink = fields["sink"].flatMap(Self.text) else { throw UsageError("\(at): 'sink' (a string) is required") }
                    sinks.append(Sink(sink: sink, path: fields["path"].flatMap(Self.text),
                                      options: try fields["options"].map { try Self.options($0, at: "\(at).options") } ?? []))
                }
            case "timeout":
                guard value.pointee.type == JSON_INTEGER || value.pointee.type == JSON_REAL, json_number_value(value) > 0 else {
                    throw fail("timeout must be a positive number of seconds")
                }
                timeout = json_number_value(value)
            case "palette": palette = try Self.required(value, "\(path): palette")
            case "tz": timeZone = try Self.required(value, "\(path): tz")
            case "rejects": rejects = try Self.required(value, "\(path): rejects")
            case "strict":
                guard value.pointee.type == JSON_TRUE || value.pointee.type == JSON_FALSE else { throw fail("strict must be true or false") }
                strict = value.pointee.type == JSON_TRUE
            case "plugin-path":
                pluginPaths = try Self.array(value, "\(path): plugin-path").map { try Self.required($0, "\(path): plugin-path") }
            default: break
            }
        }
    }

    static func members(_ object: UnsafeMutablePointer<json_t>, allowed: [String], at place: String) throws(UsageError) -> [String: UnsafeMutablePointer<json_t>] {
        guard object.pointee.type == JSON_OBJECT else { throw UsageError("\(place): expected an object") }
        var result: [String: UnsafeMutablePointer<json_t>] = [:]
        var iterator = json_object_iter(object)
        while let it = iterator {
            let key = String(cString: json_object_iter_key(it))
            guard allowed.contains(key) else {
                throw UsageError("\(place): unknown key '\(key)'; valid keys: \(allowed.joined(separator: ", "))")
            }
            result[key] = json_object_iter_value(it)
            iterator = json_object_iter_next(object, it)
        }
        return result
    }

    static func array(_ value: UnsafeMutablePointer<json_t>, _ place: String) throws(UsageError) -> [UnsafeMutablePointer<json_t>] {
        guard value.pointee.type == JSON_ARRAY else { throw UsageError("\(place): expected an array") }
        return (0..<json_array_size(value)).map { json_array_get(value, $0) }
    }

    static func text(_ value: UnsafeMutablePointer<json_t>) -> String? {
        EnvelopeReader.string(value)
    }

    static func required(_ value: UnsafeMutablePointer<json_t>, _ place: String) throws(UsageError) -> String {
        guard let text = text(value) else { throw UsageError("\(place): expected a string") }
        return text
    }

    /// Option values may be strings, numbers or booleans; plugins always get strings.
    static func options(_ value: UnsafeMutablePointer<json_t>, at place: String) throws(UsageError) -> [(key: String, value: String)] {
        guard value.pointee.type == JSON_OBJECT else { throw UsageError("\(place): expected an object") }
        var result: [(key: String, value: String)] = []
        var iterator = json_object_iter(value)
        while let it = iterator {
            let key = String(cString: json_object_iter_key(it))
            let v = json_object_iter_value(it)!
            switch v.pointee.type {
            case JSON_STRING: result.append((key, text(v)!))
            case JSON_INTEGER: result.append((key, String(json_integer_value(v))))
            case JSON_REAL: result.append((key, String(json_real_value(v))))
            case JSON_TRUE: result.append((key, "true"))
            case JSON_FALSE: result.append((key, "false"))
            default: throw UsageError("\(place).\(key): expected a string, number or boolean")
            }
            iterator = json_object_iter_next(value, it)
        }
        return result
    }
}
