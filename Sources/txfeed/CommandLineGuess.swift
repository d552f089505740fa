import Glibc

/// The mistakes a newcomer makes on the first word of the line, caught before ArgumentParser
/// sees it: `run` is the default command, so `txfeed plugin list` would otherwise run the files
/// `plugin` and `list`, fail, and say nothing about the typo.
enum CommandLineGuess {
    static let commands = ["run", "watch", "sniff", "state", "merge", "plugins", "help"]

    /// What `txfeed` alone prints: the commands, briefly, and where to start.
    static let usage = """
        usage: txfeed [run] FILE... [options]    merge statements and sources into one feed
               txfeed watch FILE... [--every 60s]
               txfeed sniff FILE...
               txfeed state show|undo FILE
               txfeed merge PART... -o FILE
               txfeed plugins list|check|new
        Try: txfeed samples/accounts/checking.json     All options: txfeed --help

        """

    /// Why the line is a mistake, or nil to parse it as usual.
    static func problem(_ arguments: [String]) -> String? {
        guard let first = arguments.first else { return nil }
        if first == "help", arguments.count > 1, !commands.contains(arguments[1]) {
            return "help: no command '\(arguments[1])'\(suggestion(arguments[1])); commands: \(names)"
        }
        // A word that is no command and no file: a typo of a command when it is close to one.
        guard !first.hasPrefix("-"), !commands.contains(first), access(first, F_OK) != 0,
            let near = nearest(first)
        else { return nil }
        return "'\(first)' is neither a command nor a file; did you mean `txfeed \(near)`? Commands: \(names)"
    }

    private static var names: String { commands.joined(separator: ", ") }

    private static func suggestion(_ word: String) -> String {
        nearest(word).map { "; did you mean `\($0)`?" } ?? ""
    }

    /// The command within two edits of `word` (case aside), if one is.
    static func nearest(_ word: String) -> String? {
        let lowered = Array(word.lowercased())
        return commands.map { ($0, distance(lowered, Array($0))) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance with transpositions counted as one edit (`wacth` is one from `watch`).
    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
