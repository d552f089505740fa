import TxFeedPluginABI

/// What a plugin is for.
public enum PluginKind: String, Sendable, CustomStringConvertible {
    case source, sink
    public var description: String { rawValue }
}

/// One declared option of a plugin.
public struct PluginOption: Sendable, Equatable {
    public var name: String
    public var help: String
    public var isMain: Bool

    /// `header.*` declares a family of options.
    public init(name: String, help: String, isMain: Bool) {
        self.name = name
        self.help = help
        self.isMain = isMain
    }

    public func accepts(_ key: String) -> Bool {
        if name.hasSuffix(".*") { return key.hasPrefix(name.dropLast()) && key.count > name.count - 1 }
        return key == name
    }
}

/// A plugin library that passed every check: its descriptor is ABI v1 and complete.
///
/// It is never unloaded: a source abandoned after a timeout may still be running its code.
///
/// `@unchecked Sendable` because it holds the descriptor's C pointer; every field is immutable
/// and the descriptor is the plugin's static, read-only data.
public final class LoadedPlugin: @unchecked Sendable {
    public let path: String
    public let kind: PluginKind
    public let name: String
    public let summary: String
    public let version: String
    public let abiVersion: UInt32
    public let options: [PluginOption]
    public let sampleConfig: String
    /// The descriptor in this process; nil for a plugin a plugin host child loaded
    /// (``init(path:description:calls:)``), whose code never runs here.
    private let loadedDescriptor: UnsafePointer<txfeed_plugin>?
    /// `explain` and sink sessions answered by the plugin host child that loaded the plugin.
    private let calls: PluginHostCalls?
    /// The descriptor, for the calls that run a plugin in this process.
    var descriptor: UnsafePointer<txfeed_plugin> {
        guard let loadedDescriptor else {
            preconditionFailure("\(path) was loaded in a plugin host child: its code never runs in txfeed's process")
        }
        return loadedDescriptor
    }
    /// The descriptor's `identify`, when the plugin has one (and its descriptor reaches it).
    private let identifier: (@convention(c) (UnsafePointer<CChar>?, UnsafePointer<UInt8>?, Int) -> Int32)?
    /// The descriptor's `explain`, when the plugin has one (and its descriptor reaches it).
    private let explainer:
        (
            @convention(c) (
                UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            ) -> Int32
        )?

    /// The size of the descriptor as ABI 1 first defined it: what every plugin must have. Fields
    /// appended since are read only when the plugin's `struct_size` reaches past them.
    static let firstDescriptorSize = UInt32(MemoryLayout<txfeed_plugin>.offset(of: \.identify)!)

    /// Whether the plugin's descriptor has the field at `offset` (of `size` bytes).
    private static func reaches(
        _ descriptor: UnsafePointer<txfeed_plugin>, _ field: PartialKeyPath<txfeed_plugin>, size: Int
    ) -> Bool {
        guard let offset = MemoryLayout<txfeed_plugin>.offset(of: field) else { return false }
        return Int(descriptor.pointee.struct_size) >= offset + size
    }

    /// Why `name` could never be loaded as `-s NAME` (from `libNAME.so`), or nil: letters,
    /// digits, `-`, `_` and `.`, starting with a letter or digit, at most 64 bytes. A space,
    /// `/`, `:`, `,` or `=` would be read as part of a path or a SPEC.
    static func problem(withName name: String) -> String? {
        guard !name.isEmpty else { return "is empty" }
        guard name.utf8.count <= 64 else { return "is longer than 64 bytes" }
        let allowed = { (b: UInt8) in
            (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
                || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
        }
        guard allowed(name.utf8.first!) else { return "must start with a letter or digit" }
        if let bad = name.utf8.first(where: {
            !allowed($0) && $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "_") && $0 != UInt8(ascii: ".")
        }) {
            let shown =
                bad < 0x20 || bad >= 0x7F
                ? "byte 0x" + (bad < 16 ? "0" : "") + String(bad, radix: 16) : "'\(Character(Unicode.Scalar(bad)))'"
            return "holds \(shown): a plugin name is letters, digits, '-', '_' and '.', so that -s NAME can load it"
        }
        return nil
    }

