import CSVCells
import StatementText

/// The csv source's options, every one optional: what is absent is inferred from the file.
public struct CSVSettings: Sendable {
    public var encoding: TextEncoding?
    /// The separator byte: `,` `;` tab or `|`.
    public var separator: UInt8?
    /// Lines before the header (or the first row when there is none).
    public var skip: Int?
    /// Columns named by options, by header name or position.
    public var columns: [ColumnRole: ColumnReference] = [:]
    public var sideWords = SideWords.defaults
    public var dateFormat: DatePattern?
    /// The calendar the dates count in; nil: Gregorian, and a year no statement has is refused.
    public var calendar: DateCalendar?
    public var decimalMark: DecimalMark?
    public var zone: ZoneRule?
    public var defaultCurrency: String?
    public var account: String?
    public var accountID: String?
    /// `account-column=none`: every row is the one account's, whatever a column of accounts says.
    public var oneAccount = false
    /// Whose view the amounts are written in; `.auto` lets the balance chain or payment words decide.
    public var sign: SignOption = .auto
    /// Whether a balance column is walked as a chain (`check-balance=false` turns it off).
    public var checkBalance = true
    /// Whether `sign` and `check-balance` were given (sniff's spec repeats them then).
    public var signGiven = false
    public var checkBalanceGiven = false
    /// `debit-words` or `credit-words` given: the user has said which word is which side.
    public var sideWordsGiven = false
    /// Every reading option given (not the file, nor where options came from), in the order
    /// ``declared`` lists them: sniff's spec and rules repeat each one.
    public var given: [(name: String, value: String)] = []

    /// The `sign` option: the file's amounts as the account holder sees them, or the other way.
    public enum SignOption: String, Sendable, CaseIterable {
        case auto
        case asIs = "as-is"
        case inverted
    }

