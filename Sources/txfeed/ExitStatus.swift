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

/// Refuses an option given more than once where one value is all the command can use.
/// ArgumentParser keeps an optional option's last value without a word, which lost files
/// (`merge -o a.csv -o b.json` wrote b.json alone), so such options are arrays that only catch
/// a second value.
func refuseRepeated(_ options: KeyValuePairs<String, [String]>, because reason: String) throws {
    for (option, values) in options where values.count > 1 {
        throw usageFailure(
            "\(option) is given \(values.count) times (\(values.joined(separator: ", "))); \(reason)")
    }
}
