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
    /// `"..."`, encoded by jansson like every other string txfeed writes.
    public static func string(_ s: String) -> String {
        String(decoding: JSONCells.literal(s), as: UTF8.self)
    }

    public static func object(_ pairs: [(key: String, value: String)]) -> String {
        "{" + pairs.map { string($0.key) + ":" + string($0.value) }.joined(separator: ",") + "}"
    }
}
