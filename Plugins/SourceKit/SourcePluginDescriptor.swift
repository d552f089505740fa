import Glibc
import TxFeedPluginABI

/// A source plugin that reads a file, written against SourceKit: the descriptor, `open`,
/// `run`, `close`, `identify` and `explain` come from ``SourcePluginDescriptor``.
public protocol FileSource: AnyObject {
    /// Checks the options, a `rules` file already merged under them. Called by `open`, so a
    /// refusal is a usage error (exit 2) before any source runs.
    init(options: [String: String]) throws
    /// Reads the file and hands its accounts over; false when the host said stop.
    func run(_ channel: HostChannel) throws -> Bool
    /// What `txfeed sniff` prints, and what stops the file being read as it is (each naming
    /// the option that settles it).
    func explain() throws -> (report: String, problems: [String])
}

/// What a plugin says of itself in its descriptor.
public struct SourceDescription {
    public var name: String
    public var summary: String
    public var version: String
    /// Every option with a line of help; the first is the main one (the file).
    public var options: [(name: String, help: String)]
    public var sampleConfig: String
    /// How sure the plugin is that it reads a file, 0 to 100, from its path and first bytes.
    public var identify: (_ path: String, _ head: UnsafeBufferPointer<UInt8>) -> Int

    public init(
        name: String, summary: String, version: String, options: [(name: String, help: String)],
        sampleConfig: String, identify: @escaping (_ path: String, _ head: UnsafeBufferPointer<UInt8>) -> Int
    ) {
        self.name = name
        self.summary = summary
        self.version = version
        self.options = options
        self.sampleConfig = sampleConfig
        self.identify = identify
    }
}

/// Builds the one descriptor of a SourceKit plugin. A C function pointer cannot capture its
/// source type, so the type is kept here: each plugin library links its own copy of SourceKit,
/// and so its own one registration.
public enum SourcePluginDescriptor {
    nonisolated(unsafe) private static var registered: (type: any FileSource.Type, description: SourceDescription)?
    /// The description's `identify`, kept apart: reached through ``registered`` it copied the
    /// whole description (a retain and release of each of its strings) for every file asked about.
    nonisolated(unsafe) private static var identify: (String, UnsafeBufferPointer<UInt8>) -> Int = { _, _ in 0 }

    /// The descriptor for `type`; call it once, from the plugin's `txfeed_plugin_entry`.
    public static func make(_ type: any FileSource.Type, _ description: SourceDescription) -> UnsafePointer<
        txfeed_plugin
    > {
        precondition(registered == nil, "one source type a plugin library")
        registered = (type, description)
        identify = description.identify
        let list = UnsafeMutablePointer<txfeed_option>.allocate(capacity: max(description.options.count, 1))
        for (n, option) in description.options.enumerated() {
            list[n] = txfeed_option(name: cString(option.name), help: cString(option.help), is_main: n == 0 ? 1 : 0)
        }
        let d = UnsafeMutablePointer<txfeed_plugin>.allocate(capacity: 1)
        d.initialize(to: txfeed_plugin())
        d.pointee.abi_version = TXFEED_ABI_VERSION
        d.pointee.struct_size = UInt32(MemoryLayout<txfeed_plugin>.size)
        d.pointee.kind = UInt32(TXFEED_KIND_SOURCE.rawValue)
        d.pointee.name = cString(description.name)
        d.pointee.description = cString(description.summary)
        d.pointee.version = cString(description.version)
        d.pointee.options = UnsafePointer(list)
        d.pointee.option_count = description.options.count
        d.pointee.sample_config = cString(description.sampleConfig)
        d.pointee.free_error = { free($0) }
        d.pointee.open = { config, state, errorOut in
            do {
                let source = try SourcePluginDescriptor.makeSource(config)
                state?.pointee = Unmanaged.passRetained(source as AnyObject).toOpaque()
                return Int32(TXFEED_OK)
            } catch {
                errorOut?.pointee = strdup("\(SourcePluginDescriptor.registered!.description.name): \(error)")
                return Int32(TXFEED_FAILED)
            }
        }
        d.pointee.run = { state, host, errorOut in
            guard let state, let host else { return Int32(TXFEED_FAILED) }
            let source = Unmanaged<AnyObject>.fromOpaque(state).takeUnretainedValue() as! any FileSource
            do {
                let channel = try HostChannel(host, plugin: SourcePluginDescriptor.registered!.description.name)
                return try source.run(channel) ? Int32(TXFEED_OK) : Int32(TXFEED_STOP)
            } catch {
                errorOut?.pointee = strdup("\(error)")
                return Int32(TXFEED_FAILED)
            }
        }
        d.pointee.close = { state in
            if let state { Unmanaged<AnyObject>.fromOpaque(state).release() }
        }
        d.pointee.identify = { path, head, length in
            let bytes = UnsafeBufferPointer(start: head, count: head == nil ? 0 : length)
            return Int32(SourcePluginDescriptor.identify(path.map { String(cString: $0) } ?? "", bytes))
        }
        d.pointee.explain = { config, report, errorOut in
            do {
                let (text, problems) = try SourcePluginDescriptor.makeSource(config).explain()
                report?.pointee = strdup(text)
                guard problems.isEmpty else {
                    errorOut?.pointee = strdup(problems.joined(separator: "; "))
                    return Int32(TXFEED_FAILED)
                }
                return Int32(TXFEED_OK)
            } catch {
                errorOut?.pointee = strdup("\(SourcePluginDescriptor.registered!.description.name): \(error)")
                return Int32(TXFEED_FAILED)
            }
        }
        return UnsafePointer(d)
    }

    private static func makeSource(_ config: UnsafePointer<CChar>?) throws -> any FileSource {
        let options = try PluginOptions.mergingRules(try PluginOptions.parse(config, what: "configuration"))
        return try registered!.type.init(options: options)
    }

    private static func cString(_ text: String) -> UnsafePointer<CChar> {
        UnsafePointer(strdup(text)!)
    }
}
