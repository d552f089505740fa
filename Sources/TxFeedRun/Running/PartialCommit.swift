import TxFeedOutput

/// A rename that failed once every output was staged and synced: the files renamed before it
/// stay replaced (a rename cannot be taken back), so the message names them, and the ones
/// that were not written, instead of claiming that nothing was.
struct PartialCommit: Error, CustomStringConvertible {
    var failure: OutputError
    /// The files already renamed into place, as given.
    var replaced: [String]
    /// The files after the failed one, never renamed (their temporary files removed).
    var notWritten: [String]
    /// Whether a sink had already written the feed to stdout.
    var standardOutputWritten: Bool

    /// Whether anything reached its destination; if not, this is an ordinary "nothing written".
    var wroteSomething: Bool { !replaced.isEmpty || standardOutputWritten }

    var description: String {
        guard wroteSomething else { return failure.description }
        var parts = ["\(failure)"]
        if !replaced.isEmpty { parts.append("already replaced: \(replaced.joined(separator: ", "))") }
        if standardOutputWritten { parts.append("the feed on stdout was written") }
        let failed: String
        if case .failed(let path, _) = failure { failed = path } else { failed = "stdout" }
        parts.append("not written: \(([failed] + notWritten).joined(separator: ", "))")
        return parts.joined(separator: "; ")
    }
}
