import TxFeedModel

/// One `[[rule]]`: conditions that must all hold, and what to do when they do.
public struct Rule: Sendable {
    /// Its place among every rules file's rules, from 1, and in its own file.
    public var number: Int
    public var name: String?
    public var file: String
    /// The line of its `[[rule]]` header, when the file's rules were all written so.
    public var line: Int?
    var match: Match
    var category: Template?
    var vendor: Template?
    var memo: Template?
    var tags: [String]
    /// Skip the record, for this reason.
    var skip: String?
    /// No later rule applies.
    var stop: Bool
    /// Records it must match, and records it must not (`rules test`).
    var examples: [Example]
    var counterexamples: [Example]

    /// `rule 3 ("Coffee")`, or `rule 3` without a name: how messages name it.
    public var label: String { name.map { "rule \(number) (\"\($0)\")" } ?? "rule \(number)" }

    /// `bank.toml:40`, or the file alone.
    public var place: String { line.map { "\(file):\($0)" } ?? file }
}

/// A record written in a rule for `rules test`, with how the file wrote it (for messages).
struct Example: Sendable {
    var record: RuleRecord
    /// `vendor "AMZN Mktp US", amount -12.00`.
    var text: String
}

/// An action's text with `$1`…`$9` (`$0` the whole match) taken from the rule's first
/// regular expression; `$$` is a `$`.
struct Template: Sendable, Equatable {
    enum Piece: Sendable, Equatable {
        case text(String)
        case capture(Int)
    }

    var pieces: [Piece]

    init(_ text: String) {
        var pieces: [Piece] = []
        var literal = ""
        var rest = Substring(text)
        while let c = rest.first {
            rest = rest.dropFirst()
            guard c == "$", let next = rest.first else {
                literal.append(c)
                continue
            }
            if next == "$" {
                literal.append("$")
                rest = rest.dropFirst()
            } else if let digit = next.wholeNumberValue, next.isASCII {
                if !literal.isEmpty { pieces.append(.text(literal)) }
                literal = ""
                pieces.append(.capture(digit))
                rest = rest.dropFirst()
            } else {
                literal.append(c)
            }
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.pieces = pieces
    }

    /// The highest capture it names (0 without one).
    var highestCapture: Int {
        pieces.reduce(0) { if case .capture(let n) = $1 { max($0, n) } else { $0 } }
    }

    func expand(_ captures: [String?]) -> String {
        var out = ""
        for piece in pieces {
            switch piece {
            case .text(let text): out += text
            case .capture(let n): out += n < captures.count ? captures[n] ?? "" : ""
            }
        }
        return out
    }
}

extension Template {
    /// `vendor = "clean"`, exactly so: the cleaner's name for the bank's vendor, not a text.
    var isClean: Bool { pieces == [.text("clean")] }

    /// The vendor it writes for `record`: the cleaner's for `vendor = "clean"`, else its text.
    func vendor(for record: RuleRecord, captures: [String?]) -> String {
        isClean ? PayeeCleaner.clean(record.vendor) : expand(captures)
    }
}
