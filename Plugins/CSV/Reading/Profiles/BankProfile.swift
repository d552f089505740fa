/// A known export layout: the header (and, where that is the tell, a preamble line) that
/// identifies it — or, for a layout without a header, the shape of every column's cells — and
/// the options that read it: the `rules` options, written once for every file the bank hands out.
///
/// A profile is the fast path, not the safety net: the file is still inferred without it, and
/// every disagreement between the two is reported (``CSVDocument/read(bytes:origin:stem:options:profiles:)``).
public struct BankProfile: Sendable, Equatable {
    /// The profile's name (`amex-us`): `profile=NAME` picks it, sniff names it.
    public var name: String
    /// Whose layout it is, for people: `American Express (US)`.
    public var bank: String
    /// The header's cells, in order: a file matches when its non-empty header cells are exactly
    /// these (case, accents and punctuation folded). Empty for a profile matched by ``cells``.
    public var header: [String]
    /// For a layout without a header: each column's shape, in order. A file without a header
    /// matches when every row it samples has these columns and each cell fits its shape; the
    /// options then name columns by position.
    public var cells: [CellShape]
    /// Text a preamble line must contain, when the header alone is not the tell.
    public var preamble: String?
    /// For a layout without a header: the file's first and last lines must be its account's
    /// opening and closing balance rows (``CSVDocument/hasStatementBalances``: LCL's export).
    public var balanceRows: Bool
    /// The options, as a `rules` file holds them; options given with the source win.
    public var options: [String: String]

    public init(
        name: String, bank: String, header: [String] = [], cells: [CellShape] = [], preamble: String? = nil,
        balanceRows: Bool = false, options: [String: String]
    ) {
        self.name = name
        self.bank = bank
        self.header = header
        self.cells = cells
        self.preamble = preamble
        self.balanceRows = balanceRows
        self.options = options
    }

    /// Why a file is this profile's: `header: 13 of 13 columns`, with the preamble when it counted.
    public func matches(header cells: [String], preamble lines: [String]) -> String? {
        guard !header.isEmpty else { return nil }
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

    /// Why a file without a header is this profile's: `cells: 5 of 5 columns in every row`.
    /// - Parameters:
    ///   - rows: the file's first rows, each cell trimmed (``CSVDocument/headerlessRows``).
    ///   - every: whether those are all the table's rows, for the reason's wording.
    public func matches(rows: [[String]], every: Bool) -> String? {
        guard !cells.isEmpty, !rows.isEmpty else { return nil }
        let patterns = cells.map(\.datePattern)
        for row in rows {
            guard row.count == cells.count else { return nil }
            for column in cells.indices where !cells[column].fits(row[column], pattern: patterns[column]) {
                return nil
            }
        }
        let which = every ? "in every row" : "in the first \(rows.count) rows"
        return "cells: \(cells.count) of \(cells.count) columns \(which)"
    }

    /// The first profile of `library` that the file matches: by its header and preamble, or by
    /// its rows' cells when it has no header.
    public static func match(_ document: CSVDocument, in library: [BankProfile]) -> (profile: BankProfile, why: String)?
    {
        for profile in library where !profile.balanceRows || document.hasStatementBalances {
            var why =
                document.headerCells.isEmpty
                ? profile.matches(rows: document.headerlessRows, every: document.headerlessRowsAreAll)
                : profile.matches(header: document.headerCells, preamble: document.preambleLines)
            if profile.balanceRows { why = why.map { $0 + ", the first and last lines its balance rows" } }
            if let why { return (profile, why) }
        }
        return nil
    }

    /// The profile as a file holds it: the `rules` object with a `match` member, so that one
    /// written by `sniff --save` is also a `rules` file.
    public var json: String {
        let matched =
            cells.isEmpty
            ? JSONText.quoted("header") + ": [" + header.map(JSONText.quoted).joined(separator: ", ") + "]"
            : JSONText.quoted("cells") + ": [" + cells.map { JSONText.quoted($0.description) }.joined(separator: ", ")
                + "]"
        var members = [
            JSONText.quoted("match") + ": {" + matched
                + (preamble.map { ", " + JSONText.quoted("preamble") + ": " + JSONText.quoted($0) } ?? "")
                + (balanceRows ? ", " + JSONText.quoted("balance-rows") + ": true" : "") + "}",
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
