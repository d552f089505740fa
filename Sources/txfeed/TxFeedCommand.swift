import ArgumentParser
import Glibc
import Synchronization
import TxFeedModel
import TxFeedOutput
import TxFeedPipeline

@main
struct TxFeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "txfeed",
        abstract: "Merge transaction feeds from data-source plugins into one clean feed.",
        version: TxFeed.version,
        subcommands: [
            RunCommand.self, WatchCommand.self, SniffCommand.self, StateCommand.self, MergeCommand.self,
            RulesCommand.self,
            PluginsCommand.self,
        ],
        defaultSubcommand: RunCommand.self)

    /// The one place the process ends: ArgumentParser would exit 64 on usage errors; txfeed's
    /// contract says 2.
    static func main() {
        signal(SIGPIPE, SIG_IGN)
        StopSignals.bypassCrashReporter()
        let arguments: [String]
        do {
            arguments = try RawArguments.read()
        } catch {
            StandardStreams.error("txfeed: error: \(error)\n")
            Glibc.exit(ExitStatus.usage.rawValue)
        }
        // txfeed started as a plugin host child by another txfeed: not a command for people.
        if arguments.first == PluginHostChild.command { PluginHostChild.main(arguments: Array(arguments.dropFirst())) }
        Glibc.exit(execute(arguments))
    }

    /// Whether a command may act for the whole process: block and handle the stop signals,
    /// leave its memory to the exit. False while a test runs commands in its own process
    /// (``execute(_:)``), where neither is the command's.
    static let ownsTheProcess = Atomic(true)

    /// A command line (without the program's name) run to its end: the exit status `main`
    /// exits with, every usage error 2.
    static func execute(_ arguments: [String]) -> Int32 {
        if arguments.isEmpty {
            StandardStreams.error(CommandLineGuess.usage)
            return ExitStatus.usage.rawValue
        }
        if let problem = CommandLineGuess.problem(arguments) {
            StandardStreams.error("txfeed: error: \(problem)\n")
            return ExitStatus.usage.rawValue
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            return ExitStatus.success.rawValue
        } catch let status as ExitStatusError {
            return status.status.rawValue
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                return ExitStatus.success.rawValue
            }
            let message = fullMessage(for: error)
            if !message.isEmpty { StandardStreams.error(message + "\n") }
            return code == .validationFailure ? ExitStatus.usage.rawValue : code.rawValue
        }
    }
}
