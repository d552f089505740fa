import TxFeedOutput

extension RunPlan {
    /// The live display on stderr while sources load, when progress is wanted and stderr is a
    /// terminal; nil otherwise, so that no escape code ever reaches a file or pipe.
    ///
    /// Skeleton rows when the feed's table will take their place on the terminal; otherwise
    /// (`-o` files, stdout a pipe) one status line with a running record count.
    ///
    /// - Parameters:
    ///   - label: what the status line starts with (`refresh 3` in `watch`).
    public func liveProgress(label: String? = nil) -> (any RunProgress)? {
        guard progress, TerminalCapabilities(fd: 2).isTerminal else { return nil }
        return drawsFeedOnTerminal ? SkeletonView() : StatusLineView(label: label)
    }

    /// Whether a built-in sink writes the feed to stdout, and stdout is a terminal.
    var drawsFeedOnTerminal: Bool {
        let toStandardOutput = sinks.contains { sink in
            guard case .builtIn = sink.format else { return false }
            return sink.path == nil
        }
        return toStandardOutput && TerminalCapabilities(fd: 1).isTerminal
    }
}
