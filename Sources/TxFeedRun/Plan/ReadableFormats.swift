import TxFeedModel
import TxFeedPluginHost

/// What the source plugins that claim files read, in their own words: a file none of them claims
/// is told which formats txfeed reads and which plugin reads each. Built from each plugin's
/// description, never from a list kept here, so a plugin added to the search path is named too.
enum ReadableFormats {
    /// The longest phrase taken from a description: a plugin's first clause is meant to be short.
    static let phraseLimit = 60

    /// `ISO 20022 camt.053/.052/.054 statements (camt), …, Quicken QIF files (qif)`.
    static func list(_ plugins: [LoadedPlugin]) -> String {
        plugins.map { plugin in
            let what = phrase(plugin.summary)
            return what.isEmpty ? plugin.name : "\(what) (\(plugin.name))"
        }.joined(separator: ", ")
    }

    /// A description's first clause without its leading `Reads `: what comes before the first
    /// `,`, `;` or `:` outside parentheses, cut at a word with `…` past ``phraseLimit``.
    static func phrase(_ description: String) -> String {
        var text = Substring(description)
        if text.hasPrefix("Reads ") { text = text.dropFirst(6) }
        var depth = 0
        var end = text.endIndex
        scan: for index in text.indices {
            switch text[index] {
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            case ",", ";", ":":
                if depth == 0 {
                    end = index
                    break scan
                }
            default: continue
            }
        }
        let clause = text[..<end].trimmingSpaces
        guard clause.count > phraseLimit else { return String(clause) }
        let head = clause.prefix(phraseLimit)
        let word = head.lastIndex(of: " ").map { head[..<$0] } ?? head
        return word.trimmingSpaces + "…"
    }
}
