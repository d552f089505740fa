import ArgumentParser
import TxFeedOutput
import TxFeedPipeline
import TxFeedPluginHost
import TxFeedRun

struct PluginsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugins",
        abstract: "List, check and write plugins.",
        subcommands: [List.self, Check.self, New.self, Cflags.self, Header.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Every plugin found: name, kind, ABI version, file, options.")

        @Option(name: .customLong("plugin-path"), help: "A folder to look in first.")
        var pluginPaths: [String] = []

        func run() throws {
            if pluginPaths.contains("") { throw usageFailure("--plugin-path is empty; name a folder") }
            var searchPath = PluginSearchPath.standard(explicit: pluginPaths)
            // Each plugin is loaded in a plugin host child: a constructor that prints, crashes
            // or exits is that child's, and the list goes on.
            if let host = PluginHostChild.executable() { searchPath.loader = PluginChildPool(executable: host) }
            print("Plugin folders, in order: \(searchPath.folders.joined(separator: ", "))")
            for candidate in searchPath.candidates() {
                do {
                    let plugin = try searchPath.loadFile(candidate.path)
                    print("\(plugin.name)  \(plugin.kind)  ABI \(plugin.abiVersion)  \(plugin.path)")
                    print("    \(plugin.summary)")
                    for option in plugin.options {
                        print("    \(option.name)\(option.isMain ? " (main)" : ""): \(option.help)")
                    }
                } catch {
                    print("\(candidate.name)  not loadable: \(error)")
                }
            }
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Load one plugin file, validate it, exercise it with its sample configuration, report.",
            discussion: """
                A source runs once under --timeout (documents that fail and rejected transactions are \
                listed), then again and is cancelled after 200 ms: it must stop within 2 s. A sink gets \
                a small sample feed in several batches. Exit status: 0 when every check passed, 1 when \
                one failed, 2 when the file cannot be loaded as a plugin.
                """)

        @Argument(help: "The plugin file (.so).")
        var path: String

        @Option(help: "Seconds the sample run gets.")
        var timeout: Double = 10

        /// The plugin is loaded and run in plugin host children, as `txfeed run` runs it, so
        /// that a plugin that crashes (a null pointer, an abort) or exits is reported as a failed
        /// check instead of taking the report with it.
        func run() throws {
            let hosts = PluginHostChild.executable().map { PluginChildPool(executable: $0, crashReports: true) }
            // Unbuffered: every line is out before the next step.
            let report = PluginCheck(path: path, timeout: timeout, hosts: hosts).run { line in
                StandardStreams.output(line + "\n")
            }
            // A child still busy in a step given up on is not waited for: it ends with this
            // process, its pipes closed.
            if !report.leftRunning { hosts?.shutdown() }
            if !report.passed { throw ExitStatusError(status: report.loadFailed ? .usage : .nothingWritten) }
        }
    }
}
