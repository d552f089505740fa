/// libxml2's messages for XML that is not well formed, said in a reader's words: what is wrong
/// in the file, and what usually did it. libxml2 names its own parsing steps (`StartTag: invalid
/// element name`, `ParsePI: PI OFX never end ...`), which tell someone holding a bank's file
/// nothing. A message not listed is kept as libxml2 wrote it.
public enum LibXML2Message {
    /// `message` (trailing blanks trimmed) in plain words.
    public static func plain(_ message: String) -> String {
        for rule in rules {
            guard message.hasPrefix(rule.prefix) else { continue }
            return rule.words(String(message.dropFirst(rule.prefix.count)))
        }
        return message
    }

    /// libxml2's message begins `prefix`; `words` gets the rest.
    private typealias Rule = (prefix: String, words: @Sendable (String) -> String)

    private static let rules: [Rule] = [
        ("Opening and ending tag mismatch: ", mismatch),
        ("StartTag: invalid element name", fixed("a < that begins no element name (a < in text is written &lt;)")),
        ("ParsePI: PI ", instruction),
        ("PI ", instruction),
        ("parsing XML declaration: '?>' expected", fixed("the <?xml …?> declaration does not end with ?>")),
        (
            "XML declaration allowed only at the start of the document",
            fixed("an <?xml …?> declaration after the file's start: two files joined together?")
        ),
        (
            "Malformed declaration expecting version",
            fixed(#"the <?xml …?> declaration has no version (<?xml version="1.0" …?>)"#)
        ),
        ("Blank needed here", fixed("a declaration (<?xml …?>) is damaged: a space missing, or its ?> end")),
        ("Document is empty", fixed("no XML element in the file: it is empty, or text without tags")),
        (
            "Extra content at the end of the document",
            fixed(
                "more after the end of the file's root element: its end tag early, a stray line, or two files joined?")
        ),
        ("Couldn't find end of Start Tag ", { rest in "the start tag <\(name(rest)) does not end with >" }),
        ("expected '>'", fixed("a tag does not end with >")),
        ("error parsing attribute name", damagedTag),
        ("attributes construct error", damagedTag),
        (
            "Specification mandates value for attribute ",
            { rest in
                "a tag is damaged: \"\(name(rest))\" inside it reads as an attribute without a value (a space in "
                    + "the element's name?)"
            }
        ),
        ("String not closed expecting", fixed("an attribute's value in a tag has no closing quote")),
        ("String not started expecting", fixed("an attribute's value in a tag does not begin with a quote")),
        ("AttValue: \" or ' expected", fixed("an attribute's value in a tag does not begin with a quote")),
        (
            "Unescaped '<' not allowed in attributes values",
            fixed("a < inside an attribute's value (it is written &lt;)")
        ),
        ("Failed to parse QName ", { rest in "the name \(rest) in a tag is damaged" }),
        ("Double hyphen within comment", fixed("a comment (<!-- … -->) holds --, which XML allows in none")),
        ("Comment not terminated", fixed("a comment (<!--) never ends with -->")),
        ("EntityRef: expecting ';'", entity),
        ("xmlParseEntityRef: no name", entity),
        (
            "Entity '",
            { rest in
                "&\(rest.prefix { $0 != "'" }); is no XML entity (XML has &amp; &lt; &gt; &quot; &apos;)"
            }
        ),
        ("PCDATA invalid Char value ", { rest in control(Int(rest.prefix { $0.isNumber })) }),
        ("Char 0x", { rest in control(Int(rest.prefix { $0.isHexDigit }, radix: 16)) }),
        ("Premature end of data in tag ", { rest in "the file ends inside <\(name(rest))>: cut short" }),
    ]

    /// `A line 12 and B`: B's end tag where A's was due.
    private static func mismatch(_ rest: String) -> String {
        let words = rest.split(separator: " ")
        guard words.count == 5, words[1] == "line", words[3] == "and" else {
            return "Opening and ending tag mismatch: \(rest)"
        }
        return "</\(words[4])> where </\(words[0])> of line \(words[2]) is due: a tag misspelt, or one left open"
    }

    /// `OFX never end ...`, `OFX space expected`: a processing instruction (`<?OFX …?>`).
    private static func instruction(_ rest: String) -> String {
        let target = rest.prefix { $0 != " " }
        return rest.hasSuffix("never end ...")
            ? "the <?\(target) …?> instruction does not end with ?>"
            : "the <?\(target) …?> instruction is damaged: a space is missing after its name"
    }

    /// A message that names nothing of libxml2's.
    private static func fixed(_ words: String) -> @Sendable (String) -> String {
        { _ in words }
    }

    private static let damagedTag = fixed(
        "a tag is damaged: what follows its name is no attribute (a stray character inside < >?)")

    private static let entity = fixed("an & that begins no entity (an & in text is written &amp;)")

    private static func control(_ value: Int?) -> String {
        let code = value.map { " (" + ($0 < 16 ? "0x0" : "0x") + String($0, radix: 16, uppercase: true) + ")" } ?? ""
        return "a character XML allows in no text\(code): a control character, or binary data in the file"
    }

    /// The element name at the start of libxml2's `NAME line 12`.
    private static func name(_ rest: String) -> Substring {
        rest.prefix { $0 != " " }
    }
}
