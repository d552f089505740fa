/// The built-in payee cleaner: `vendor = "clean"` in a rule, and the grouping of
/// `txfeed rules suggest`. It takes away what banks and card networks write around a
/// merchant's name, in fixed steps (docs/RULES.md, "vendor = clean", gives each with an
/// example), with no regular expression and nothing learned: the same text always cleans to
/// the same name.
///
/// 1. Fixed-width columns: a US card line padded into columns (`STARBUCKS STORE 08812   SEATTLE   WA`)
///    keeps its first column, when the last ends in a state or country code.
/// 2. Booking-text prefixes, again and again: `POS`, `VISA`, `DEBIT CARD PURCHASE`,
///    `CARD PAYMENT TO`, `CHECKCARD`, `Kartenzahlung`, `Lastschrift`, …, UK codes in capitals
///    (`DD`, `SO`, `DEB`, `FPO`, …), and after them what a terminal adds before the name: an
///    amount (`7,40`), a date (`14.03.`, `01/15`, `0115`), a time (`12:15`), a country code
///    (`AT`), a terminal (`K3`).
/// 3. A payment processor before `*`: `PAYPAL *SPOTIFY`, `SQ *BLUE BOTTLE`, `TST* JOES PIZZA`
///    keep what follows it.
/// 4. A `*` reference: from the first `*` on (`AMAZON MKTPL*2K4LM0Q81` → `AMAZON MKTPL`,
///    `UBER *TRIP HELP.UBER.COM` → `UBER`).
/// 5. A place after a comma: `…, SEATTLE WA`.
/// 6. A store or terminal number and all after it (where the city follows): `#552`, `STORE 08812`,
///    `10234`: `#` and digits, or three digits or more, never the first word.
/// 7. A store-type abbreviation at the end: `S/MKT`, `S/STN`.
/// 8. A city and state or country at the end: `SEATTLE WA`, `NEW YORK NY`, `LONDON GBR`,
///    `SPOTIFY USA` (the code alone when it would leave nothing).
/// 9. Separators left at either end (`,`, `-`, `*`, `/`, `.`, `:`).
/// 10. Title Case when the text has no lower-case letter (`TRADER JOE'S` → `Trader Joe's`),
///     short words without a vowel staying in capitals (`CVS`, `TFL`, `H&M`); text with lower
///     case is left as written (`Amazon.co.uk`, `iTunes`).
///
/// A text that would clean to nothing keeps the original.
public enum PayeeCleaner {
    public static func clean(_ text: String) -> String {
        var words = columns(text).split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else { return text }
        dropPrefixes(&words)
        var rest = words.joined(separator: " ")
        rest = dropProcessor(rest)
        rest = dropReference(rest)
        rest = dropPlaceAfterComma(rest)
        words = rest.split(separator: " ").map(String.init)
        dropStoreNumber(&words)
        if words.count > 1, let last = words.last, storeTypes.contains(last.uppercased()) { words.removeLast() }
        dropLocation(&words)
        let cleaned = trimSeparators(words.joined(separator: " "))
        guard !cleaned.isEmpty else { return text }
        return cleaned.contains(where: \.isLowercase) ? cleaned : titleCase(cleaned)
    }

    /// The text a group of `rules suggest` is known by: the clean name, ignoring case.
    public static func key(_ text: String) -> String { clean(text).lowercased() }

    // MARK: 1. columns

    private static func columns(_ text: String) -> String {
        let fields = text.split(separator: "  ", omittingEmptySubsequences: true)
            .map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        guard fields.count > 1, let last = fields.last?.split(separator: " ").last.map(String.init),
            isPlaceCode(last)
        else { return text }
        return fields[0]
    }

    // MARK: 2. prefixes

