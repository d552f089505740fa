/// A known export layout: the header (and, where that is the tell, a preamble line) that
/// identifies it, and the options that read it — the `rules` options, written once for every
/// file the bank hands out.
///
/// A profile is the fast path, not the safety net: the file is still inferred without it, and
/// every disagreement between the two is reported (``CSVDocument/read(bytes:origin:stem:options:profiles:)``).
public struct BankProfile: Sendable, Equatable {
    /// The profile's name (`amex-us`): `profile=NAME` picks it, sniff names it.
    public var name: String
    /// Whose layout it is, for people: `American Express (US)`.
    public var bank: String
    /// The header's cells, in order: a file matches when its non-empty header cells are exactly
    /// these (case, accents and punctuation folded).
    public var header: [String]
    /// Text a preamble line must contain, when the header alone is not the tell.
    public var preamble: String?
    /// The options, as a `rules` file holds them; options given with the source win.
    public var options: [String: String]

    public init(
        name: String, bank: String, header: [String], preamble: String? = nil, options: [String: String]
    ) {
        self.name = name
        self.bank = bank
        self.header = header
        self.preamble = preamble
        self.options = options
    }

    /// Why a file is this profile's: `header: 13 of 13 columns`, with the preamble when it counted.
    public func matches(header cells: [String], preamble lines: [String]) -> String? {
        let given = cells.map(HeaderVocabulary.normalise).filter { !$0.isEmpty }
        guard given == header.map(HeaderVocabulary.normalise).filter({ !$0.isEmpty }) else { return nil }
        var why = "header: \(header.count) of \(header.count) columns"
        if let preamble {
            let tell = HeaderVocabulary.normalise(preamble)
            guard lines.contains(where: { HeaderVocabulary.normalise($0).contains(tell) }) else { return nil }
            why += ", preamble: \"\(preamble)\""
        }
        return why
    }

    /// The first profile of `library` that a file with this header and preamble matches.
    public static func match(
        header: [String], preamble: [String], in library: [BankProfile]
    ) -> (profile: BankProfile, why: String)? {
        for profile in library {
            if let why = profile.matches(header: header, preamble: preamble) { return (profile, why) }
        }
        return nil
    }

    /// The profile as a file holds it: the `rules` object with a `match` member, so that one
    /// written by `sniff --save` is also a `rules` file.
    public var json: String {
        var members = [
            JSONText.quoted("match") + ": {" + JSONText.quoted("header") + ": ["
                + header.map(JSONText.quoted).joined(separator: ", ") + "]"
                + (preamble.map { ", " + JSONText.quoted("preamble") + ": " + JSONText.quoted($0) } ?? "") + "}",
            JSONText.quoted("bank") + ": " + JSONText.quoted(bank),
        ]
        for key in Self.order(options.keys) {
            let value = options[key]!
            let isNumber = key == "skip" && Int(value) != nil
            members.append(JSONText.quoted(key) + ": " + (isNumber ? value : JSONText.quoted(value)))
        }
        return "{\n  " + members.joined(separator: ",\n  ") + "\n}\n"
    }

    /// Options in the order `plugins list` shows them, unknown ones last by name.
    private static func order(_ keys: Dictionary<String, String>.Keys) -> [String] {
        let known = CSVSettings.declared.map(\.name)
        return keys.sorted { a, b in
            let ia = known.firstIndex(of: a) ?? known.count
            let ib = known.firstIndex(of: b) ?? known.count
            return ia == ib ? a < b : ia < ib
        }
    }
}
