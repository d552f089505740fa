import CJansson
import Glibc

/// A source's configuration as the host passes it (a JSON object of strings), and files of the
/// same options (`rules=FILE`), read with jansson.
public enum PluginOptions {
    /// A JSON object's members as option strings: numbers and booleans as their JSON text.
    /// - Parameters:
    ///   - what: names the text in messages (`configuration`, `rules file bank.json`).
    ///   - skipping: members that are not options (a csv profile's `match`), left to the caller.
    public static func parse(
        _ text: UnsafePointer<CChar>?, what: String, skipping: Set<String> = []
    ) throws(PluginFailure) -> [String: String] {
        var error = json_error_t()
        guard let text, let root = json_loads(text, 0, &error) else {
            throw PluginFailure("the \(what) is not valid JSON")
        }
        defer { json_decref(root) }
        guard root.pointee.type == JSON_OBJECT else { throw PluginFailure("the \(what) must be a JSON object") }
        var options: [String: String] = [:]
        var iterator = json_object_iter(root)
        while let it = iterator {
            let key = String(cString: json_object_iter_key(it))
            let value = json_object_iter_value(it)!
            if skipping.contains(key) {
                iterator = json_object_iter_next(root, it)
                continue
            }
            switch value.pointee.type {
            case JSON_STRING: options[key] = String(cString: json_string_value(value))
            case JSON_INTEGER, JSON_REAL, JSON_TRUE, JSON_FALSE:
                let dumped = json_dumps(value, Int(JSON_ENCODE_ANY))!
                options[key] = String(cString: dumped)
                free(dumped)
            default:
                throw PluginFailure("\(what): '\(key)' must be a string, a number or a boolean")
            }
            iterator = json_object_iter_next(root, it)
        }
        return options
    }

    /// `options` with those of the JSON file its `rules` option names merged under them: a
    /// bank's mapping is written once, and what is given with the source wins. A `match`
    /// member (a csv profile's) is not an option: a profile is also a rules file.
    public static func mergingRules(_ options: [String: String]) throws(PluginFailure) -> [String: String] {
        guard let path = options["rules"] else { return options }
        let file = try FileBytes(path: path)
        var text = Array(file.bytes)
        text.append(0)
        let rules = try text.withUnsafeBufferPointer { buffer throws(PluginFailure) in
            try buffer.withMemoryRebound(to: CChar.self) { chars throws(PluginFailure) in
                try parse(chars.baseAddress, what: "rules file \(path)", skipping: ["match"])
            }
        }
        return rules.merging(options) { _, given in given }
    }

    /// The file a source reads: its `path` option, required.
    public static func path(in options: [String: String], what: String) throws(PluginFailure) -> String {
        guard let path = options["path"], !path.isEmpty else {
            throw PluginFailure("the 'path' option is required (\(what))")
        }
        return path
    }
}
