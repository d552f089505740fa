import CJansson
import Foundation

/// `txfeed plugins check PATH`: loads one plugin, validates its descriptor, runs it with its
/// sample configuration under a timeout and validates what it emits — for plugin authors.
public struct PluginCheck {
    public var path: String
    public var timeout: Double

    public init(path: String, timeout: Double = 10) {
        self.path = path
        self.timeout = timeout
    }

    public struct Report {
        public var lines: [String] = []
        public var passed = true
        public var loadFailed = false

        mutating func ok(_ line: String) { lines.append("ok    \(line)") }
        mutating func fail(_ line: String) {
            lines.append("FAIL  \(line)")
            passed = false
        }
    }

    public func run() -> Report {
        var report = Report()
        let plugin: LoadedPlugin
        do {
            plugin = try PluginLoader.load(path: path)
        } catch {
            report.fail("load: \(error)")
            report.loadFailed = true
            return report
        }
        report.ok("loaded \(plugin.name) (\(plugin.kind) plugin, ABI \(plugin.abiVersion), version \(plugin.version.isEmpty ? "unset" : plugin.version))")
        checkDescriptor(plugin, &report)
        guard let options = sampleOptions(plugin, &report) else { return report }
        guard plugin.kind == .source else {
            report.ok("sink plugin: descriptor valid (run it with txfeed run --sink \(plugin.name))")
            return report
        }
        let source = SourceConfiguration(name: plugin.name, plugin: plugin, options: options)
        let logged = LogLines()
        let pipeline = Pipeline(sources: [source], timeout: timeout) { _, level, message in
            if level >= 2 { logged.append(message) }
        }
        let outcome = pipeline.run()
        let r = outcome.reports[0]
        let data = outcome.data[0]
        for message in logged.lines { report.lines.append("log   \(message)") }
        if r.status == .success {
            report.ok("sample run: \(r.documents) document(s), \(r.count) transaction(s), \(r.rejected) rejected, \(r.elapsedMilliseconds) ms")
        } else {
            report.fail("sample run: \(r.error ?? "failed")")
        }
        if r.documents == 0 && r.status == .success { report.fail("sample run emitted no documents") }
        for reject in data.rejects.prefix(5) {
            report.fail("emitted an invalid transaction at \(reject.origin) \(reject.path): \(reject.reason)")
        }
        return report
    }

    func checkDescriptor(_ plugin: LoadedPlugin, _ report: inout Report) {
        let mains = plugin.options.filter(\.isMain)
        if mains.count > 1 { report.fail("options: \(mains.count) main options (at most one)") }
        let names = plugin.options.map(\.name)
        if Set(names).count != names.count { report.fail("options: a name is declared twice") }
        if names.contains("name") { report.fail("options: 'name' is the host's (the source's name in the feed)") }
        for option in plugin.options where option.help.isEmpty { report.fail("option \(option.name) has no help text") }
        if plugin.summary.isEmpty { report.fail("description is empty") }
        if report.passed { report.ok("descriptor: \(plugin.options.count) option(s): \(names.joined(separator: ", "))") }
    }

    /// The sample configuration as options, checked against the declared ones.
    func sampleOptions(_ plugin: LoadedPlugin, _ report: inout Report) -> [(key: String, value: String)]? {
        var error = json_error_t()
        guard let root = json_loads(plugin.sampleConfig, 0, &error) else {
            report.fail("sample_config is not JSON: \(janssonReason(error))")
            return nil
        }
        defer { json_decref(root) }
        do {
            let options = try ConfigFile.options(root, at: "sample_config")
            try RunPlan.checkOptions(options, of: plugin)
            report.ok("sample_config: \(plugin.sampleConfig)")
            return options
        } catch {
            report.fail("\(error)")
            return nil
        }
    }
}

/// Plugin log lines collected from source threads.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ line: String) {
        lock.lock()
        stored.append(line)
        lock.unlock()
    }

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
