import TxFeedOutput
import TxFeedRun

/// txfeed's exit statuses (docs/CLI.md). Decided here, and only here, from what the library
/// reports.
enum ExitStatus: Int32 {
    /// Every source succeeded and nothing was rejected.
    case success = 0
    /// Nothing written: every source failed, a sink failed, or `--strict` met a failure.
    case nothingWritten = 1
    /// Usage or configuration error, or a plugin that cannot be loaded.
    case usage = 2
    /// Output written, but some source failed or some records were rejected.
    case partial = 3

    init(_ outcome: RunOutcome) {
        switch outcome {
        case .complete: self = .success
        case .partial: self = .partial
        case .nothingWritten: self = .nothingWritten
        case .refused: self = .usage
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
