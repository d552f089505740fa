// API skeleton: the csv-reading helper replaces every body. The plugin (Plugins/CSV/Plugin)
// codes against these signatures; change them only together with it.
import CSVCells

/// The csv source's options, every one optional: what is absent is inferred from the file.
public struct CSVSettings: Sendable {
    /// - Parameters:
    ///   - options: option name to value, as the host passes them (`separator`, `date-format`,
    ///     `debit-words`…), a `rules` file's keys already merged under them. Names the plugin
    ///     does not know are ignored: the host has checked them.
    public init(options: [String: String]) throws(CSVSettingsError) {
        fatalError("skeleton")
    }

    /// Every option the plugin declares, with its help, in the order `plugins list` shows them.
    public static let declared: [(name: String, help: String)] = []
}

public struct CSVSettingsError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A whole bank CSV file, read once to infer how it is written (encoding, separator, header,
/// column roles, date format, decimal mark), then as many times as needed to hand it out.
public final class CSVDocument {
    /// - Parameters:
    ///   - bytes: the whole file, as it is on disk (usually mapped); borrowed until the document is released.
    ///   - origin: the file's path, for messages.
    ///   - stem: the file's name without folder and extension: the account's default name.
    public init(bytes: UnsafeRawBufferPointer, origin: String, stem: String, settings: CSVSettings) {
        fatalError("skeleton")
    }

    /// What stops the file being read as it is (an ambiguous date format, no amount column…),
    /// each message naming the option that settles it. Empty when it reads.
    public var problems: [String] { fatalError("skeleton") }

    /// Findings worth a line on stderr during a run: rows skipped and why, trailing summary rows.
    public var notes: [String] { fatalError("skeleton") }

    /// What `txfeed sniff` prints for the file: encoding, separator, header line, every
    /// column's role with two sample values, date format and decimal mark with their evidence,
    /// rows skipped and why, and a ready `-s` spec and `rules` JSON. One finding a line.
    public var report: String { fatalError("skeleton") }

    /// The accounts the file holds: one per currency when a currency column has several.
    public var accounts: [CSVAccount] { fatalError("skeleton") }

    /// Hands out `account`'s rows in file order, at most `batchSize` entries a batch; stops
    /// early when `body` returns false.
    public func forEachBatch(account: Int, batchSize: Int, _ body: (CSVBatch) -> Bool) {
        fatalError("skeleton")
    }

    /// How sure the csv source is that a file is a bank CSV export: 0 (not a CSV: JSON, XML,
    /// OFX…) to 80; the name (`.csv`, `.tsv`, `.txt`) and a consistent separator count.
    public static func confidence(path: String, head: UnsafeBufferPointer<UInt8>) -> Int {
        fatalError("skeleton")
    }
}

/// One account's header: what `begin_account` gets.
public struct CSVAccount: Sendable, Equatable {
    public var name: String
    /// ISO 4217 code, or nil when neither a column nor `default-currency` gives one.
    public var currency: String?
    /// The account's id (IBAN or number) when the preamble or the `account-id` option gives it.
    public var id: String?

    public init(name: String, currency: String?, id: String?) {
        self.name = name
        self.currency = currency
        self.id = id
    }
}

/// A range of bytes in ``CSVBatch/bytes``; `nil` where a field is absent.
public typealias CSVField = Range<Int>?

/// Entries and rejects read from a run of rows; every text lives in `bytes`, UTF-8.
public struct CSVBatch: Sendable {
    public var bytes: [UInt8] = []
    public var entries: [CSVEntry] = []
    public var rejects: [CSVReject] = []
    public init() {}
}

/// One row as a transaction: `date` in a host date form, `amount` a plain signed decimal.
public struct CSVEntry: Sendable {
    public var line: Int
    public var date: Range<Int>
    public var vendor: Range<Int>
    public var amount: Range<Int>
    public var id: CSVField
    public var memo: CSVField
    /// The row as it was in the file (after decoding), for `--rejects`.
    public var raw: Range<Int>
    public var pending: Bool

    public init(
        line: Int, date: Range<Int>, vendor: Range<Int>, amount: Range<Int>, id: CSVField, memo: CSVField,
        raw: Range<Int>, pending: Bool
    ) {
        self.line = line
        self.date = date
        self.vendor = vendor
        self.amount = amount
        self.id = id
        self.memo = memo
        self.raw = raw
        self.pending = pending
    }
}

/// A row the reader could not take: a short row, a cell that does not parse.
public struct CSVReject: Sendable {
    public var line: Int
    /// Names the column: `amount "1,23,4": thousands separators out of place`.
    public var reason: String
    public var raw: Range<Int>

    public init(line: Int, reason: String, raw: Range<Int>) {
        self.line = line
        self.reason = reason
        self.raw = raw
    }
}