    /// Booking texts, as words, matched ignoring case (longest first where one starts another).
    static let prefixes: [[String]] = [
        ["debit", "card", "purchase"], ["purchase", "authorized", "on"], ["recurring", "payment", "authorized", "on"],
        ["pos", "purchase"], ["pos", "debit"], ["pos"], ["visa", "debit"], ["visa"], ["mastercard"],
        ["debit", "card"], ["card", "payment", "to"], ["card", "payment"], ["card", "purchase"], ["contactless"],
        ["checkcard"], ["purchase"], ["kartenzahlung"], ["girocard"], ["ec-kartenzahlung"], ["lastschrift"],
        ["sepa-lastschrift"], ["sepa", "lastschrift"], ["sepa-basislastschrift"], ["basislastschrift"],
        ["dauerauftrag"], ["gutschrift"], ["überweisung"],
    ]
    /// UK banks' transaction codes: only in capitals, as banks write them.
    static let codes: Set<String> = ["DD", "SO", "DEB", "FPO", "FPI", "BGC", "CPT", "TFR"]

    private static func dropPrefixes(_ words: inout [String]) {
        var changed = true
        while changed && words.count > 1 {
            changed = false
            let lowered = words.map { $0.hasSuffix(":") ? String($0.dropLast()).lowercased() : $0.lowercased() }
            if let prefix = prefixes.first(where: { p in p.count < words.count && Array(lowered.prefix(p.count)) == p })
            {
                words.removeFirst(prefix.count)
                changed = true
            } else if codes.contains(words[0]), !words[1].hasPrefix("*") {
                words.removeFirst()
                changed = true
            }
            guard changed else { break }
            // What a terminal writes before the name: only right after a booking text.
            while words.count > 1, isTerminalNoise(words[0]) { words.removeFirst() }
        }
    }

    static let terminalCountries: Set<String> = [
        "AT", "DE", "CH", "NL", "BE", "FR", "IT", "ES", "LU", "GB", "IE", "US", "DK", "SE", "NO", "PL", "CZ",
    ]

    /// An amount (`7,40`), a date (`14.03.`, `01/15`, `0115`), a time (`12:15`, `12:15O`), a
    /// country code (`AT`) or a terminal (`K3`).
    private static func isTerminalNoise(_ word: String) -> Bool {
        if terminalCountries.contains(word) { return true }
        let chars = Array(word)
        if chars.count >= 2, chars[0] == "K", chars.dropFirst().allSatisfy(\.isASCIIDigit) { return true }
        var body = chars
        if let last = body.last, last.isLetter, body.count > 1, body.dropLast().contains(":") { body.removeLast() }
        guard let first = body.first, first.isASCIIDigit else { return false }
        return body.allSatisfy { $0.isASCIIDigit || $0 == "." || $0 == "," || $0 == "/" || $0 == ":" || $0 == "-" }
            && (body.count == 4 || body.contains(where: { !$0.isASCIIDigit }))
    }

    // MARK: 3, 4, 5. processors, references, a place after a comma

    /// Payment processors whose `NAME *` comes before the merchant's own name.
    static let processors: Set<String> = ["PAYPAL", "PP", "SQ", "TST", "SP", "IN", "IZ", "SUMUP", "DD", "ZTL"]

    private static func dropProcessor(_ text: String) -> String {
        guard let star = text.firstIndex(of: "*") else { return text }
        let head = text[..<star].trimmingSpaces.uppercased()
        guard processors.contains(head) else { return text }
        let rest = text[text.index(after: star)...].trimmingSpaces
        return rest.isEmpty ? text : rest
    }

    private static func dropReference(_ text: String) -> String {
        guard let star = text.firstIndex(of: "*") else { return text }
        let head = text[..<star].trimmingSpaces
        return head.isEmpty ? String(text[text.index(after: star)...]) : head
    }

    private static func dropPlaceAfterComma(_ text: String) -> String {
        guard let comma = text.firstIndex(of: ",") else { return text }
        let head = text[..<comma].trimmingSpaces
        let tail = text[text.index(after: comma)...].split(separator: " ")
        let place = !tail.isEmpty && tail.count <= 4 && tail.allSatisfy { $0.allSatisfy { $0.isLetter || $0 == "." } }
        return place && !head.isEmpty ? head : text
    }

    // MARK: 6, 7. store numbers and types