    init(path: String, descriptor: UnsafePointer<txfeed_plugin>) throws(PluginLoadError) {
        let d = descriptor.pointee
        func text(_ p: UnsafePointer<CChar>?, _ field: String) throws(PluginLoadError) -> String {
            guard let p else { throw .invalidDescriptor(path: path, reason: "\(field) is NULL") }
            return String(cString: p)
        }
        self.path = path
        self.loadedDescriptor = descriptor
        self.calls = nil
        self.hostCanIdentify = false
        self.hostCanExplain = false
        self.abiVersion = d.abi_version
        self.name = try text(d.name, "name")
        if let problem = Self.problem(withName: name) {
            throw .invalidDescriptor(path: path, reason: "name '\(name)' \(problem)")
        }
        self.summary = try text(d.description, "description")
        self.version = d.version.map { String(cString: $0) } ?? ""
        self.sampleConfig = d.sample_config.map { String(cString: $0) } ?? "{}"
        self.identifier =
            Self.reaches(descriptor, \.identify, size: MemoryLayout<Int>.size) ? d.identify : nil
        self.explainer = Self.reaches(descriptor, \.explain, size: MemoryLayout<Int>.size) ? d.explain : nil
        guard d.free_error != nil else { throw .invalidDescriptor(path: path, reason: "free_error is NULL") }
        switch d.kind {
        case UInt32(TXFEED_KIND_SOURCE.rawValue):
            kind = .source
            guard d.open != nil, d.run != nil, d.close != nil else {
                throw .invalidDescriptor(path: path, reason: "a source plugin needs open, run and close")
            }
        case UInt32(TXFEED_KIND_SINK.rawValue):
            kind = .sink
            guard d.sink_open != nil, d.sink_write != nil, d.sink_finish != nil, d.sink_close != nil else {
                throw .invalidDescriptor(
                    path: path, reason: "a sink plugin needs sink_open, sink_write, sink_finish and sink_close")
            }
        default:
            throw .invalidDescriptor(path: path, reason: "unknown kind \(d.kind)")
        }
        var options: [PluginOption] = []
        if d.option_count > 0 {
            guard let list = d.options else {
                throw .invalidDescriptor(path: path, reason: "options is NULL but option_count is \(d.option_count)")
            }
            for i in 0..<d.option_count {
                let o = list[i]
                options.append(
                    PluginOption(
                        name: try text(o.name, "options[\(i)].name"),
                        help: o.help.map { String(cString: $0) } ?? "",
                        isMain: o.is_main != 0))
            }
        }
        self.options = options
    }

    /// Whether `txfeed run FILE` may send files to this plugin.
    /// A plugin a plugin host child loaded and checked: what its descriptor says, and the calls
    /// that child answers for it.
    public init(path: String, description: PluginDescription, calls: PluginHostCalls) {
        self.path = path
        self.kind = description.kind
        self.name = description.name
        self.summary = description.summary
        self.version = description.version
        self.abiVersion = description.abiVersion
        self.options = description.options
        self.sampleConfig = description.sampleConfig
        self.loadedDescriptor = nil
        self.calls = calls
        self.identifier = nil
        self.explainer = nil
        self.hostCanIdentify = description.canIdentify
        self.hostCanExplain = description.canExplain
    }

    /// What a plugin host child sends up about the plugin it loaded.
    public var pluginDescription: PluginDescription {
        PluginDescription(
            kind: kind, name: name, summary: summary, version: version, abiVersion: abiVersion, options: options,
            sampleConfig: sampleConfig, canIdentify: canIdentify, canExplain: canExplain)
    }

    private let hostCanIdentify: Bool
    private let hostCanExplain: Bool

    public var canIdentify: Bool { kind == .source && (identifier != nil || hostCanIdentify) }
    public var canExplain: Bool { kind == .source && (explainer != nil || hostCanExplain) }

    /// The sink ABI's calls for one pass over a feed, where the plugin was loaded.
    ///
    /// - Parameter standardOutput: the descriptor the plugin's stdout is while it runs:
    ///   txfeed's stdout when the sink is the one writing there, else 2, so that what it prints
    ///   never mixes with a feed on stdout.
    public func sinkSession(standardOutput: Int32 = 1) -> any SinkSessionCalls {
        calls?.sinkSession(standardOutput) ?? PluginSinkSession(plugin: self, standardOutput: standardOutput)
    }

    /// How sure the plugin is that it reads `path`, whose first bytes are `head`: 0 (not mine)
    /// to 100; values outside are clamped.
    public func identify(path: String, head: [UInt8]) -> Int {
        head.withUnsafeBufferPointer { identify(path: path, head: $0) }
    }

