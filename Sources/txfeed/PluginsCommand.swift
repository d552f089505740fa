import ArgumentParser
import Foundation
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

        /// Set on the child that really loads the plugin (see ``run()``).
        @Flag(name: .customLong("in-process"), help: .hidden)
        var inProcess = false

        /// The plugin is exercised in a child txfeed, so that a plugin that crashes (a null
        /// pointer, an abort) is reported as a failed check instead of taking the report with it.
        func run() throws {
            if inProcess { try checkHere() } else { try runInChild() }
        }

        private func checkHere() throws {
            // Unbuffered: every line is out before the next step, which may crash.
            let report = PluginCheck(path: path, timeout: timeout).run { line in
                StandardStreams.output(line + "\n")
            }
            if !report.passed { throw ExitStatusError(status: report.loadFailed ? .usage : .nothingWritten) }
        }

        private func runInChild() throws {
            let child = Process()
            // This txfeed, or the built one when a test runs the command in its own process.
            guard let executable = PluginHostChild.executable() else { return try checkHere() }
            child.executableURL = URL(fileURLWithPath: executable).resolvingSymlinksInPath()
            child.arguments = ["plugins", "check", "--in-process", "--timeout", "\(timeout)", path]
            // The report comes through a pipe, passed on line by line as it comes, so that a
            // report the plugin cut short (its own exit) is seen to have no verdict.
            let pipe = Pipe()
            child.standardOutput = pipe
            do {
                try child.run()
            } catch {
                // No child to be had: check here, without the safety net.
                return try checkHere()
            }
            var tail: [UInt8] = []
            while let data = try? pipe.fileHandleForReading.read(upToCount: 1 << 16), !data.isEmpty {
                StandardStreams.write(data, to: 1)
                tail = Array((tail + data).suffix(4096))
            }
            child.waitUntilExit()
            if child.terminationReason == .uncaughtSignal {
                let signal = child.terminationStatus
                print(
                    "FAIL  the plugin crashed the check: \(String(cString: strsignal(signal))) (signal \(signal)); the step after the last line above"
                )
                print("FAILED  \(path): the plugin crashed")
                throw ExitStatusError(status: .nothingWritten)
            }
            let status = child.terminationStatus
            let last = String(decoding: tail, as: UTF8.self).split(separator: "\n").last ?? ""
            let verdict =
                (status == 0 && last.hasPrefix("PASS  "))
                || (status == ExitStatus.nothingWritten.rawValue && last.hasPrefix("FAILED  "))
                || status == ExitStatus.usage.rawValue
            guard verdict else {
                // The plugin ended the process itself (exit, _exit) before the check was done.
                print(
                    "FAIL  the plugin ended the check's process with exit status \(status) before the check finished; the step after the last line above"
                )
                print("FAILED  \(path): the plugin exited")
                throw ExitStatusError(status: .nothingWritten)
            }
            switch status {
            case 0: return
            case ExitStatus.usage.rawValue: throw ExitStatusError(status: .usage)
            default: throw ExitStatusError(status: .nothingWritten)
            }
        }
    }
}
