import Foundation
import TxFeedModel
import TxFeedPipeline
import TxFeedPluginHost

/// `txfeed sniff FILE…`: which source plugin would read each file, how sure it is, and the
/// plugin's own account of how it would read it (`explain`), so that a user sees what was
/// inferred before trusting a run with it — and which option settles what could not be.
public enum Sniffer {
    /// What `sniff` found for one file or `-s` source.
    public struct Finding: Sendable {
        /// The file or source, as the user named it.
        public var subject: String
        /// The report's lines, for stdout.
        public var lines: [String]
        /// Why the file would not be read as it is; nil when it would.
        public var problem: String?
    }

    /// Routes bare FILEs as `run` does (a folder means each of its files) and takes `-s SPEC`s
    /// as given, then asks each plugin to explain.
    /// - Parameters:
    ///   - pluginHost: the executable that hosts plugins in child processes (txfeed itself), so
    ///     that `identify` and `explain` run there; nil loads the plugins in this process.
    /// - Throws: ``UsageError`` or ``PluginLoadError`` (exit 2), as `run` would before running.
    ///   - saveProfile: `sniff --save NAME`: handed to the one file's plugin as its
    ///     `save-profile` option (the csv source's), which saves what it inferred under NAME.
    public static func sniff(
        _ request: RunRequest, pluginHost: String? = nil, saveProfile: String? = nil,
        environment: String? = ProcessInfo.processInfo.environment["TXFEED_PLUGIN_PATH"]
    ) throws -> [Finding] {
        if request.pluginPaths.contains("") { throw UsageError("--plugin-path is empty; name a folder") }
        var searchPath = PluginSearchPath.standard(explicit: request.pluginPaths, environment: environment)
        let hosts = pluginHost.map { PluginChildPool(executable: $0) }
        defer { hosts?.shutdown() }
        searchPath.loader = hosts
        guard !request.files.isEmpty || !request.sources.isEmpty else {
            throw UsageError("sniff needs a FILE or -s SPEC (try: txfeed sniff samples/bank/uk-current.csv)")
        }
        if saveProfile != nil, request.files.count + request.sources.count != 1 {
            throw UsageError("--save saves one file's layout: name one FILE (or one -s SPEC)")
        }
        var findings: [Finding] = []
        // `run` leaves a missing file to its source to report; here there is nothing to explain.
        let missing = request.files.filter { $0 == "-" || access($0, F_OK) != 0 }
        for file in missing {
            let reason = file == "-" ? "stdin cannot be sniffed; save it to a file" : SystemError.current
            findings.append(Finding(subject: file, lines: [], problem: "\(file): \(reason)"))
        }
        let present = request.files.filter { !missing.contains($0) }
        for route in try FileRouter(searchPath: searchPath).route(present) {
            switch route {
            case let .read(plugin, file, confidence):
                let sure = confidence.map { " (\($0) of 100)" } ?? ""
                findings.append(
                    try explain(
                        subject: file, plugin: plugin, options: [(plugin.mainOption!.name, file)], sure: sure,
                        saveProfile: saveProfile))
            case let .unreadable(file, reason):
                findings.append(Finding(subject: file, lines: [], problem: "\(file): \(reason)"))
            }
        }
        var forced = request
        forced.files = []
        if !forced.sources.isEmpty {
            for source in try SourcePlanner(searchPath: searchPath).plan(config: nil, request: forced) {
                switch source.reader {
                case let .plugin(plugin, options):
                    findings.append(
                        try explain(
                            subject: source.pathOption ?? source.name, plugin: plugin, options: options, sure: " (-s)",
                            saveProfile: saveProfile))
                case let .unreadable(reason):
                    findings.append(Finding(subject: source.name, lines: [], problem: reason))
                }
            }
        }
        return findings
    }

    private static func explain(
        subject: String, plugin: LoadedPlugin, options: [(key: String, value: String)], sure: String,
        saveProfile: String?
    ) throws(UsageError) -> Finding {
        var options = options
        if let saveProfile {
            guard plugin.options.contains(where: { $0.name == "save-profile" }) else {
                throw UsageError("--save: \(subject) is read by \(plugin.name), which has no profiles (csv has)")
            }
            options.append(("save-profile", saveProfile))
        }
        var lines = [Self.line("plugin", "\(plugin.name)\(sure)")]
        guard let explanation = plugin.explain(configuration: JSONString.object(options)) else {
            lines.append(Self.line("report", "none: \(plugin.name) does not explain how it reads a file"))
            return Finding(subject: subject, lines: lines, problem: nil)
        }
        lines += explanation.report.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        return Finding(subject: subject, lines: lines, problem: explanation.problem)
    }

    /// `label` padded to the column the plugins' reports use.
    static func line(_ label: String, _ value: String) -> String {
        label.padding(toLength: max(14, label.count + 1), withPad: " ", startingAt: 0) + value
    }
}
