import ArgumentParser
import TxFeed

struct PluginsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugins",
        abstract: "List and check plugins.",
        subcommands: [List.self, Check.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Every plugin found: name, kind, ABI version, file, options.")

        @Option(name: .customLong("plugin-path"), help: "A folder to look in first.")
        var pluginPaths: [String] = []

        func run() throws {
            let searchPath = PluginSearchPath.standard(explicit: pluginPaths)
            print("Plugin folders, in order: \(searchPath.folders.joined(separator: ", "))")
            var problems = 0
            for candidate in searchPath.candidates() {
                do {
                    let plugin = try PluginLoader.load(path: candidate.path)
                    print("\(plugin.name)  \(plugin.kind)  ABI \(plugin.abiVersion)  \(plugin.path)")
                    print("    \(plugin.summary)")
                    for option in plugin.options {
                        print("    \(option.name)\(option.isMain ? " (main)" : ""): \(option.help)")
                    }
                } catch {
                    problems += 1
                    print("\(candidate.name)  not loadable: \(error)")
                }
            }
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Load one plugin file, validate it, run it with its sample configuration, report.")

        @Argument(help: "The plugin file (.so).")
        var path: String

        @Option(help: "Seconds the sample run gets.")
        var timeout: Double = 10

        func run() throws {
            let report = PluginCheck(path: path, timeout: timeout).run()
            for line in report.lines { print(line) }
            if !report.passed { throw ExitStatusError(status: report.loadFailed ? .usage : .nothingWritten) }
        }
    }
}