    static let storeWords: Set<String> = ["STORE", "STR", "NO", "NO.", "NR", "NR.", "FIL", "FIL."]
    static let storeTypes: Set<String> = ["S/MKT", "S/STN", "SMKT"]

    private static func dropStoreNumber(_ words: inout [String]) {
        guard words.count > 1 else { return }
        for i in 1..<words.count where isStoreNumber(words[i]) {
            var start = i
            if words[i] == "#" && i + 1 == words.count { continue }
            if start > 1, storeWords.contains(words[start - 1].uppercased()) { start -= 1 }
            words.removeSubrange(start...)
            return
        }
    }

    /// `#552`, `#` alone, or a run of three digits or more (`08812`, `10234`).
    private static func isStoreNumber(_ word: String) -> Bool {
        if word.hasPrefix("#") { return word.dropFirst().allSatisfy(\.isASCIIDigit) }
        return word.count >= 3 && word.allSatisfy(\.isASCIIDigit)
    }

    // MARK: 8. city and state or country

    /// US state codes, less those that are common words in names (`CO`, `IN`, `OR`, `ME`,
    /// `OK`, `HI`, `DE`, `LA`, `PA`, `MA`, `AL`), which a city before them does not make sure of.
    static let states: Set<String> = [
        "AK", "AZ", "AR", "CA", "CT", "DC", "FL", "GA", "ID", "IL", "IA", "KS", "KY", "MD", "MI", "MN", "MS",
        "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "RI", "SC", "SD", "TN", "TX", "UT", "VT",
        "VA", "WA", "WV", "WI", "WY",
    ]
    /// ISO 3166 three-letter codes card networks write after a city.
    static let countries: Set<String> = [
        "GBR", "USA", "DEU", "FRA", "IRL", "NLD", "ESP", "ITA", "CAN", "AUS", "AUT", "BEL", "CHE", "DNK",
        "SWE", "NOR", "POL", "PRT", "LUX", "CZE", "NZL", "JPN", "SGP", "HKG", "MEX",
    ]
    /// First words of two-word cities: `NEW YORK`, `SAN FRANCISCO`.
    static let cityStarts: Set<String> = ["NEW", "SAN", "LOS", "LAS", "SANTA", "ST", "FORT", "SALT", "EL", "PALO"]

    static func isPlaceCode(_ word: String) -> Bool { states.contains(word) || countries.contains(word) }

    private static func dropLocation(_ words: inout [String]) {
        guard words.count > 1, let code = words.last, isPlaceCode(code) else { return }
        words.removeLast()
        guard words.count > 1, let city = words.last, city.count >= 3, city.allSatisfy(\.isLetter),
            !city.contains(where: \.isLowercase)
        else { return }
        words.removeLast()
        if words.count > 1, let start = words.last, cityStarts.contains(start) { words.removeLast() }
    }

    // MARK: 9, 10. separators and case

    private static let separators: Set<Character> = [",", "-", "*", "/", ".", ":", ";", "#", " "]

    private static func trimSeparators(_ text: String) -> String {
        String(text.drop { separators.contains($0) }.reversed().drop { separators.contains($0) }.reversed())
    }

    /// Words that read better in Title Case though they have no vowel.
    static let titledAbbreviations: Set<String> = [
        "LTD", "MKT", "MKTPL", "ST", "DR", "MR", "MRS", "CTR", "BLVD", "PL", "WHSL",
    ]

    static func titleCase(_ text: String) -> String {
        var out = ""
        var segment = ""
        func flush() {
            let vowels = segment.contains { "AEIOUY".contains($0) }
            let letters = segment.filter(\.isLetter).count
            if segment == "GMBH" {
                out += "GmbH"
            } else if !vowels && letters > 0 && segment.count <= 4 && !titledAbbreviations.contains(segment) {
                out += segment
            } else {
                var first = true
                for c in segment {
                    out += first ? String(c) : c.lowercased()
                    first = false
                }
            }
            segment = ""
        }
        for c in text {
            if c == " " || c == "/" || c == "-" || c == "(" || c == "\"" {
                flush()
                out.append(c)
            } else {
                segment.append(c)
            }
        }
        flush()
        return out
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