    /// - Parameters:
    ///   - options: option name to value, as the host passes them (`separator`, `date-format`,
    ///     `debit-words`…), a `rules` file's keys already merged under them. Names the plugin
    ///     does not know are ignored: the host has checked them.
    public init(options: [String: String]) throws(CSVSettingsError) {
        do { encoding = try TextEncoding.option(in: options) } catch { throw CSVSettingsError(error.message) }
        if let value = options["separator"] {
            switch value {
            case ",", ";", "|": separator = value.utf8.first
            case "tab", "\\t", "\t": separator = 0x09
            default: throw CSVSettingsError("separator \"\(value)\": expected , ; tab or |")
            }
        }
        if let value = options["skip"] {
            guard let lines = Int(value.trimmingBlanks()), lines >= 0 else {
                throw CSVSettingsError("skip \"\(value)\": expected a number of lines, 0 or more")
            }
            skip = lines
        }
        for role in ColumnRole.allCases {
            guard let value = options[role.rawValue] else { continue }
            if role == .account, value.trimmingBlanks().lowercased() == "none" {
                oneAccount = true
                continue
            }
            guard let reference = ColumnReference(option: value) else {
                throw CSVSettingsError(
                    "\(role.rawValue) \"\(value)\": expected a column's header name or its position (1, 2…)")
            }
            columns[role] = reference
        }
        let debitWords = try Self.words(options, "debit-words") ?? SideWords.defaultDebit
        let creditWords = try Self.words(options, "credit-words") ?? SideWords.defaultCredit
        sideWords = SideWords(debit: debitWords, credit: creditWords)
        sideWordsGiven = options["debit-words"] != nil || options["credit-words"] != nil
        if let value = options["date-format"] {
            do {
                dateFormat = try DatePattern(value)
            } catch {
                throw CSVSettingsError("date-format \"\(value)\": \(error.description)")
            }
        }
        if let value = options["calendar"] {
            guard let calendar = DateCalendar(option: value) else {
                throw CSVSettingsError("calendar \"\(value)\": expected gregorian, buddhist, persian or islamic")
            }
            self.calendar = calendar
            dateFormat = dateFormat?.counting(in: calendar)
        }
        if let value = options["decimal-mark"] {
            switch value {
            case ".": decimalMark = .point
            case ",": decimalMark = .comma
            default: throw CSVSettingsError("decimal-mark \"\(value)\": expected . or ,")
            }
        }
        if let value = options["tz"] {
            guard let zone = ZoneRule(identifier: value) else {
                throw CSVSettingsError("tz \"\(value)\": not a time zone this system knows (Europe/Berlin, UTC…)")
            }
            self.zone = zone
        }
        if let value = options["default-currency"] {
            let code = value.trimmingBlanks().uppercased()
            guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw CSVSettingsError("default-currency \"\(value)\": expected an ISO 4217 code such as EUR")
            }
            defaultCurrency = code
        }
        if let value = options["sign"] {
            guard let sign = SignOption(rawValue: value.trimmingBlanks().lowercased()) else {
                throw CSVSettingsError("sign \"\(value)\": expected as-is, inverted or auto")
            }
            self.sign = sign
            signGiven = true
        }
        if let value = options["check-balance"] {
            switch value.trimmingBlanks().lowercased() {
            case "true": checkBalance = true
            case "false": checkBalance = false
            default: throw CSVSettingsError("check-balance \"\(value)\": expected true or false")
            }
            checkBalanceGiven = true
        }
        account = try Self.text(options, "account")
        accountID = try Self.text(options, "account-id")
        let notReading: Set<String> = ["path", "rules", "profile", "save-profile"]
        given = Self.declared.compactMap { option in
            guard !notReading.contains(option.name), let value = options[option.name] else { return nil }
            return (option.name, value)
        }
    }

    private static func words(_ options: [String: String], _ name: String) throws(CSVSettingsError) -> [String]? {
        guard let value = options[name] else { return nil }
        let words = value.split(separator: ",").map { String($0).trimmingBlanks() }.filter { !$0.isEmpty }
        guard !words.isEmpty else {
            throw CSVSettingsError("\(name) \"\(value)\": expected words separated by commas (DR,Debit)")
        }
        return words
    }

    private static func text(_ options: [String: String], _ name: String) throws(CSVSettingsError) -> String? {
        guard let value = options[name] else { return nil }
        let trimmed = value.trimmingBlanks()
        guard !trimmed.isEmpty else { throw CSVSettingsError("\(name): expected a non-empty value") }
        return trimmed
    }

    /// Every option the plugin declares, with its help, in the order `plugins list` shows them.
    public static let declared: [(name: String, help: String)] = [
        ("path", "the CSV file (or a folder of them)"),
        ("rules", "a JSON file of these same options, e.g. saved from `txfeed sniff`"),
        (
            "encoding",
            "any iconv knows: utf-8, windows-1252, shift_jis, iso-8859-2… (default: BOM, else UTF-8, else Shift_JIS or 1252)"
        ),
        ("separator", ", ; tab or | (default: the most consistent one)"),
        ("skip", "lines before the header (default: the preamble found)"),
        ("date", "the date column: its header name or 1-based position"),
        ("vendor", "the payee column"),
        ("vendor-debit", "the payee column of money out, where money in has its own (DKB); vendor when it is empty"),
        ("vendor-credit", "the payee column of money in, where money out has its own (DKB); vendor when it is empty"),
        ("amount", "the signed amount column (or with indicator)"),
        ("debit", "the money-out column, with credit"),
        ("credit", "the money-in column, with debit"),
        ("indicator", "the column of debit/credit words beside amount"),
        ("debit-words", "indicator words for money out, comma-separated (default DR, D, Debit, S, Soll, Af…)"),
        ("credit-words", "indicator words for money in, comma-separated (default CR, C, Credit, H, Haben, Bij…)"),
        ("currency", "the currency column: one account per currency"),
        (
            "account-column",
            "the column naming each row's account, in an export of several (Account Name): one account per name; none for one"
        ),
        ("id", "the bank reference column"),
        ("memo", "the free-text column beside the payee"),
        ("status", "the status column (pending, vorgemerkt… are pending; reverted, declined… are left out)"),
        ("balance", "the running balance column (never imported; checked as a chain)"),
        ("fee", "a fee column: taken from the row's amount (what left the account)"),
        ("sign", "as-is, inverted or auto: auto reads the balance chain or payment words (default auto)"),
        ("check-balance", "true or false: walk the balance column and fail on a break (default true)"),
        ("date-format", "strptime-like: %d.%m.%y, %m/%d/%Y, %d %b %Y… (default: the one every cell fits)"),
        (
            "calendar",
            "gregorian, buddhist (Thai), persian (Solar Hijri) or islamic (Umm al-Qura) (default gregorian, a year no statement has refused)"
        ),
        ("decimal-mark", ". or , (default: decided over every amount)"),
        ("tz", "the time zone of dates with a time (default UTC)"),
        ("default-currency", "the currency when no column gives one (EUR)"),
        ("account", "the account's name (default: the file's stem)"),
        ("account-id", "the account's IBAN or number"),
        ("profile", "a bank profile's name, or none (default: the profile whose header the file has)"),
        ("save-profile", "sniff only: save what was inferred as this profile (what `sniff --save NAME` sets)"),
    ]
}
