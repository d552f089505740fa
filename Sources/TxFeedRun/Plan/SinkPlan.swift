import TxFeedModel
import TxFeedOutput
import TxFeedPluginHost

/// Where a sink's output goes and what writes it.
public struct SinkPlan: Sendable {
    public enum Format: Sendable {
        case builtIn(BuiltIn)
        /// A sink plugin, loaded like a source plugin, with its checked options.
        case plugin(LoadedPlugin, options: [(key: String, value: String)])

        /// The name `--sink` uses.
        public var name: String {
            switch self {
            case .builtIn(let sink): return sink.name
            case .plugin(let plugin, _): return plugin.name
            }
        }
    }

    /// The sinks txfeed writes itself.
    public enum BuiltIn: Sendable, Equatable {
        case text, json, ndjson
        /// In a dialect (separator, decimal mark, BOM, formula guard), with `columns=`'s columns.
        case csv(CSVDialect, columns: [FeedColumn])
        /// A SQLite database: written to a file, never to stdout.
        case sqlite
        /// An Excel workbook, with `columns=`'s columns: written to a file, never to stdout.
        case xlsx(columns: [FeedColumn])
        /// A plain-text accounting journal: hledger's (which Ledger reads too) or beancount's.
        case journal(JournalSink.Syntax)
        /// `--shard I/N`'s part file for `txfeed merge`; `sourceIndexes` are the shard's
        /// sources' indexes among all the run's sources.
        case part(shard: Int, of: Int, sourceIndexes: [Int], run: PartRun)

        public var name: String {
            switch self {
            case .text: return "text"
            case .json: return "json"
            case .ndjson: return "ndjson"
            case .csv: return "csv"
            case .sqlite: return "sqlite"
            case .xlsx: return "xlsx"
            case .journal(let syntax): return syntax == .ledger ? "hledger" : "beancount"
            case .part: return "part"
            }
        }

        /// Whether it writes a whole file (a database, a zip), never a stream.
        public var writesFileOnly: Bool {
            switch self {
            case .sqlite, .xlsx: return true
            default: return false
            }
        }
    }

    public var format: Format
    /// nil: stdout (for a plugin: wherever its own options say).
    public var path: String?

    public init(format: Format, path: String?) {
        self.format = format
        self.path = path
    }

    /// Whether it writes the feed to stdout: a built-in sink without a path, or a sink plugin
    /// that declares `path` and was given none (its output is a file's, so without one it is
    /// stdout's). A plugin that declares no `path` writes where its own options say.
    public var writesStandardOutput: Bool {
        guard path == nil else { return false }
        switch format {
        case .builtIn: return true
        case .plugin(let plugin, _): return Self.takesPath(plugin)
        }
    }

    /// The built-in sinks' names, in the order help lists them.
    public static let builtInNames = [
        "text", "json", "ndjson", "csv", "sqlite", "xlsx", "hledger", "ledger", "beancount",
    ]

    /// The built-in sinks' names, and the options each takes besides `path`.
    static let builtIn: [String: [String]] = [
        "text": [], "json": [], "ndjson": [], "csv": ["bom", "dialect", "neutralise", "columns"], "sqlite": [],
        "xlsx": ["columns"], "hledger": [], "ledger": [], "beancount": [],
    ]

    /// `columns=date,vendor,amount` (``FeedColumn/parse(_:sink:)``), else the standard twelve.
    public static func columns(_ options: [(key: String, value: String)], sink: String = "csv") throws(UsageError)
        -> [FeedColumn]
    {
        guard let list = options.last(where: { $0.key == "columns" })?.value else { return FeedColumn.standard }
        return try FeedColumn.parse(list, sink: sink)
    }

    /// `csv`'s options: `dialect=excel-eu|rfc4180` first, then `bom=` and `neutralise=` over it,
    /// whatever their order.
    public static func csvDialect(_ options: [(key: String, value: String)], sink: String = "csv") throws(UsageError)
        -> CSVDialect
    {
        var dialect = CSVDialect.standard
        if let name = options.last(where: { $0.key == "dialect" })?.value {
            guard let named = CSVDialect.named(name) else {
                throw UsageError("sink '\(sink)': dialect must be excel-eu or rfc4180, not '\(name)'")
            }
            dialect = named
        }
        for (key, value) in options where key == "bom" || key == "neutralise" {
            guard let flag = flag(value) else {
                throw UsageError("sink '\(sink)': \(key) must be true or false, not '\(value)'")
            }
            if key == "bom" { dialect.byteOrderMark = flag } else { dialect.neutralise = flag }
        }
        return dialect
    }

    /// A sink's yes/no option (`bom=true`): true/false, yes/no or 1/0 in any case; nil for
    /// anything else, which the plan refuses rather than read as "no".
    public static func flag(_ value: String) -> Bool? {
        switch value.lowercased() {
        case "true", "yes", "1": return true
        case "false", "no", "0": return false
        default: return nil
        }
    }

    /// `-o out.csv` picks the sink from the extension.
    public static func builtInName(forExtensionOf path: String) -> String? {
        let ext = path.split(separator: ".").count > 1 ? path.split(separator: ".").last!.lowercased() : ""
        switch ext {
        case "csv": return "csv"
        case "json": return "json"
        case "ndjson", "jsonl": return "ndjson"
        case "txt", "text": return "text"
        case "db", "sqlite", "sqlite3": return "sqlite"
        case "xlsx": return "xlsx"
        case "journal", "hledger", "ledger": return "hledger"
        case "beancount", "bean": return "beancount"
        default: return nil
        }
    }

    /// A sink plugin's plan: options checked against its declaration (`{placeholders}`
    /// excepted, as for sources). A `path` goes to the plugin as its `path` option, so the
    /// plugin must declare one.
    public static func plugin(_ plugin: LoadedPlugin, path: String?, options: [(key: String, value: String)])
        throws(UsageError) -> SinkPlan
    {
        if path != nil && !takesPath(plugin) {
            throw UsageError(
                "sink '\(plugin.name)' declares no 'path' option: it writes where its own options say; valid options: \(plugin.options.map(\.name).joined(separator: ", "))"
            )
        }
        try PluginOptions.check(options, of: plugin)
        return SinkPlan(format: .plugin(plugin, options: options), path: path)
    }

    /// Whether `-o PATH` may pair with this sink plugin: it declares a `path` option.
    public static func takesPath(_ plugin: LoadedPlugin) -> Bool {
        plugin.options.contains { $0.name == "path" }
    }
}
