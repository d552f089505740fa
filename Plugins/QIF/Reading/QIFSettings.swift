import CSVCells
import StatementText

/// The qif source's options, every one optional: what is absent is decided over the file.
public struct QIFSettings: Sendable {
    /// The file's encoding, read whole through iconv: QIF names none, and without it the file
    /// is UTF-8, else windows-1252.
    public var encoding: TextEncoding?
    public var dateFormat: DatePattern?
    public var decimalMark: DecimalMark?
    /// The account's name instead of the file's `!Account` name or stem.
    public var account: String?
    /// An ISO 4217 code: QIF states none.
    public var currency: String?

    public init() {}

    /// - Parameters:
    ///   - options: option name to value as the host passes them, a `rules` file merged under them.
    public init(options: [String: String]) throws(QIFSettingsError) {
        do { encoding = try TextEncoding.option(in: options) } catch { throw QIFSettingsError(error.message) }
        if let value = options["date-format"] {
            do {
                dateFormat = try DatePattern(value)
            } catch {
                throw QIFSettingsError("date-format \"\(value)\": \(error.description)")
            }
        }
        if let value = options["decimal-mark"] {
            switch value {
            case ".": decimalMark = .point
            case ",": decimalMark = .comma
            default: throw QIFSettingsError("decimal-mark \"\(value)\": expected . or ,")
            }
        }
        if let value = options["account"] {
            let name = value.trimmingBlanks()
            guard !name.isEmpty else { throw QIFSettingsError("account: expected a non-empty name") }
            account = name
        }
        if let value = options["currency"] {
            let code = value.trimmingBlanks().uppercased()
            guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw QIFSettingsError("currency \"\(value)\": expected an ISO 4217 code such as USD")
            }
            currency = code
        }
    }

    /// Every option the plugin declares, with its help, in the order `plugins list` shows them.
    public static let declared: [(name: String, help: String)] = [
        ("path", "the QIF file"),
        (
            "encoding",
            "any iconv knows: cp1250, cp1251, iso-8859-2, koi8-r… (default: BOM, else UTF-8, else windows-1252)"
        ),
        (
            "date-format",
            "strptime-like, read after ' becomes /: %m/%d/%y, %d.%m.%Y… (default: the one every date fits)"
        ),
        ("decimal-mark", ". or , (default: decided over every amount)"),
        ("account", "the account's name (default: the file's !Account name, else its stem)"),
        ("currency", "the ISO 4217 code of every amount (default: none; QIF states none)"),
        ("rules", "a JSON file of these same options"),
    ]
}
