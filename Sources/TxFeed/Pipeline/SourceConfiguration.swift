/// A source ready to run: a loaded plugin, its name in the feed and its checked options.
public struct SourceConfiguration: Sendable {
    public var name: String
    public var plugin: LoadedPlugin
    /// Options in the order given, already checked against the plugin's declaration.
    public var options: [(key: String, value: String)]

    public init(name: String, plugin: LoadedPlugin, options: [(key: String, value: String)]) {
        self.name = name
        self.plugin = plugin
        self.options = options
    }

    /// The configuration handed to the plugin's `open`: a JSON object of strings.
    public var configJSON: String { JSONText.object(options) }
}

/// Small JSON writing for configuration text (not the hot path).
public enum JSONText {
    public static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    public static func object(_ pairs: [(key: String, value: String)]) -> String {
        "{" + pairs.map { string($0.key) + ":" + string($0.value) }.joined(separator: ",") + "}"
    }
}