    /// The same, for a head in a buffer the caller reuses from file to file. Asked in this
    /// process only: a plugin a plugin host child loaded is asked there, with the file's head
    /// read there too (``PluginLoading/identify(_:paths:)``).
    public func identify(path: String, head: UnsafeBufferPointer<UInt8>) -> Int {
        precondition(calls == nil || !canIdentify, "\(path): ask \(name) through the loader that loaded it")
        guard kind == .source, let identifier else { return 0 }
        let answer = path.withCString { identifier($0, head.baseAddress, head.count) }
        return Int(min(max(answer, 0), 100))
    }

    /// What the plugin's `explain` says of the source `configuration` (a JSON object of
    /// strings) describes, for `txfeed sniff`; nil when the plugin cannot explain.
    public func explain(configuration: String) -> Explanation? {
        if let calls { return canExplain ? calls.explain(configuration) : nil }
        guard kind == .source, let explainer else { return nil }
        var report: UnsafeMutablePointer<CChar>?
        var error: UnsafeMutablePointer<CChar>?
        let status = configuration.withCString { explainer($0, &report, &error) }
        let text = takeError(report, default: "")
        if status == TXFEED_OK {
            discardError(error)
            return Explanation(report: text, problem: nil)
        }
        return Explanation(report: text, problem: takeError(error, default: "the plugin would not read it as it is"))
    }

    /// A plugin's account of how it reads a file.
    public struct Explanation: Sendable, Equatable {
        /// One finding a line.
        public var report: String
        /// Why the plugin would not read the file as it is (naming the option that settles
        /// it), or nil when it would.
        public var problem: String?

        public init(report: String, problem: String?) {
            self.report = report
            self.problem = problem
        }
    }

    /// The option a bare SPEC value sets.
    public var mainOption: PluginOption? { options.first(where: \.isMain) }

    /// Takes an error string the plugin returned and frees it with the plugin's own function.
    func takeError(_ error: UnsafeMutablePointer<CChar>?, default fallback: String) -> String {
        guard let error else { return fallback }
        let message = String(cString: error)
        descriptor.pointee.free_error(error)
        return message
    }

    /// Frees an error string the plugin handed out with a success: it is still the plugin's.
    func discardError(_ error: UnsafeMutablePointer<CChar>?) {
        if let error { descriptor.pointee.free_error(error) }
    }
}

let txfeedEntrySymbol: StaticString = "txfeed_plugin_entry"

/// A plugin's descriptor as data: what a plugin host child that loaded it sends up.
public struct PluginDescription: Sendable, Equatable {
    public var kind: PluginKind
    public var name: String
    public var summary: String
    public var version: String
    public var abiVersion: UInt32
    public var options: [PluginOption]
    public var sampleConfig: String
    public var canIdentify: Bool
    public var canExplain: Bool

    public init(
        kind: PluginKind, name: String, summary: String, version: String, abiVersion: UInt32,
        options: [PluginOption], sampleConfig: String, canIdentify: Bool, canExplain: Bool
    ) {
        self.kind = kind
        self.name = name
        self.summary = summary
        self.version = version
        self.abiVersion = abiVersion
        self.options = options
        self.sampleConfig = sampleConfig
        self.canIdentify = canIdentify
        self.canExplain = canExplain
    }
}

/// The calls a plugin host child answers for a plugin it loaded.
public struct PluginHostCalls: Sendable {
    public var explain: @Sendable (String) -> LoadedPlugin.Explanation?
    /// A sink's session in a child of its own, whose stdout is the descriptor given.
    public var sinkSession: @Sendable (Int32) -> any SinkSessionCalls

    public init(
        explain: @escaping @Sendable (String) -> LoadedPlugin.Explanation?,
        sinkSession: @escaping @Sendable (Int32) -> any SinkSessionCalls
    ) {
        self.explain = explain
        self.sinkSession = sinkSession
    }
}

/// Loads plugins somewhere else than this process: a plugin host child (process isolation).
public protocol PluginLoading: Sendable {
    /// The plugin at `path`, loaded and checked there. The file's trust was checked here first.
    func load(path: String) throws(PluginLoadError) -> LoadedPlugin
    /// What each plugin says of each file, asked where the plugins were loaded, in one go:
    /// the files' heads are read there too, so nothing but paths and answers crosses.
    func identify(_ plugins: [LoadedPlugin], paths: [String]) -> [FileClaims]
}
