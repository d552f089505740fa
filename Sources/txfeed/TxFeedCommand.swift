import ArgumentParser
import Glibc
import TxFeed

@main
struct TxFeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "txfeed",
        abstract: "Merge transaction feeds from data-source plugins into one clean feed.",
        version: TxFeed.version,
        subcommands: [RunCommand.self, WatchCommand.self, PluginsCommand.self],
        defaultSubcommand: RunCommand.self)

    /// ArgumentParser exits 64 on usage errors; SPEC.md says 2.
    static func main() {
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let status as ExitStatusError {
            Glibc.exit(status.status.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Glibc.exit(0)
            }
            let message = fullMessage(for: error)
            if !message.isEmpty { StandardStreams.error(message + "\n") }
            Glibc.exit(code == .validationFailure ? ExitStatus.usage.rawValue : code.rawValue)
        }
    }
}

/// Ends the process with a txfeed exit status after the command has reported.
struct ExitStatusError: Error {
    var status: ExitStatus
}

/// A usage error, printed as ArgumentParser prints its own, exiting 2.
func usageFailure(_ message: String) -> ExitStatusError {
    failure(message, status: .usage)
}

/// An error printed the same way, exiting with `status`.
func failure(_ message: String, status: ExitStatus) -> ExitStatusError {
    StandardStreams.error("txfeed: error: \(message)\n")
    return ExitStatusError(status: status)
}

