import Glibc
import TxFeedDecoding
import TxFeedModel

/// `--config FILE`: the same as the flags, as JSON. Unknown keys are errors that name the
/// key and list the valid ones.
///
/// Relative paths in it — a source's `path` option, a sink's `path`, `rejects`, `duplicates`,
/// `state`, `plugin-path` — are relative to the config file's folder, so a pipeline runs the same from
/// anywhere.
struct ConfigFile {
    struct Source {
        var plugin: String
        var name: String?
        var options: [(key: String, value: String)]
    }

    struct Sink {
        var sink: String
        var path: String?
        var options: [(key: String, value: String)]
    }

    var sources: [Source] = []
    var sinks: [Sink] = []
    var timeout: Double?
    var palette: String?
    var timeZone: String?
    var strict: Bool?
    var rejects: String?
    var dedupe: Bool?
    var duplicates: String?
    var skipped: String?
    var state: String?
    var stateWait: Double?
    var pluginPaths: [String] = []
    var isolation: Isolation?
    var pluginMemory: String?
    var memory: String?
    var tempDirectory: String?
    /// `"rules": ["bank.toml"]`, before any `--rules`.
    var rules: [String] = []
    /// The file, as given: messages about a value in it name it.
    var file = ""

    static let keys = [
        "sources", "sinks", "timeout", "palette", "tz", "strict", "rejects", "dedupe", "duplicates", "skipped", "state",
        "state-wait", "plugin-path", "isolation", "plugin-memory", "memory", "temp-dir", "rules",
    ]

    /// Source options that name a file by convention, resolved against the config's folder.
    static let fileOptions: Set<String> = ["path", "rules"]

    init(path: String) throws(UsageError) {
        // A file that cannot be opened is that, not a parse error at line -1.
        guard access(path, R_OK) == 0 else { throw UsageError("\(path): \(SystemError.current)") }
        let root: JSONValue
        do {
            root = try JSONValue.parse(file: path)
        } catch {
            throw UsageError("\(path):\(error.line):\(error.column): \(error.reason)")
        }
        file = path
        func fail(_ what: String) -> UsageError { UsageError("\(path): \(what)") }
        let folder = Paths.parentFolder(of: path)
        func local(_ file: String) -> String { Paths.resolve(file, against: folder) }
        guard case .object = root else { throw fail("a config file must be a JSON object") }
        for (key, value) in try Self.members(root, allowed: Self.keys, at: path) {
            switch key {
            case "sources":
                for (i, item) in try Self.array(value, "\(path): sources").enumerated() {
                    let at = "\(path): sources[\(i)]"
                    let fields = try Self.members(item, allowed: ["plugin", "name", "options"], at: at)
                    guard let plugin = fields["plugin"]?.string else {
                        throw UsageError("\(at): 'plugin' (a string) is required")
                    }
                    let options =
                        try fields["options"].map { value throws(UsageError) in
                            try Self.options(value, at: "\(at).options")
                        } ?? []
                    // By convention options named `path` and `rules` are files (a bank file, its rules).
                    let resolved = options.map { Self.fileOptions.contains($0.key) ? ($0.key, local($0.value)) : $0 }
                    sources.append(Source(plugin: plugin, name: fields["name"]?.string, options: resolved))
                }
            case "sinks":
                for (i, item) in try Self.array(value, "\(path): sinks").enumerated() {
                    let at = "\(path): sinks[\(i)]"
                    let fields = try Self.members(item, allowed: ["sink", "path", "options"], at: at)
                    guard let sink = fields["sink"]?.string else {
                        throw UsageError("\(at): 'sink' (a string) is required")
                    }
                    let options =
                        try fields["options"].map { value throws(UsageError) in
                            try Self.options(value, at: "\(at).options")
                        } ?? []
                    // `path` in the options is the sink's path, as `--sink csv:path=FILE` is.
                    let optionPath = options.last { $0.key == "path" }?.value
                    if fields["path"] != nil && optionPath != nil {
                        throw UsageError("\(at): 'path' and 'options.path' both given: give one")
                    }
                    sinks.append(
                        Sink(
                            sink: sink, path: (fields["path"]?.string ?? optionPath).map(local),
                            options: options.filter { $0.key != "path" }))
                }
            case "timeout":
                guard let seconds = value.number, seconds > 0 else {
                    throw fail("timeout must be a positive number of seconds")
                }
                timeout = seconds
            case "palette": palette = try Self.required(value, "\(path): palette")
            case "tz": timeZone = try Self.required(value, "\(path): tz")
            case "isolation":
                let text = try Self.required(value, "\(path): isolation")
                guard let chosen = Isolation(rawValue: text) else {
                    throw fail("isolation must be \"process\" or \"in-process\", not \"\(text)\"")
                }
                isolation = chosen
            case "plugin-memory": pluginMemory = try Self.required(value, "\(path): plugin-memory")
            case "memory": memory = try Self.required(value, "\(path): memory")
            case "temp-dir": tempDirectory = local(try Self.required(value, "\(path): temp-dir"))
            case "rejects": rejects = local(try Self.required(value, "\(path): rejects"))
            case "duplicates": duplicates = local(try Self.required(value, "\(path): duplicates"))
            case "skipped": skipped = local(try Self.required(value, "\(path): skipped"))
            case "state": state = local(try Self.required(value, "\(path): state"))
            case "state-wait":
                guard let seconds = value.number, seconds >= 0 else {
                    throw fail("state-wait must be a number of seconds, 0 or more")
                }
                stateWait = seconds
            case "dedupe":
                guard case .bool(let flag) = value else { throw fail("dedupe must be true or false") }
                dedupe = flag
            case "strict":
                guard case .bool(let flag) = value else { throw fail("strict must be true or false") }
                strict = flag
            case "rules":
                rules = try Self.array(value, "\(path): rules").map { item throws(UsageError) in
                    local(try Self.required(item, "\(path): rules"))
                }
            case "plugin-path":
                pluginPaths = try Self.array(value, "\(path): plugin-path").map { item throws(UsageError) in
                    local(try Self.required(item, "\(path): plugin-path"))
                }
            default: break
            }
        }
    }

    /// The members of an object, each key checked against `allowed`.
    static func members(_ value: JSONValue, allowed: [String], at place: String) throws(UsageError) -> [String:
        JSONValue]
    {
        guard case .object(let members) = value else { throw UsageError("\(place): expected an object") }
        var result: [String: JSONValue] = [:]
        for (key, value) in members {
            guard allowed.contains(key) else {
                throw UsageError("\(place): unknown key '\(key)'; valid keys: \(allowed.joined(separator: ", "))")
            }
            result[key] = value
        }
        return result
    }

    static func array(_ value: JSONValue, _ place: String) throws(UsageError) -> [JSONValue] {
        guard case .array(let items) = value else { throw UsageError("\(place): expected an array") }
        return items
    }

    static func required(_ value: JSONValue, _ place: String) throws(UsageError) -> String {
        guard let text = value.string else { throw UsageError("\(place): expected a string") }
        return text
    }

    /// Option values may be strings, numbers or booleans; plugins always get strings.
    static func options(_ value: JSONValue, at place: String) throws(UsageError) -> [(key: String, value: String)] {
        guard case .object(let members) = value else { throw UsageError("\(place): expected an object") }
        return try members.map { (key, value) throws(UsageError) in
            switch value {
            case .string(let text): return (key, text)
            case .integer(let n): return (key, String(n))
            case .real(let n): return (key, String(n))
            case .bool(let flag): return (key, flag ? "true" : "false")
            default: throw UsageError("\(place).\(key): expected a string, number or boolean")
            }
        }
    }
}
