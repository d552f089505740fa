import Glibc
import TxFeedModel

/// `NAME[:VALUE][,key=value...]` — a plugin and its options, as written on the command line.
public struct SourceSpec: Equatable, Sendable {
    /// A plugin name (`fixture`) or a path to a plugin file (contains `/`).
    public var plugin: String
    /// The text after the name, split at commas, not yet matched to options.
    public var pieces: [String]
    /// `NAME:VALUE` may set the main option; after `NAME,` every piece is `key=value`.
    public var allowsBareValue: Bool

    public init(parsing text: String) throws(UsageError) {
        guard let end = text.firstIndex(where: { $0 == ":" || $0 == "," }) else {
            plugin = text
            pieces = []
            allowsBareValue = false
            guard !text.isEmpty else { throw UsageError("empty plugin SPEC") }
            return
        }
        plugin = String(text[..<end])
        guard !plugin.isEmpty else { throw UsageError("'\(text)': SPEC must start with a plugin name") }
        allowsBareValue = text[end] == ":"
        pieces = text[text.index(after: end)...].split(separator: ",", omittingEmptySubsequences: false).map(
            String.init)
    }

    /// Matches the pieces to options. The first piece is the main option's value unless it
    /// is `key=value` with a declared key; a later piece without `=` continues the previous
    /// value (a comma inside it).
    ///
    /// - Parameters:
    ///   - isKnown: whether a key names an option, so `fixture:a=b.json` stays a file name when
    ///     there is such a file; `csv:colour=red`, with neither, is a usage error naming the key.
    public func options(mainOption: String?, isKnown: (String) -> Bool) throws(UsageError) -> [(
        key: String, value: String
    )] {
        var result: [(key: String, value: String)] = []
        for (n, piece) in pieces.enumerated() {
            if let eq = piece.firstIndex(of: "="), isKnown(String(piece[..<eq])) || n > 0 || !allowsBareValue {
                let key = String(piece[..<eq])
                guard !key.isEmpty else { throw UsageError("'\(piece)': option name missing before '='") }
                result.append((key, String(piece[piece.index(after: eq)...])))
            } else if n == 0 {
                guard !piece.isEmpty else { continue }
                if let eq = piece.firstIndex(of: "="), access(piece, F_OK) != 0 {
                    throw UsageError(
                        "'\(plugin):\(piece)': '\(piece[..<eq])' is not an option of \(plugin), and no file is named '\(piece)'"
                    )
                }
                guard allowsBareValue else {
                    throw UsageError("'\(plugin),\(piece)': after a comma give key=value (or write \(plugin):VALUE)")
                }
                guard let mainOption else {
                    throw UsageError("plugin '\(plugin)' has no main option; write \(plugin):KEY=VALUE")
                }
                result.append((mainOption, piece))
            } else if let last = result.popLast() {
                result.append((last.key, last.value + "," + piece))
            }
        }
        return result
    }
}
