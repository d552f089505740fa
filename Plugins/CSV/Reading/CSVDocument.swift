import CSVCells
import StatementText

/// A whole bank CSV file, read once to infer how it is written (encoding, separator, header,
/// column roles, date format, decimal mark), then as many times as needed to hand it out.
///
/// The first pass (in `init`) keeps no row: it decides, over every row, what the rows mean;
/// ``forEachBatch(account:batchSize:_:)`` reads them again, one batch into one reused arena.
/// Used from one thread at a time (the plugin's `run`), so it is not `Sendable`.
public final class CSVDocument {
    private let origin: String
    private let settings: CSVSettings
    private let decoded: DecodedText
    private var text: CSVBytes { decoded.text }
    private var separator: UInt8 = UInt8(ascii: ",")
    private var layout: TableLayout?
    private var reader: CSVRowReader?
    private var currencyColumn: Int?
    /// The column naming each row's account, once it has named two or more (else nil).
    private var accountColumn: Int?
    /// Section lines inside the table (`"Pending Transactions"`), by line: what the rows under
    /// each are. Empty for almost every file.
    private var sections: [Int: StatementWords.Section] = [:]
    /// Each account's cells: its name in the account column and its currency.
    private var accountKeys: [AccountKey] = [AccountKey()]
    var found = CSVReport()
    private var counted: CSVReport.Rows?
    /// The accounts whose balance rows (found only by reading them) are in the notes.
    private var balanceRowsSaid: Set<Int> = []
    private var problemList: [String] = []
    private var noteList: [String] = []
    private var accountList: [CSVAccount] = []
    /// The header's cells (empty when the file has none) and the preamble's lines: what a bank
    /// profile is matched by.
    public private(set) var headerCells: [String] = []
    public private(set) var preambleLines: [String] = []
    /// A file without a header: its first rows (up to ``sampleRows``), every field trimmed, rows
    /// of any width: what a profile matched by its cells is matched by. Empty when there is a header.
    public private(set) var headerlessRows: [[String]] = []
    /// Whether ``headerlessRows`` are every row of the table.
    public private(set) var headerlessRowsAreAll = false
    /// A file without a header, read: each column's shape as its rows and decided roles say,
    /// what `sniff --save` matches it by. Empty when there is a header.
    public private(set) var headerlessShapes: [CellShape] = []
    /// The opening and closing balance rows around a headerless table (LCL's export), checked
    /// against the rows' amounts; nil for every other file.
    private var statementBalances: StatementBalances?
    /// Whether the file is a table between its account's opening and closing balance rows:
    /// what LCL's profile is matched by, beside its rows' cells.
    public var hasStatementBalances: Bool { statementBalances != nil }
    /// The sign the file's evidence says (the balance chain or payment words), whether or not
    /// `sign` was given; nil when nothing decides it.
    public private(set) var inferredSign: CSVSettings.SignOption?
    /// What the payment words said when `sign` was given: `payment words: 2 of 2 rows run against the other 12`.
    private(set) var signEvidence = ""
    /// The amount column of a file without a header, when no cell is signed or marked either
    /// way (`7.80`, no `-`, `CR` or indicator): nothing names it money in rather than money out.
    private var unsignedColumnWithoutHeader: Int?
    /// A column no role took whose every sampled row holds one of two words (Polish banks'
    /// `Typ` of `Uznanie` and `Obciążenie`): beside amounts none of which is signed, it may be
    /// what says which way each goes.
    private var twoWordColumn: (column: Int, name: String, words: [String])?

    /// - Parameters:
    ///   - bytes: the whole file, as it is on disk (read whole); borrowed until the document is released.
    ///   - origin: the file's path, for messages.
    ///   - stem: the file's name without folder and extension: the account's default name.
    public init(bytes: UnsafeRawBufferPointer, origin: String, stem: String, settings: CSVSettings) {
        self.origin = origin
        self.settings = settings
        decoded = TextDecoding.decode(bytes, declared: settings.encoding)
        // The file as given, BOM and all: what the encoding's findings look at.
        let file = CSVBytes(borrowing: bytes.bindMemory(to: UInt8.self))
        found.origin = origin
        found.given = settings.given
        found.encoding = Self.describeEncoding(decoded, declared: settings.encoding != nil, bytes: file)
        accountList = [
            CSVAccount(name: settings.account ?? stem, currency: settings.defaultCurrency, id: settings.accountID)
        ]
        if let problem = decoded.problem {
            addProblem(problem)
            addUnmarkedUTF16Problem(file)
            return
        }
        if let lines = decoded.windows1252Lines {
            addNote(
                "read as UTF-8, but \(lines.count.counted("line")) not valid UTF-8 read as windows-1252 "
                    + "(\(Self.lineList(lines))): the file mixes encodings")
        } else if decoded.guessed {
            addNote(
                decoded.encoding == .shiftJIS
                    ? "read as cp932 (Shift_JIS): not valid UTF-8, no encoding given, and its bytes pair up as Japanese"
                    : "read as windows-1252: not valid UTF-8 and no encoding given" + Self.euroHint(file))
        }
        if decoded.encoding != .utf8 { found.options.append(("encoding", decoded.encoding.rawValue, false)) }
        readTable(stem: stem)
        addUnmarkedUTF16Problem(file)
    }

    /// A NUL beside every ASCII character read as UTF-8 finds no column, and UTF-16 of other
    /// scripts is no windows-1252 either: when the file failed, the likely cause, first.
    private func addUnmarkedUTF16Problem(_ bytes: CSVBytes) {
        guard !problemList.isEmpty, settings.encoding == nil,
            let name = bytes.withSpan({ TextDecoding.unmarkedUTF16($0) })
        else { return }
        let message =
            "the bytes look like \(name.uppercased()) without a byte order mark (a NUL byte beside "
            + "every ASCII character): set encoding=\(name)"
        problemList.insert("\(origin): \(message)", at: 0)
        found.problems.insert(message, at: 0)
    }

    // MARK: - Public findings

    /// What stops the file being read as it is (an ambiguous date format, no amount column…),
    /// each message naming the option that settles it. Empty when it reads.
    public var problems: [String] { problemList }

    /// Findings worth a line on stderr during a run: rows skipped and why, trailing summary rows,
    /// the windows-1252 guess, a dropped empty column. Without the file's name: the caller
    /// writes it before each. Rows that are the account's balance are known only once
    /// ``forEachBatch(account:batchSize:_:)`` has read them: their note is added then.
    public var notes: [String] { noteList }

    /// What `txfeed sniff` prints for the file: encoding, separator, header line, every
    /// column's role with two sample values, date format and decimal mark with their evidence,
    /// rows skipped and why, and a ready `-s` spec and `rules` JSON. One finding a line.
    ///
    /// Counting the rows reads the whole file once more, the first time it is asked for.
    public var report: String {
        if counted == nil, reader != nil { counted = countRows() }
        return found.text(rows: counted)
    }

    /// The accounts the file holds: one per currency when a currency column has several.
    public var accounts: [CSVAccount] { accountList }

    // MARK: - Second pass

    /// Hands out `account`'s rows in file order, at most `batchSize` entries (and rejects) a
    /// batch; stops early when `body` returns false. Hands out nothing while ``problems`` is
    /// not empty.
    public func forEachBatch(account: Int, batchSize: Int, _ body: (CSVBatch) -> Bool) {
        guard var reader, let layout, accountList.indices.contains(account) else { return }
        let limit = max(batchSize, 1)
        var batch = CSVBatch()
        batch.texts.entries.reserveCapacity(min(limit, 65_536))
        var tokenizer = CSVTokenizer(
            text: text, separator: separator, position: layout.dataStart, line: layout.dataStartLine,
            joinsLinePairs: layout.linePairs)
        var fields: [CSVFieldSpan] = []
        var cells = CSVCellReader(text: text)
        var balanceRows: [(line: Int, word: String)] = []
        // A local, not the document's property: asked of every row, read without an access check.
        let sections = self.sections
        while tokenizer.position < layout.dataEnd, let record = tokenizer.next(into: &fields) {
            guard !record.isBlank else { continue }
            if !sections.isEmpty, let section = sections[record.line] {
                if section != .remark { reader.pendingSection = section == .pending }
                continue
            }
            if accountKeys.count > 1, !isIn(account, fields, cells: &cells) { continue }
            reader.read(record, fields: fields, into: &batch)
            if batch.count >= limit {
                balanceRows += batch.balanceRows
                guard body(batch) else { return }
                batch.removeAll()
            }
        }
        balanceRows += batch.balanceRows
        describeBalanceRows(balanceRows, account: account)
        if batch.count > 0 { _ = body(batch) }
    }

    /// How sure the csv source is that a file is a bank CSV export: 0 (not a CSV: JSON, XML,
    /// OFX…) to 80; the name (`.csv`, `.tsv`, `.txt`) and a consistent separator count.
    public static func confidence(path: String, head: UnsafeBufferPointer<UInt8>) -> Int {
        CSVConfidence.score(path: path, head: head.span)
    }

    // MARK: - First pass

    private func readTable(stem: String) {
        let dialect =
            settings.separator.map { Dialect(separator: $0, evidence: "given") }
            ?? text.withSpan { Dialect.detect(in: $0) }
        separator = dialect.separator
        found.separator = Dialect.name(of: separator)
        found.separatorEvidence = dialect.evidence
        found.options.append(("separator", Dialect.name(of: separator), false))
        let scan = TableScan(text: text, separator: separator, skip: settings.skip)
        guard var layout = TableLayout(scan: scan, text: text, separator: separator, skip: settings.skip) else {
            if scan.recordCount == 0 {
                addProblem("the file holds no rows")
            } else if let skip = settings.skip, scan.head.allSatisfy({ $0.line <= skip }) {
                addProblem("skip \(skip): no line is left after it")
            } else if scan.width == TableScan.widest,
                let wide = scan.head.first(where: { $0.fieldCount >= TableScan.widest })
            {
                addProblem(
                    "line \(wide.line) has \(wide.fieldCount) fields: a table of \(TableScan.widest) columns or more is none "
                        + "a bank exports")
            } else {
                addProblem("every line is one field: set separator (, ; tab or |)")
            }
            return
        }
        statementBalances = StatementBalances.find(in: layout, text: text, separator: separator)
        describeLayout(layout)
        if settings.skip == nil, let table = layout.tableInPreamble(text: text, separator: separator) {
            addProblem(
                "\(CellText.lines(table.rows)) before the table on line \(layout.firstLine) are rows of a table of "
                    + "their own (its header on line \(table.header)): the file holds two tables, and read as a "
                    + "preamble the first one's rows would be lost; split the file, or set skip=\(layout.firstLine - 1) "
                    + "to read the last table alone")
            return
        }
        if layout.findsLinePairs(text: text, separator: separator) {
            layout.linePairs = true
            addNote(
                "every record is two lines (\(layout.dataStartLine) and \(layout.dataStartLine + 1), …), each filling the columns the other leaves empty: read as one"
            )
        }
        let profiles = sample(layout)
        let roles = ColumnRoles(profiles: profiles, hasHeader: layout.header != nil, settings: settings)
        for problem in roles.problems { addProblem(problem) }
        twoWordColumn =
            profiles.indices.lazy.filter { roles.role(of: $0) == nil }.compactMap { column in
                profiles[column].twoWords.map { (column, profiles[column].header ?? "\(column + 1)", $0) }
            }.first
        guard let dateColumn = roles[.date], let vendorColumn = roles[.vendor] else {
            describeColumns(profiles, roles: roles, dropped: [])
            return
        }
        let summaryColumns = TableLayout.RowColumns(
            date: dateColumn, datePattern: settings.dateFormat, vendor: vendorColumn,
            money: [roles[.amount], roles[.debit], roles[.credit]].compactMap { $0 })
        // A pair's second line looks like a summary row (no date, no amount); the pairs left none.
        // A closing balance row is dated: read as the table's, it was rejected for its count.
        if !layout.linePairs, statementBalances == nil {
            layout.trimTrailing(tail: scan.tail, columns: summaryColumns, text: text, separator: separator)
            statementBalances = StatementBalances.trailing(
                in: layout, columns: summaryColumns, amount: roles[.amount], indicator: roles[.indicator],
                sideWords: settings.sideWords, text: text, separator: separator)
        }
        describeTrailing(layout)
        let evidence = observe(layout, roles: roles)
        let dropped = (0..<layout.width).filter { column in
            layout.headerNames[column].isEmpty && !evidence.nonEmpty[column] && roles.role(of: column) == nil
        }
        if !dropped.isEmpty {
            let names = dropped.map { String($0 + 1) }.joined(separator: ", ")
            addNote("\("column".plural(dropped.count)) \(names) dropped: empty in the header and every row")
        }
        let keys = accountsFound(evidence, layout: layout)
        describeColumns(profiles, roles: roles, dropped: dropped, hiding: accountColumn == nil ? [.account] : [])
        makeAccounts(
            keys, stem: stem, layout: layout, roles: roles,
            signedCurrency: evidence.signsDisagree ? nil : evidence.signedCurrency)
        // `€70.00` beside `$70.00`, or Degiro's codes beside its unheaded amounts: two
        // currencies' amounts were added in one account without a currency.
        if accountList.allSatisfy({ $0.currency == nil }) {
            if let first = evidence.signedCurrency, let other = evidence.otherSign {
                addProblem(
                    "the amounts are in more than one currency (\(first.written) on line \(first.line), "
                        + "\"\(other.written)\" on line \(other.line)) and no column says which each row's is: set "
                        + "currency to the column that does (an account per currency)")
            } else if let amount = roles[.amount],
                let codes = [amount - 1, amount + 1].first(where: { column in
                    // Degiro heads the two `Mutatie`: the code beside the amount, one header for both.
                    profiles.indices.contains(column) && roles.role(of: column) == nil
                        && profiles[column].isISOCurrencies && profiles[column].distinct >= 2
                        && ((profiles[column].header ?? "").isEmpty || (profiles[amount].header ?? "").isEmpty)
                })
            {
                let shown = profiles[codes].values.reduce(into: [String]()) {
                    if !$1.isEmpty, !$0.contains($1) { $0.append($1) }
                }
                addProblem(
                    "column \(codes + 1)\(profiles[codes].header.map { " \"\($0)\"" } ?? "") holds the codes of "
                        + "\(shown.count) currencies (\(shown.prefix(3).joined(separator: ", "))) and the account none: if "
                        + "it is each row's currency, set currency=\(codes + 1) (an account per currency); else "
                        + "default-currency")
            }
        }
        guard evidence.rows > 0 else {
            addNote("the table has no rows after its header")
            return
        }
        guard let pattern = decideDate(evidence.dates, column: profiles[dateColumn]),
            let mark = decideMark(evidence.marks)
        else { return }
        describeOpening(evidence.openingLines, chained: roles[.balance] != nil && settings.checkBalance)
        describeNeverMoved(evidence.neverMoved)
        describeUnknownStatuses(evidence.unknownStatuses)
        describeSections(pending: evidence.pendingLines)
        describeTotals(evidence.totals)
        guard problemList.isEmpty else { return }
        let columns = CSVRowReader.ColumnColumns(
            date: dateColumn, vendor: vendorColumn, vendorDebit: roles[.vendorDebit],
            vendorCredit: roles[.vendorCredit],
            amount: roles[.amount], debit: roles[.debit],
            credit: roles[.credit],
            indicator: roles[.indicator], id: roles[.id], memo: roles[.memo], status: roles[.status],
            currency: roles[.currency], fee: roles[.fee], kind: roles.kind)
        var reader = CSVRowReader(
            text: text, width: layout.width, lastColumnDropped: dropped.contains(layout.width - 1), columns: columns,
            datePattern: pattern, zone: settings.zone, mark: mark, sideWords: settings.sideWords)
        reader.header = layout.header
        if settings.calendar == nil { reader.years = DateCalendar.plausibleYears(today: DateCalendar.currentYear) }
        reader.feesSigned = evidence.negativeFees > 0
        // Only where nothing else marks the debits: with minus signs, a bare amount is a credit.
        if evidence.creditSuffixes > 0, evidence.debitSuffixes == 0, evidence.minusSigned == 0 {
            // Credits marked and debits bare: marked or not is the sign (it read every charge as money in).
            reader.bareIsDebit = true
            let lines = CellText.lines(evidence.creditSuffixLines) + (evidence.creditSuffixes > 3 ? "…" : "")
            addNote("amounts without CR are debits: CR marks the credits (\(lines)) and no amount has DR")
        }
        if evidence.creditIndicators > 0, evidence.blankIndicators > 0, evidence.debitIndicators == 0,
            evidence.minusBesideIndicator == 0
        {
            // HSBC's UK cards (M&S Bank, John Lewis): `CR` beside the payments, nothing beside
            // the charges. Blank as money in read every charge as a credit.
            reader.blankIndicatorIsDebit = true
            let lines =
                CellText.lines(evidence.creditIndicatorLines) + (evidence.creditIndicators > 3 ? "…" : "")
            addNote(
                "amounts beside a blank indicator are debits: a credit word marks the credits (\(lines)) "
                    + "and no row has a debit word or a minus")
        }
        if layout.header == nil, let amount = roles[.amount], roles[.indicator] == nil, evidence.minusSigned == 0,
            evidence.creditSuffixes == 0, evidence.debitSuffixes == 0,
            evidence.payments.rows + evidence.payments.otherPositive > 0
        {
            unsignedColumnWithoutHeader = amount
        }
        if let fee = roles[.fee], settings.columns[.fee] == nil {
            keepFeesInAmounts(fee, profiles: profiles, layout: layout, roles: roles, reader: &reader, mark: mark)
        }
        var chain: BalanceChain.Verdict?
        if let balance = roles[.balance], settings.checkBalance {
            chain = walkChain(layout, reader: &reader, balance: balance, mark: mark)
        }
        decideSign(chain, words: evidence.payments, roles: roles, reader: &reader)
        guard problemList.isEmpty else { return }
        if let statementBalances { check(statementBalances, layout, reader: &reader, mark: mark) }
        guard problemList.isEmpty else { return }
        if layout.header == nil {
            headerlessShapes = CellShape.shapes(of: headerlessRows, width: layout.width, roles: roles, date: pattern)
        }
        self.reader = reader
        self.layout = layout
    }

    /// Up to ``sampleRows`` table rows, profiled column by column for role scoring. Formats
    /// are decided over every row later; roles need only enough rows to tell columns apart.
    private func sample(_ layout: TableLayout) -> [ColumnProfile] {
        var profiles = (0..<layout.width).map { column in
            ColumnProfile(header: layout.header == nil ? nil : layout.headerNames[column])
        }
        var tokenizer = CSVTokenizer(
            text: text, separator: separator, position: layout.dataStart, line: layout.dataStartLine,
            joinsLinePairs: layout.linePairs)
        var reader = CSVCellReader(text: text)
        var fields: [CSVFieldSpan] = []
        var rows = 0
        while rows < Self.sampleRows, tokenizer.position < layout.dataEnd, let record = tokenizer.next(into: &fields) {
            guard !record.isBlank else { continue }
            if layout.header == nil, headerlessRows.count < Self.sampleRows {
                headerlessRows.append(fields.prefix(record.fieldCount).map { reader.string($0) })
            }
            // A row one field short is sampled too: its empty last field left out.
            let fits = TableLayout.fits(record.fieldCount, width: layout.width)
            guard fits || record.fieldCount == layout.width - 1 else { continue }
            // A section line padded to the width (`Pending Transactions,,,`) is no row.
            if TableLayout.section(fields, reader: &reader) != nil { continue }
            rows += 1
            for column in 0..<layout.width {
                profiles[column].observe(
                    column < record.fieldCount ? reader.string(fields[column]) : "", line: record.line,
                    sideWords: settings.sideWords)
            }
        }
        for column in profiles.indices { profiles[column].finish() }
        headerlessRowsAreAll = layout.header == nil && tokenizer.position >= layout.dataEnd
        return profiles
    }

    static let sampleRows = 1_000

    // MARK: - Evidence over every row

    private struct Evidence {
        var rows = 0
        var dates = DateEvidence(namesCalendars: true)
        var marks = DecimalMarkEvidence()
        var nonEmpty: [Bool]
        /// The one currency the money cells' signs and codes name (`12,50 €`, `£5`), and the line
        /// of the first; nil when none does, or several or an ambiguous one (`$`) do.
        var signedCurrency: (code: String, written: String, line: Int)?
        var signsDisagree = false
        /// The first cell whose sign or code is another currency than `signedCurrency`'s.
        var otherSign: (written: String, line: Int)?
        /// Every account's cells met, in the order first met; past ``mostAccounts``, no more.
        var keys: [AccountKey] = []
        var tooManyAccounts = false
        /// Rows with no money and an opening-balance phrase (`Beginning balance`).
        var openingLines: [Int] = []
        var payments = PaymentEvidence()
        /// Rows whose status says the money never moved, by the status as written.
        var neverMoved: [(line: Int, status: String)] = []
        /// Rows whose status is no word of the three kinds, read as booked: said, by the status
        /// as written (the first few of each).
        var unknownStatuses: [(status: String, lines: [Int], count: Int)] = []
        /// Undated rows that total the others (`Total Pending Check…`), by their date cell.
        var totals: [(line: Int, text: String)] = []
        /// The rows under a `Pending Transactions` line, totals aside.
        var pendingLines: [Int] = []
        /// Amount cells with `CR` and with `DR` after the number, and the first lines of each.
        var creditSuffixes = 0
        var debitSuffixes = 0
        /// Amount cells with a minus or parentheses: debits already marked.
        var minusSigned = 0
        /// Fee cells with a minus: the file signs its fees.
        var negativeFees = 0
        var creditSuffixLines: [Int] = []
        /// Indicator cells beside an amount: a credit word, a debit word, blank; amounts with a
        /// minus beside an indicator; and the first lines with a credit word.
        var creditIndicators = 0
        var debitIndicators = 0
        var blankIndicators = 0
        var minusBesideIndicator = 0
        var creditIndicatorLines: [Int] = []
    }

    /// Signs of a signed amount column, rows with payment words apart from the others.
    struct PaymentEvidence {
        var negative = 0
        var positive = 0
        var otherNegative = 0
        var otherPositive = 0
        /// The first few lines with payment words, for the note.
        var lines: [Int] = []
        /// Rows with pay or deposit words (``StatementWords/income``), positive: money in as the
        /// holder writes it; and the first few of their lines.
        var incomePositive = 0
        var incomeLines: [Int] = []
        /// Negative payment rows that thank the holder (`PAYMENT - THANK YOU`): a card issuer's words.
        var thankingNegative = 0
        /// Payment rows of a file whose debit and credit columns the user named: those whose
        /// money is in the credit column, and those in the debit column.
        var inCredit = 0
        var inDebit = 0

        var rows: Int { negative + positive }

        /// `lines 3, 9…`: the lines with payment words, for messages.
        var describedLines: String {
            CellText.lines(lines) + (rows > lines.count ? "…" : "")
        }
    }

    /// A date cell that is a pending status word (`Pending`). Dates start with a digit but for
    /// month names: only a cell starting with a letter is looked up, not every row's date.
    private static func isPendingWord(_ cell: Span<UInt8>) -> Bool {
        // 0 <= at < cell.count before each read: in bounds.
        var at = 0
        while at < cell.count, cell[unchecked: at] == 0x20 || cell[unchecked: at] == 0x09 { at += 1 }
        guard at < cell.count, (0x61...0x7A).contains(cell[unchecked: at] | 0x20) else { return false }
        return CSVRowReader.statusKind(of: cell) == .pending
    }

    private func observe(_ layout: TableLayout, roles: ColumnRoles) -> Evidence {
        var evidence = Evidence(nonEmpty: [Bool](repeating: false, count: layout.width + 1))
        if let calendar = settings.calendar {
            evidence.dates = DateEvidence(
                candidates: DatePattern.candidates.map { $0.counting(in: calendar) }, namesCalendars: true)
        }
        let dateColumn = roles[.date]!
        let moneyColumns = [roles[.amount], roles[.debit], roles[.credit]].compactMap { $0 }
        // A running balance is written with the same mark, and its large figures settle it
        // where the amounts cannot (`1,234,460` beside a `250,000`).
        let markColumns = moneyColumns + [roles[.balance]].compactMap { $0 }
        currencyColumn = roles[.currency]
        accountColumn = roles[.account]
        var reader = CSVCellReader(text: text)
        var tokenizer = CSVTokenizer(
            text: text, separator: separator, position: layout.dataStart, line: layout.dataStartLine,
            joinsLinePairs: layout.linePairs)
        var fields: [CSVFieldSpan] = []
        let decideDate = settings.dateFormat == nil
        let decideMark = settings.decimalMark == nil
        // The account's currency where nothing else names it: the sign its amounts are written with.
        var readSigns = roles[.currency] == nil && settings.defaultCurrency == nil
        let textColumns = [roles[.vendor], roles[.memo]].compactMap { $0 }
        // Payment words are weighed only where the cell's own sign is the reading: a signed
        // amount column without an indicator, and no sign given.
        let signColumn = roles[.indicator] == nil ? roles[.amount] : nil
        // Looked up once: a ColumnRole hashes its name, two lookups a row cost more than the
        // row's payment words.
        let statusColumn = roles[.status]
        let indicatorColumn = roles[.indicator]
        let amountColumn = roles[.amount]
        let feeColumn = roles[.fee]
        // Payment rows' sides are asked only of debit and credit columns the user named: what
        // says a balance running against them is what is owed. Every debit/credit file paid the
        // scan of its payee for words otherwise.
        let namedSides = settings.columns[.debit] != nil || settings.columns[.credit] != nil
        // Under a `Pending Transactions` line, until a `Posted Transactions` one.
        var underPending = false
        while tokenizer.position < layout.dataEnd, let record = tokenizer.next(into: &fields) {
            guard !record.isBlank else { continue }
            if let section = TableLayout.section(fields, reader: &reader) {
                sections[record.line] = section
                if section != .remark { underPending = section == .pending }
                continue
            }
            evidence.rows += 1
            guard fields.count >= layout.width - 1, dateColumn < fields.count else {
                if underPending { evidence.pendingLines.append(record.line) }
                continue
            }
            if reader.withCell(fields[dateColumn], { StatementWords.isTotalRow($0) }) {
                evidence.totals.append((record.line, reader.string(fields[dateColumn])))
                continue
            }
            if underPending { evidence.pendingLines.append(record.line) }
            for column in 0..<min(fields.count, layout.width + 1) where !fields[column].isEmpty {
                evidence.nonEmpty[column] = true
            }
            let line = record.line
            // `Pending` for the date of a charge not booked yet (HSBC's UK cards) is no evidence
            // of the format: the row is rejected for its date, as at the end of the table.
            if decideDate, record.start < layout.undatedFrom,
                !reader.withCell(fields[dateColumn], { Self.isPendingWord($0) })
            {
                reader.withCell(fields[dateColumn]) { evidence.dates.observe($0, line: line) }
            }
            if decideMark {
                for column in markColumns where column < fields.count && !fields[column].isEmpty {
                    reader.withCell(fields[column]) { evidence.marks.observe($0, line: line) }
                }
            }
            if readSigns {
                for column in markColumns where column < fields.count && !fields[column].isEmpty {
                    let currency = reader.withCell(fields[column], { AmountText.currency($0) })
                    switch currency {
                    case .unmarked: continue
                    case .code(let code, let written):
                        if evidence.signedCurrency == nil { evidence.signedCurrency = (code, written, line) }
                        if evidence.signedCurrency?.code == code { continue }
                        evidence.otherSign = (written, line)
                    case .ambiguous:
                        if evidence.signedCurrency != nil {
                            evidence.otherSign = (reader.string(fields[column]), line)
                        }
                    }
                    evidence.signsDisagree = true
                    readSigns = false
                    break
                }
            }
            if !moneyColumns.isEmpty, moneyColumns.allSatisfy({ $0 < fields.count }),
                moneyColumns.allSatisfy({ column in reader.withCell(fields[column]) { AmountText.isBlank($0) } }),
                textColumns.contains(where: { $0 < fields.count && Self.isOpeningBalance(fields[$0], reader: &reader) })
            {
                evidence.openingLines.append(line)
            }
            if let fee = feeColumn, fee < fields.count, !fields[fee].isEmpty,
                reader.withCell(fields[fee], { AmountText.looksNegative($0) })
            {
                evidence.negativeFees += 1
            }
            if let status = statusColumn, status < fields.count {
                switch reader.withCell(fields[status], { CSVRowReader.statusKind(of: $0) }) {
                case .neverMoved: evidence.neverMoved.append((line, reader.string(fields[status])))
                case .booked:
                    let word = reader.string(fields[status])
                    if !word.isEmpty, !CSVRowReader.bookedWords.contains(HeaderVocabulary.normalise(word)) {
                        if let n = evidence.unknownStatuses.firstIndex(where: { $0.status == word }) {
                            evidence.unknownStatuses[n].count += 1
                            if evidence.unknownStatuses[n].lines.count < 3 {
                                evidence.unknownStatuses[n].lines.append(line)
                            }
                        } else if evidence.unknownStatuses.count < 20 {
                            evidence.unknownStatuses.append((word, [line], 1))
                        }
                    }
                case .pending: break
                }
            }
            if let signColumn, signColumn < fields.count, !fields[signColumn].isEmpty {
                let negative = reader.withCell(fields[signColumn]) { AmountText.looksNegative($0) }
                switch reader.withCell(fields[signColumn], { AmountText.sideWord($0) }) {
                case true?:
                    evidence.creditSuffixes += 1
                    if evidence.creditSuffixLines.count < 3 { evidence.creditSuffixLines.append(line) }
                case false?: evidence.debitSuffixes += 1
                case nil: if negative { evidence.minusSigned += 1 }
                }
                let payment = textColumns.contains { column in
                    column < fields.count && reader.withCell(fields[column]) { StatementWords.hasPaymentWord($0) }
                }
                switch (payment, negative) {
                case (true, true): evidence.payments.negative += 1
                case (true, false): evidence.payments.positive += 1
                case (false, true): evidence.payments.otherNegative += 1
                case (false, false): evidence.payments.otherPositive += 1
                }
                if payment, evidence.payments.lines.count < 3 { evidence.payments.lines.append(line) }
                if payment, negative,
                    textColumns.contains(where: { column in
                        column < fields.count && reader.withCell(fields[column]) { StatementWords.hasThankYou($0) }
                    })
                {
                    evidence.payments.thankingNegative += 1
                }
                let income = textColumns.contains { column in
                    column < fields.count && reader.withCell(fields[column]) { StatementWords.hasIncomeWord($0) }
                }
                if income, !negative {
                    evidence.payments.incomePositive += 1
                    if evidence.payments.incomeLines.count < 3 { evidence.payments.incomeLines.append(line) }
                }
            }
            if namedSides, signColumn == nil, let debit = roles[.debit], let credit = roles[.credit],
                textColumns.contains(where: { column in
                    column < fields.count && reader.withCell(fields[column]) { StatementWords.hasPaymentWord($0) }
                })
            {
                // No closure over `reader` kept in a constant: one made every access to it a
                // checked one, 500 instructions a row of every file.
                if credit < fields.count, !reader.withCell(fields[credit], { AmountText.isBlank($0) }) {
                    evidence.payments.inCredit += 1
                }
                if debit < fields.count, !reader.withCell(fields[debit], { AmountText.isBlank($0) }) {
                    evidence.payments.inDebit += 1
                }
                if evidence.payments.lines.count < 3 { evidence.payments.lines.append(line) }
            }
            if let indicator = indicatorColumn, let amount = amountColumn, indicator < fields.count,
                amount < fields.count, !fields[amount].isEmpty
            {
                let words = settings.sideWords
                switch reader.withCell(fields[indicator], { words.side(of: $0) }) {
                case .credit?:
                    evidence.creditIndicators += 1
                    if evidence.creditIndicatorLines.count < 3 { evidence.creditIndicatorLines.append(line) }
                case .debit?: evidence.debitIndicators += 1
                case nil:
                    if reader.withCell(fields[indicator], { AmountText.isBlank($0) }) { evidence.blankIndicators += 1 }
                }
                if reader.withCell(fields[amount], { AmountText.looksNegative($0) }) {
                    evidence.minusBesideIndicator += 1
                }
            }
            // A row one field short (its empty last field left out, as C24 writes every row) still
            // names its account, when the columns that do are there.
            if currencyColumn != nil || accountColumn != nil, !evidence.tooManyAccounts,
                TableLayout.fits(fields.count, width: layout.width)
                    || max(accountColumn ?? 0, currencyColumn ?? 0) < fields.count
            {
                // Nearly every row repeats an account already seen: compared in place, only new ones kept.
                if index(fields, in: evidence.keys, cells: &reader) == nil {
                    evidence.tooManyAccounts = evidence.keys.count == Self.mostAccounts
                    if !evidence.tooManyAccounts { evidence.keys.append(key(fields, cells: &reader)) }
                }
            }
        }
        return evidence
    }

    private func decideDate(_ evidence: DateEvidence, column: ColumnProfile) -> DatePattern? {
        let name = column.header.map { "column \"\(CellQuote.text($0))\"" } ?? "the date column"
        if let given = settings.dateFormat {
            found.dateFormat = given.description
            found.dateEvidence = "given"
            found.options.append(("date-format", given.description, false))
            return given
        }
        switch evidence.decision {
        case .decided(let pattern, let why):
            // Every date in a year no statement has: another calendar's (`1402/05/12`), refused
            // whole here; a stray one is its row's reject.
            let today = DateCalendar.currentYear
            if settings.calendar == nil, let years = evidence.years(of: pattern),
                !years.overlaps(DateCalendar.plausibleYears(today: today))
            {
                addProblem("\(name): " + DateCalendar.implausible(year: years.lowerBound, today: today))
                return nil
            }
            found.dateFormat = pattern.description
            let suffix = ": \(pattern)"
            found.dateEvidence = why.hasSuffix(suffix) ? String(why.dropLast(suffix.count)) : why
            found.options.append(("date-format", pattern.description, false))
            return pattern
        case .ambiguous(_, let message), .unreadable(let message):
            addProblem(
                "\(name): \(message)"
                    + (message.contains("date-format") || message.contains("calendar=") ? "" : "; set date-format"))
            return nil
        }
    }

    private func decideMark(_ evidence: DecimalMarkEvidence) -> DecimalMark? {
        if let given = settings.decimalMark {
            found.decimalMark = given.description
            found.decimalEvidence = "given"
            found.options.append(("decimal-mark", given.description, false))
            return given
        }
        // Every account in a currency without decimals (yen, won): `40,000` cannot be 40.000.
        let codes = Set(accountList.map(\.currency))
        let zeroDecimals = codes.count == 1 && codes.first!.map { CurrencyMinorUnits.decimals(of: $0) == 0 } == true
        switch zeroDecimals ? evidence.decision(currencyWithoutDecimals: codes.first!!) : evidence.decision {
        case .decided(let mark, let why):
            found.decimalMark = mark.description
            found.decimalEvidence = why
            found.options.append(("decimal-mark", mark.description, false))
            return mark
        case .conflicting(let message):
            addProblem(message)
            return nil
        }
    }

    // MARK: - Balance chain and sign

    private static func isOpeningBalance(_ field: CSVFieldSpan, reader: inout CSVCellReader) -> Bool {
        StatementWords.isOpeningBalance(normalised: HeaderVocabulary.normalise(reader.string(field)))
    }

    private func describeOpening(_ lines: [Int], chained: Bool) {
        guard !lines.isEmpty else { return }
        let which = CellText.lines(lines)
        found.skipped.append("\(which) (opening balance)")
        addNote(
            "\(which) skipped: an opening balance, "
                + (chained ? "where the balance chain starts" : "not a transaction"))
    }

    /// Reads every row as the second pass will, and walks the balance column over the amounts.
    /// A fee column whose fee the amount holds already, found by a header or taken from it: a
    /// broker's `Amount` is net of its `Commission` and `Fees` (Fidelity's history), and where a
    /// running balance follows the amounts as written, it says so. Taken again, every sale with
    /// a fee was short by it, with exit 0.
    private func keepFeesInAmounts(
        _ fee: Int, profiles: [ColumnProfile], layout: TableLayout, roles: ColumnRoles, reader: inout CSVRowReader,
        mark: DecimalMark
    ) {
        let name = profiles[fee].header.map { "column \"\($0)\"" } ?? "column \(fee + 1)"
        if let balance = roles[.balance], settings.checkBalance {
            guard let taken = walkChain(layout, reader: &reader, balance: balance, mark: mark, reporting: false),
                taken.firstBreak != nil
            else { return }
            var net = reader
            net.columns.fee = nil
            guard let written = walkChain(layout, reader: &net, balance: balance, mark: mark, reporting: false),
                written.firstBreak == nil
            else { return }
            reader.columns.fee = nil
            addNote(
                "\(name) not taken from the amounts: the balance column follows them as written (\(written.agreeing) "
                    + "of \(written.checked) rows), so they hold the fee already")
            return
        }
        let commission = profiles.firstIndex {
            $0.header.map { HeaderVocabulary.normalise($0).hasPrefix("commission") } ?? false
        }
        guard let commission else { return }
        reader.columns.fee = nil
        addNote(
            "\(name) not taken from the amounts: beside column \"\(profiles[commission].header ?? "")\" they are a "
                + "broker's, net of commission and fees")
    }

    private func walkChain(
        _ layout: TableLayout, reader: inout CSVRowReader, balance: Int, mark: DecimalMark, reporting: Bool = true
    ) -> BalanceChain.Verdict? {
        var rows: [BalanceChain.Row] = []
        var records: [Int: CSVRecordSpan] = [:]
        // Rows the import rejects, by line: a break beside one is named with its reason (a row
        // of a field too many reads its amount as its balance).
        var rejected: [Int: String] = [:]
        var cells = CSVCellReader(text: text)
        var batch = CSVBatch()
        var fields: [CSVFieldSpan] = []
        var tokenizer = CSVTokenizer(
            text: text, separator: separator, position: layout.dataStart, line: layout.dataStartLine,
            joinsLinePairs: layout.linePairs)
        let hasIndicator = reader.columns.indicator != nil
        while tokenizer.position < layout.dataEnd, let record = tokenizer.next(into: &fields) {
            guard !record.isBlank else { continue }
            batch.removeAll()
            reader.read(record, fields: fields, into: &batch)
            records[record.line] = record
            let total =
                balance < fields.count ? cells.withCell(fields[balance]) { BalanceChain.scaled($0, mark: mark) } : nil
            let account = accountIndex(fields, cells: &cells)
            guard let entry = batch.texts.entries.first else {
                // A row whose money never moved (declined, reverted) and that shows no balance is
                // no step: the chain runs on over it. Taken for a fresh start, it left the next
                // row unchecked, and a row missing after a declined one was read with exit 0.
                if total == nil, !batch.neverMoved.isEmpty, batch.balanceRows.isEmpty { continue }
                if let reject = batch.rejects.first { rejected[record.line] = reject.reason }
                rows.append(
                    BalanceChain.Row(line: record.line, day: nil, amount: nil, balance: total, account: account))
                continue
            }
            let amount = Self.scaled(batch.texts.bytes[entry.amount], mark: .point)
            var alternative: Int64?
            if hasIndicator, let amount, case .read(let money) = reader.money(fields), money.creditWordOnNegative {
                alternative = -amount
            }
            rows.append(
                BalanceChain.Row(
                    line: record.line, day: Self.day(batch.texts.bytes[entry.date]), amount: amount,
                    alternative: alternative, balance: total, account: account,
                    pendingWithoutBalance: entry.pending && total == nil))
        }
        guard let verdict = BalanceChain.walk(rows) else {
            if reporting { found.balanceChain = "not checked (fewer than two rows with a balance)" }
            return nil
        }
        guard reporting else { return verdict }
        found.balanceChain = "\(verdict.agreeing) of \(verdict.checked) rows agree (\(verdict.order.rawValue))"
        if let failure = verdict.firstBreak {
            addProblem(describe(failure, records: records, rejected: rejected, balance: balance, reader: reader))
        }
        return verdict
    }

    /// The opening balance and every row's amount, as it will be imported, must make the closing
    /// balance, in exact decimals: else the source fails naming both figures. A second read of
    /// the rows, for such files only (LCL's). Notes the two rows, which are never imported.
    private func check(
        _ balances: StatementBalances, _ layout: TableLayout, reader: inout CSVRowReader, mark: DecimalMark
    ) {
        let lines = "lines \(balances.opening.line), \(balances.closing.line)"
        found.skipped.append("\(lines) (opening and closing balance)")
        let what = "\(lines) not imported: the account's opening and closing balance (\(balances.described))"
        guard settings.checkBalance else {
            found.balanceChain = "not checked (check-balance=false)"
            addNote("\(what), not money that moved; not checked against the rows (check-balance=false)")
            return
        }
        guard let opening = BalanceChain.scaled(balances.opening.amount, mark: mark),
            let closing = BalanceChain.scaled(balances.closing.amount, mark: mark)
        else {
            addProblem(
                "\(lines): the balances \"\(balances.opening.amount)\" and \"\(balances.closing.amount)\" do not "
                    + "read as amounts with \(mark) as the decimal mark; set check-balance=false to read the file unchecked"
            )
            return
        }
        var sum: Int64 = 0
        var rows = 0
        var batch = CSVBatch()
        var fields: [CSVFieldSpan] = []
        var tokenizer = CSVTokenizer(
            text: text, separator: separator, position: layout.dataStart, line: layout.dataStartLine)
        while tokenizer.position < layout.dataEnd, let record = tokenizer.next(into: &fields) {
            guard !record.isBlank else { continue }
            batch.removeAll()
            reader.read(record, fields: fields, into: &batch)
            guard let entry = batch.texts.entries.first,
                let amount = Self.scaled(batch.texts.bytes[entry.amount], mark: .point)
            else { continue }
            let (next, overflow) = sum.addingReportingOverflow(amount)
            guard !overflow else { return addProblem("\(lines): the rows' amounts are too large to add") }
            sum = next
            rows += 1
        }
        let made = opening.addingReportingOverflow(sum)
        let figures =
            "the opening balance \(balances.opening.amount) (line \(balances.opening.line)) and the amounts of "
            + "\(rows.counted("row")) (\(StatementBalances.text(sum, mark: mark))) make \(made.overflow ? "too much" : StatementBalances.text(made.partialValue, mark: mark))"
        guard !made.overflow, made.partialValue == closing else {
            found.balanceChain = "does not add up: \(figures), not the closing \(balances.closing.amount)"
            addProblem(
                "\(figures), but the closing balance on line \(balances.closing.line) is \(balances.closing.amount): "
                    + "a row missing or repeated, a figure misread, or the last line no closing balance; "
                    + "set check-balance=false to read the file unchecked")
            return
        }
        found.balanceChain = "\(figures): the closing balance (line \(balances.closing.line))"
        addNote("\(what), not money that moved; \(figures), the closing balance")
    }

    /// `line 14: balance 1,510.00 does not follow from -23.50 (line 13) and amount -1,533.50`,
    /// and why a row among them is rejected.
    private func describe(
        _ failure: BalanceChain.Break, records: [Int: CSVRecordSpan], rejected: [Int: String], balance: Int,
        reader: CSVRowReader
    )
        -> String
    {
        var cells = CSVCellReader(text: text)
        let cell = { (line: Int, column: Int?) -> String in
            guard let record = records[line], let column else { return "" }
            let fields = TableLayout.fields(of: record, text: self.text, separator: self.separator)
            return column < fields.count ? cells.string(fields[column]) : ""
        }
        let columns = reader.columns
        let amounts = failure.amountLines.map { line -> String in
            var money: String
            if columns.amount != nil {
                money = "amount " + cell(line, columns.amount)
                let word = cell(line, columns.indicator)
                if !word.isEmpty { money += " " + word }
            } else {
                let debit = cell(line, columns.debit)
                money = debit.isEmpty ? "credit " + cell(line, columns.credit) : "debit " + debit
            }
            return failure.amountLines.count == 1 ? money : money + " (line \(line))"
        }
        let lines = min(failure.line, failure.previousLine)...max(failure.line, failure.previousLine)
        let rejects = lines.compactMap { line in rejected[line].map { "line \(line) is rejected (\($0))" } }
        return "line \(failure.line): balance \(cell(failure.line, balance)) does not follow from "
            + "\(cell(failure.previousLine, balance)) (line \(failure.previousLine)) and "
            + amounts.joined(separator: ", ")
            + ": \(rejects.isEmpty ? "a row missing or repeated, or a figure misread" : rejects.joined(separator: "; "))"
            + "; set check-balance=false to read the file unchecked"
    }

    /// Decides which way the amounts run: given, the balance chain, payment words, or as they are.
    private func decideSign(
        _ chain: BalanceChain.Verdict?, words: PaymentEvidence, roles: ColumnRoles, reader: inout CSVRowReader
    ) {
        if settings.signGiven { found.options.append(("sign", settings.sign.rawValue, false)) }
        if settings.checkBalanceGiven {
            found.options.append(("check-balance", settings.checkBalance ? "true" : "false", true))
        }
        if roles[.balance] != nil, !settings.checkBalance { found.balanceChain = "not checked (check-balance=false)" }
        if let chain {
            guard chain.holds else { return }
            decideSign(by: chain, words: words, roles: roles, reader: &reader)
            return
        }
        switch settings.sign {
        case .asIs, .inverted:
            // Weighed all the same, so that a profile's sign the file's words contradict is reported:
            // one payment row too, where the file is a card issuer's (Chase's header, its charges
            // positive and its `PAYMENT - THANK YOU` negative, was read as money in by chase-card).
            (inferredSign, signEvidence) = weigh(words, roles: roles)
            if inferredSign == nil, roles[.amount] != nil, roles[.indicator] == nil,
                Self.isOnePaymentAgainstTheRest(words), let evidence = issuersEvidence(words)
            {
                inferredSign = .inverted
                signEvidence =
                    "the one payment row (\(words.describedLines)) is negative and \(Self.othersPositive(words)), "
                    + "and \(evidence)"
            }
            reader.inverted = settings.sign == .inverted
            found.sign = "\(settings.sign.rawValue) (given)"
        case .auto: decideSign(by: words, roles: roles, reader: &reader)
        }
    }

    private func decideSign(
        by chain: BalanceChain.Verdict, words: PaymentEvidence, roles: ColumnRoles, reader: inout CSVRowReader
    ) {
        let evidence = "the balance column: \(chain.agreeing) of \(chain.checked) rows"
        reader.creditWordLines = Set(chain.alternatives)
        if !chain.alternatives.isEmpty {
            let lines = chain.alternatives.map(String.init).joined(separator: ", ")
            addNote(
                "\("line".plural(chain.alternatives.count)) \(lines): a credit word beside a negative amount, "
                    + "read as money in: the balances say so")
        }
        let named = settings.columns[.debit] != nil || settings.columns[.credit] != nil || settings.sideWordsGiven
        // Debit and credit columns say which way the money runs (money out, money in): a balance
        // running against them is what is owed, a card's or a loan's, not the bank's view of the
        // amounts. Inverted, a card's charges came out as money in with exit 0.
        let sided = roles[.debit] != nil || roles[.credit] != nil
        let card = StatementWords.cardStatement(header: headerCells, preamble: preambleLines)
        let (wordsSign, why) = weigh(words, roles: roles)
        // Whether the chain's reading makes most rows money in: on a card, whose rows are mostly
        // charges, the balance is then likely what is owed.
        let (positives, negatives) = (words.positive + words.otherPositive, words.negative + words.otherNegative)
        let mostlyMoneyIn = chain.inverted ? negatives > positives : positives > negatives
        switch settings.sign {
        case .auto where unsignedColumnWithoutHeader != nil && !chain.inverted:
            // Every amount raises the balance: money in, or a card's charges beside what is owed.
            addProblem(
                unsignedWithoutHeader(
                    "the balance column rises with every one (\(chain.agreeing) of \(chain.checked) rows), as it "
                        + "does with money in and with a card's charges beside what is owed"))
        case .auto where chain.inverted && sided && !named:
            if let card {
                inferredSign = .asIs
                found.sign = "as-is (the debit and credit columns; the balance is what is owed on the card)"
                addNote(
                    "the balance column runs against the debit and credit columns (\(chain.agreeing) of "
                        + "\(chain.checked) rows): read as what is owed on a card (\(card)), the amounts as the "
                        + "columns say")
            } else {
                addProblem(
                    "the balance column runs against the debit and credit columns (\(chain.agreeing) of "
                        + "\(chain.checked) rows): if it is what is owed (a card, a loan), set sign=as-is with "
                        + "check-balance=false; if the columns are the bank's view, set sign=inverted")
            }
        case .auto where card != nil && wordsSign.map { ($0 == .inverted) != chain.inverted } ?? false:
            // On a card the chain says only how the amounts move the balance, and the balance is
            // what is owed: payment rows say whose view the amounts are in. A holder's charges
            // beside the balance owed were read inverted, every charge as money in.
            let sign = wordsSign!
            reader.inverted = sign == .inverted
            inferredSign = sign
            found.sign = "\(sign.rawValue) (\(why); the balance is what is owed on the card)"
            addNote(
                "amounts read \(sign == .inverted ? "inverted" : "as written"): \(why), so the balance column, "
                    + "which runs \(chain.inverted ? "against" : "with") them (\(chain.agreeing) of \(chain.checked) "
                    + "rows), is what is owed on the card")
        case .auto where chain.inverted && named && sided && words.inCredit > 0 && words.inDebit == 0:
            // The payments are money in as the named columns say: the balance is what is owed.
            // Refused with "swap them", a card's charges were then read as money in with exit 0.
            inferredSign = .asIs
            found.sign = "as-is (as named; the balance is what is owed: payment words on \(words.describedLines))"
            addNote(
                "the balance column runs against the debit and credit named (\(chain.agreeing) of \(chain.checked) "
                    + "rows), but the payments (\(words.describedLines)) are money in as they say: read as named, the "
                    + "balance what is owed (a card, a loan)")
        case .auto where chain.inverted && named:
            let what = settings.sideWordsGiven ? "debit-words and credit-words" : "debit and credit"
            addProblem(
                "\(what) run against the balance column (\(chain.agreeing) of \(chain.checked) rows run the other "
                    + "way): if the balance is what is owed (a card, a loan), set check-balance=false; if they are the "
                    + "wrong way round, swap them")
        case .auto where card != nil && wordsSign == nil && mostlyMoneyIn:
            // Mostly money in, as the chain would read them, on a card whose rows are mostly charges:
            // the balance beside them is likely what is owed, and nothing else says whose view the
            // amounts are in. A card issuer's charges beside the balance owed were read as money in.
            guard chain.inverted else {
                addProblem(
                    "which way the amounts run is not settled: the file is a card statement (\(card!)), its "
                        + "amounts are mostly positive and the balance column runs with them (\(chain.agreeing) of "
                        + "\(chain.checked) rows), as a card issuer writes charges beside what is owed, and no "
                        + "payment rows tell: set sign=inverted with check-balance=false if they are charges, "
                        + "sign=as-is if they are money in")
                return
            }
            // Mostly negative as written: the holder's charges, the balance what is owed.
            inferredSign = .asIs
            found.sign = "as-is (mostly charges, negative; the balance is what is owed on the card)"
            addNote(
                "amounts read as written: mostly negative, as the holder writes a card's charges, so the balance "
                    + "column, which runs against them (\(chain.agreeing) of \(chain.checked) rows), is what is "
                    + "owed on the card (\(card!))")
        case .auto:
            reader.inverted = chain.inverted
            inferredSign = chain.inverted ? .inverted : .asIs
            found.sign = (chain.inverted ? "inverted" : "as-is") + " (\(evidence))"
            if chain.inverted {
                addNote(
                    "amounts read inverted: the balance column says every one runs the other way (\(chain.agreeing) "
                        + "of \(chain.checked) rows); set sign=as-is with check-balance=false to keep them")
            }
        case .asIs, .inverted:
            inferredSign = chain.inverted ? .inverted : .asIs
            let given = settings.sign == .inverted
            guard given == chain.inverted else {
                let other: CSVSettings.SignOption = given ? .asIs : .inverted
                addProblem(
                    "sign=\(settings.sign.rawValue), but the balance column says the amounts run "
                        + (chain.inverted ? "the other way" : "as written")
                        + " (\(chain.agreeing) of \(chain.checked) rows): set sign=\(other.rawValue), "
                        + "or check-balance=false")
                return
            }
            reader.inverted = given
            found.sign = "\(settings.sign.rawValue) (given; \(evidence) agree)"
        }
    }

    /// Without a balance column: rows whose text says payment, refund, thank you… are money in. When
    /// at least two have them and every one runs against the others' majority, their sign decides.
    private func decideSign(by words: PaymentEvidence, roles: ColumnRoles, reader: inout CSVRowReader) {
        let (sign, why) = weigh(words, roles: roles)
        inferredSign = sign
        if unsignedColumnWithoutHeader != nil {
            // Unsigned cells carry no sign for payment words to run against.
            addProblem(
                unsignedWithoutHeader(
                    roles[.balance] == nil
                        ? "no balance column says which way they go" : "the balance column is not checked"))
            return
        }
        guard sign == .inverted else {
            found.sign = sign == nil ? "not checked (\(why))" : "as-is (\(why))"
            if sign == nil, words.negative == 0, words.otherPositive > words.otherNegative, let card = cardEvidence() {
                // A card issuer writes charges positive, its holder negative: with nothing in the
                // file to tell which, every charge was written as money in with exit 0 (Discover's
                // export, whose header's two dates were all that said it is a card's).
                addProblem(
                    "which way the amounts run is not settled: \(card), its amounts are mostly positive as a "
                        + "card issuer writes charges, and no balance column or payment row tells: set "
                        + "sign=inverted if they are charges, sign=as-is if they are money in")
                return
            }
            if sign == nil, words.negative + words.otherNegative == 0, words.positive + words.otherPositive >= 1 {
                // No amount signed and nothing to say which way: every one was money in, in silence.
                if let (column, name, twoWords) = twoWordColumn {
                    addProblem(
                        "which way the amounts run is not settled: no amount is signed, no balance column or "
                            + "payment row tells, and column \"\(name)\" holds two words (\(twoWords[0]), "
                            + "\(twoWords[1])): if they say which way the money goes, set indicator=\(column + 1) "
                            + "with debit-words and credit-words; sign=as-is reads every amount as money in")
                    return
                }
                addNote(
                    "every amount is unsigned and read as money in: no balance column, indicator or payment row "
                        + "says which way they go; if some are money out, set indicator (with debit-words and "
                        + "credit-words), or debit and credit")
            }
            if sign == nil, Self.isOnePaymentAgainstTheRest(words) {
                // One payment row, negative, against charges written positive: a card issuer's
                // month with one payment (its returns and credits negative too, as many as the
                // charges in a short file). Read as written, every charge was money in with exit 0.
                decideOnePayment(words, reader: &reader)
                return
            }
            if sign == .asIs, words.incomePositive > 0, words.negative == words.rows {
                // The evidence pulled both ways: said, not settled in silence.
                addNote(
                    "amounts read as written: payments (\(words.describedLines)) are negative as a card issuer writes "
                        + "them, but pay and deposits (\(CellText.lines(words.incomeLines))) are positive as the "
                        + "holder writes money in; set sign=inverted if this is a card issuer's statement")
            }
            return
        }
        reader.inverted = true
        found.sign = "inverted (\(why))"
        addNote(
            "amounts read inverted: payments and refunds (\(words.describedLines)) are negative and most rows "
                + "positive, as a card issuer writes them; set sign=as-is to keep them")
    }

    /// A file without a header whose amounts are all unsigned: the column may be money out
    /// (DBS's withdrawals, a blank deposits column beside it; Barclaycard's charges) as well as
    /// money in. Read as written, every withdrawal was money in with exit 0.
    private func unsignedWithoutHeader(_ why: String) -> String {
        let column = unsignedColumnWithoutHeader.map { "column \($0 + 1)" } ?? "the amount column"
        return "which way the amounts run is not settled: the file has no header, no amount in \(column) is "
            + "signed, and \(why): set sign=as-is if they are money in, sign=inverted if they are money out "
            + "(with check-balance=false if the balance is what is owed on a card), or debit and credit to the "
            + "columns of each"
    }

    /// One negative payment row against rows no fewer positive than negative, no pay or deposit
    /// written positive:
    /// the issuer's view where the file says it is a card's (a card's column or preamble words,
    /// the header's transaction and post dates) or the row thanks the holder, as only an issuer
    /// does; otherwise refused, naming `sign`. One row alone is too few: a current account
    /// paying a card from mostly money in would look so.
    private func decideOnePayment(_ words: PaymentEvidence, reader: inout CSVRowReader) {
        let line = words.describedLines
        let others = Self.othersPositive(words)
        guard let evidence = issuersEvidence(words) else {
            addProblem(
                "which way the amounts run is not settled: the one payment row (\(line)) is negative and \(others), "
                    + "as a card issuer writes them, but one row is too few to tell and nothing else in "
                    + "the file says it is a card's: set sign=inverted if the positive amounts are charges, "
                    + "sign=as-is if they are money in")
            return
        }
        reader.inverted = true
        inferredSign = .inverted
        let count = words.otherPositive + words.otherNegative
        found.sign = "inverted (payment words: the one row, \(line), runs against the other \(count); \(evidence))"
        addNote(
            "amounts read inverted: the one payment row (\(line)) is negative and \(others), as a "
                + "card issuer writes them, and \(evidence); set sign=as-is to keep them")
    }

    /// Whether one payment row runs against the rest (``decideOnePayment(_:reader:)``).
    private static func isOnePaymentAgainstTheRest(_ words: PaymentEvidence) -> Bool {
        words.rows == 1 && words.negative == 1 && words.incomePositive == 0 && words.otherPositive > 0
            && words.otherPositive >= words.otherNegative
    }

    private static func othersPositive(_ words: PaymentEvidence) -> String {
        words.otherPositive > words.otherNegative ? "most rows positive" : "as many rows positive as negative"
    }

    /// What says the file is a card issuer's, beside its one negative payment row: a card's
    /// column or preamble words, the header's transaction and post dates, or the row's thanks.
    private func issuersEvidence(_ words: PaymentEvidence) -> String? {
        cardEvidence() ?? (words.thankingNegative > 0 ? "the row thanks the holder for it (THANK YOU)" : nil)
    }

    /// What says the file is a card's: a card's column or preamble words, or the header's
    /// transaction and post dates; nil when nothing does.
    private func cardEvidence() -> String? {
        StatementWords.cardStatement(header: headerCells, preamble: preambleLines).map {
            "the file is a card statement (\($0))"
        } ?? StatementWords.cardDatePair(header: headerCells).map { "the header has a card's dates (\($0))" }
    }

    /// What payment words say of the sign, and why; nil when they do not decide it.
    private func weigh(_ words: PaymentEvidence, roles: ColumnRoles) -> (CSVSettings.SignOption?, String) {
        let without = roles[.balance] == nil ? "no balance column" : "the balance column not checked"
        guard roles[.amount] != nil, roles[.indicator] == nil else {
            let columns =
                roles[.amount] == nil ? "the debit and credit columns say" : "the indicator column says"
            return (nil, "\(without); \(columns) which way")
        }
        guard words.rows > 0 else { return (nil, "\(without), no payment words") }
        let others = words.otherNegative + words.otherPositive
        let againstAsIs = words.positive == words.rows && words.otherNegative > words.otherPositive
        let againstInverted = words.negative == words.rows && words.otherPositive > words.otherNegative
        guard words.rows >= 2, againstAsIs || againstInverted else {
            let why = words.rows < 2 ? "one row is too few" : "they do not all run against the other rows"
            return (nil, "\(without); payment words on \(words.describedLines): \(why)")
        }
        let said = "payment words: \(words.rows) of \(words.rows) rows run against the other \(others)"
        // Pay and deposits written positive are money in as the holder writes it: the negative
        // payments are then payments out of a current account to a card, and nothing is inverted.
        // A card charge for a hotel's DEPOSIT is no pay (``StatementWords/hasIncomeWord(_:)``):
        // it read a Discover export with every sign flipped.
        if againstInverted, words.incomePositive > 0 {
            let lines = CellText.lines(words.incomeLines) + (words.incomePositive > words.incomeLines.count ? "…" : "")
            return (.asIs, "\(said), but pay and deposit words on \(lines) are positive, as the holder writes money in")
        }
        return (againstInverted ? .inverted : .asIs, said)
    }

    private static func scaled(_ bytes: ArraySlice<UInt8>, mark: DecimalMark) -> Int64? {
        BalanceChain.scaled(bytes.span, mark: mark)
    }

    /// `2024-03-15…` as 20240315: the first eight digits of a written date.
    private static func day(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        var digits = 0
        for byte in bytes where byte >= 0x30 && byte <= 0x39 && digits < 8 {
            value = value * 10 + Int(byte - 0x30)
            digits += 1
        }
        return digits == 8 ? value : nil
    }

    // MARK: - Accounts

    /// The most accounts a column of accounts may name: each is a pass over the file, and a
    /// column of hundreds is another party's, or a ledger's, not the holder's own accounts.
    static let mostAccounts = 100

    /// The accounts the rows are in. A column of accounts naming one (a bank's own number on
    /// every row) splits nothing and is dropped; past ``mostAccounts``, the file is refused.
    private func accountsFound(_ evidence: Evidence, layout: TableLayout) -> [AccountKey] {
        guard let column = accountColumn else { return evidence.keys }
        let header = layout.headerNames[column]
        let named = "column \(column + 1)" + (header.isEmpty ? "" : " \"\(CellQuote.text(header))\"")
        if evidence.tooManyAccounts {
            addProblem(
                "\(named) names more than \(Self.mostAccounts) accounts: not your own accounts' names? "
                    + "set account-column=none to read every row as one account's, or account-column to the column "
                    + "that names them")
            return []
        }
        var holders: [[UInt8]] = []
        for key in evidence.keys where !holders.contains(key.holder) { holders.append(key.holder) }
        guard holders.count < 2 else {
            if settings.accountID != nil {
                addProblem(
                    "account-id names one account, but \(named) names \(holders.count): leave account-id "
                        + "out, or set account-column=none to read every row as that account's")
            }
            return evidence.keys
        }
        accountColumn = nil
        var keys: [AccountKey] = []
        for key in evidence.keys.map(\.currencyOnly) where !keys.contains(key) { keys.append(key) }
        return keys
    }

    /// - Parameters:
    ///   - signedCurrency: the one currency the amounts' signs name, where the header and the
    ///     preamble name none.
    private func makeAccounts(
        _ keys: [AccountKey], stem: String, layout: TableLayout, roles: ColumnRoles,
        signedCurrency: (code: String, written: String, line: Int)?
    ) {
        let name = settings.account ?? stem
        let defaultCurrency =
            settings.defaultCurrency ?? statedCurrency(layout, roles: roles)
            ?? signedCurrency.map { stated($0.code, "the amounts' \($0.written), line \($0.line)") }
        let id = settings.accountID ?? preambleAccountNumber(layout)
        if currencyColumn != nil || accountColumn != nil, !keys.isEmpty {
            accountKeys = keys
            var currencies: [[UInt8]] = []
            for key in keys where !currencies.contains(key.currency) { currencies.append(key.currency) }
            accountList = keys.map { key in
                let code = key.currency.isEmpty ? defaultCurrency : String(decoding: key.currency, as: UTF8.self)
                var label = name
                if accountColumn != nil, !key.holder.isEmpty {
                    // The name the file gives, after the `account` option's when one is given.
                    let holder = String(decoding: key.holder, as: UTF8.self)
                    label = settings.account.map { "\($0) \(holder)" } ?? holder
                }
                if currencies.count > 1 { label += " \(code ?? "(no currency)")" }
                // A file's one number (its preamble's, `account-id`) is no account's of several.
                return CSVAccount(name: label, currency: code, id: accountColumn == nil ? id : nil)
            }
        } else {
            accountList = [CSVAccount(name: name, currency: defaultCurrency, id: id)]
        }
        found.accounts = accountList.map { account in account.name + (account.currency.map { " (\($0))" } ?? "") }
    }

    /// Rows the second pass skipped as the account's balance, said once its first whole pass
    /// over `account` has found them: a first pass of its own cost 8% of a large file's reading.
    private func describeBalanceRows(_ rows: [(line: Int, word: String)], account: Int) {
        guard balanceRowsSaid.insert(account).inserted, !rows.isEmpty else { return }
        let which = CellText.lines(rows.map(\.line))
        found.skipped.append("\(which) (a balance)")
        addNote("\(which) not imported: the account's balance (\(rows[0].word)), not money that moved")
    }

    /// `lines 4, 9 not imported: money that never moved (REVERTED, DECLINED)`: never silent.
    private func describeNeverMoved(_ rows: [(line: Int, status: String)]) {
        guard !rows.isEmpty else { return }
        var statuses: [String] = []
        for row in rows where !statuses.contains(row.status) { statuses.append(row.status) }
        let which = CellText.lines(rows.map(\.line))
        found.skipped.append("\(which) (never moved)")
        addNote("\(which) not imported: money that never moved (\(statuses.joined(separator: ", ")))")
    }

    /// `read as booked: the status "NOT SETTLED" (lines 4, 9) is none txfeed knows …`: a status
    /// not known may say the money never moved.
    private func describeUnknownStatuses(_ statuses: [(status: String, lines: [Int], count: Int)]) {
        guard !statuses.isEmpty else { return }
        let described = statuses.map { entry in
            "\"\(entry.status)\" (\(CellText.lines(entry.lines))\(entry.count > entry.lines.count ? "…" : ""))"
        }
        addNote(
            "read as booked: the status \(described.joined(separator: ", ")) is none txfeed knows as booked, "
                + "pending or money that never moved; if it never moved, leave those rows out of the file")
    }

    /// `lines 3, 8 are section lines, not rows: …`, and which rows each makes pending.
    private func describeSections(pending: [Int]) {
        guard !sections.isEmpty else { return }
        let which = CellText.lines(sections.keys.sorted())
        found.skipped.append("\(which) (section lines)")
        var rows = ""
        if !pending.isEmpty {
            let shown = CellText.lines(Array(pending.prefix(5))) + (pending.count > 5 ? "…" : "")
            rows = ": the rows under \"Pending Transactions\" (\(shown)) are pending"
        }
        addNote("\(which) skipped: section lines inside the table, not rows\(rows)")
    }

    /// `line 4 not imported: a total of the rows (Total Pending…), not a transaction`.
    private func describeTotals(_ rows: [(line: Int, text: String)]) {
        guard let first = rows.first else { return }
        let which = CellText.lines(rows.map(\.line))
        found.skipped.append("\(which) (a total)")
        addNote("\(which) not imported: a total of the rows (\(CellQuote.text(first.text))), not a transaction")
    }

    /// The currency the file states outside its rows, when no option gives one: a money
    /// column's header (`Betrag (EUR)`), else the preamble (`Währung:;CHF`). Said in sniff and
    /// kept in the spec as `default-currency`.
    private func statedCurrency(_ layout: TableLayout, roles: ColumnRoles) -> String? {
        for role in [ColumnRole.amount, .debit, .credit, .balance] {
            guard let column = roles[role], column < layout.headerNames.count,
                let (_, code) = HeaderVocabulary.moneyHeaderCurrency(layout.headerNames[column])
            else { continue }
            return stated(code, "the header \"\(CellQuote.text(layout.headerNames[column]))\"")
        }
        guard let (line, value) = preambleValue(labeled: HeaderVocabulary.currencyLabels, layout) else { return nil }
        let code = value.trimmingCharacters(in: .whitespaces)
        guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isUppercase }) else { return nil }
        return stated(code, "line \(line) of the preamble")
    }

    private func stated(_ code: String, _ source: String) -> String {
        found.currency = "\(code) (\(source))"
        found.options.append(("default-currency", code, false))
        return code
    }

    /// `Kontonummer;123`, `"Account Number:","12345678"`, `IBAN;DE…` in the preamble.
    private func preambleAccountNumber(_ layout: TableLayout) -> String? {
        preambleValue(labeled: HeaderVocabulary.accountNumberLabels, layout)?.value
    }

    /// The first preamble line whose first cell is one of `labels` (normalised) and that has a
    /// value after it: its line, and the first non-empty cell after the label.
    private func preambleValue(labeled labels: Set<String>, _ layout: TableLayout) -> (line: Int, value: String)? {
        var reader = CSVCellReader(text: text)
        for record in layout.preamble {
            let fields = TableLayout.fields(of: record, text: text, separator: separator)
            guard fields.count >= 2, labels.contains(HeaderVocabulary.normalise(reader.string(fields[0]))) else {
                continue
            }
            if let value = fields.dropFirst().map({ reader.string($0) }).first(where: { !$0.isEmpty }) {
                return (record.line, value)
            }
        }
        return nil
    }

    /// Which account a row belongs to: the one whose cells it has, or the first for a row too
    /// short to say. The same comparison as the first pass's, which found the accounts.
    private func accountIndex(_ fields: [CSVFieldSpan], cells: inout CSVCellReader) -> Int {
        accountKeys.count > 1 ? index(fields, in: accountKeys, cells: &cells) ?? 0 : 0
    }

    /// Whether a row is in `account`: compared with that account's cells alone, but for the
    /// first, which also takes a row no account's cells match.
    private func isIn(_ account: Int, _ fields: [CSVFieldSpan], cells: inout CSVCellReader) -> Bool {
        account == 0 ? accountIndex(fields, cells: &cells) == 0 : matches(fields, accountKeys[account], cells: &cells)
    }

    private func index(_ fields: [CSVFieldSpan], in keys: [AccountKey], cells: inout CSVCellReader) -> Int? {
        keys.indices.first { matches(fields, keys[$0], cells: &cells) }
    }

    private func matches(_ fields: [CSVFieldSpan], _ key: AccountKey, cells: inout CSVCellReader) -> Bool {
        withCell(accountColumn, fields, cells: &cells) { key.matches(holder: $0) }
            && withCell(currencyColumn, fields, cells: &cells) { key.matches(currency: $0) }
    }

    private func key(_ fields: [CSVFieldSpan], cells: inout CSVCellReader) -> AccountKey {
        var key = AccountKey()
        key.holder = withCell(accountColumn, fields, cells: &cells) { AccountKey.holder($0) }
        key.currency = withCell(currencyColumn, fields, cells: &cells) { AccountKey.currency($0) }
        return key
    }

    /// `body` with a column's cell in the row; nil for a column the file has not, or a row too
    /// short to have it.
    private func withCell<Result>(
        _ column: Int?, _ fields: [CSVFieldSpan], cells: inout CSVCellReader, _ body: (Span<UInt8>?) -> Result
    ) -> Result {
        guard let column, column < fields.count else { return body(nil) }
        return cells.withCell(fields[column]) { body($0) }
    }

    // MARK: - Counting for the report

    private func countRows() -> CSVReport.Rows {
        var rows = CSVReport.Rows()
        for account in accountList.indices {
            forEachBatch(account: account, batchSize: 4_096) { batch in
                rows.entries += batch.texts.entries.count
                rows.rejects += batch.rejects.count
                if let first = batch.rejects.first, rows.firstReject.map({ first.line < $0.line }) ?? true {
                    rows.firstReject = first
                }
                return true
            }
        }
        return rows
    }

    // MARK: - Describing

    private func describeLayout(_ layout: TableLayout) {
        if layout.header != nil { headerCells = layout.headerNames }
        preambleLines = layout.preamble.map {
            text.string($0.start..<$0.end)
        }
        if let header = layout.header {
            found.header = "line \(header.line): " + excerpt(header, limit: 60)
        } else {
            found.header = "none: line \(layout.firstLine) is already data; columns by position"
        }
        if layout.firstLine > 1, statementBalances == nil {
            let last = layout.firstLine - 1
            found.skipped.append((last == 1 ? "line 1" : "lines 1-\(last)") + " (preamble)")
            addNote((last == 1 ? "line 1" : "lines 1-\(last)") + " skipped: a preamble before the table")
            found.options.append(("skip", String(last), true))
        }
    }

    private func describeTrailing(_ layout: TableLayout) {
        guard statementBalances == nil, let first = layout.trailing.first else { return }
        let lines = layout.trailing.map { String($0.line) }
        let which = (lines.count == 1 ? "line " : "lines ") + lines.joined(separator: ", ")
        let shown = excerpt(first, limit: 0)
        found.skipped.append("\(which) (trailing: \(shown))")
        let what = lines.count == 1 ? "a summary row" : "summary rows"
        addNote("\(which) skipped: \(what) after the table (\(shown))")
    }

    /// - Parameters:
    ///   - hiding: roles given to a column that plays none after all (a column of accounts naming one).
    private func describeColumns(
        _ profiles: [ColumnProfile], roles: ColumnRoles, dropped: [Int], hiding: Set<ColumnRole> = []
    ) {
        let name: (Int) -> String = { column in
            let header = profiles[column].header ?? ""
            return header.isEmpty ? "(column \(column + 1))" : CellQuote.text(header)
        }
        for role in ColumnRole.allCases where !hiding.contains(role) {
            guard let column = roles[role] else { continue }
            found.columns.append(
                CSVReport.Column(
                    position: column + 1, header: name(column), role: role, reason: roles.reasons[column],
                    samples: profiles[column].samples.map { CellQuote.text($0) }))
            let headers = profiles.compactMap { $0.header.map(HeaderVocabulary.normalise) }
            let header = profiles[column].header ?? ""
            let unique = !header.isEmpty && headers.filter { $0 == HeaderVocabulary.normalise(header) }.count == 1
            found.options.append((role.rawValue, unique ? header : String(column + 1), !unique))
        }
        for column in profiles.indices where roles.role(of: column).map({ hiding.contains($0) }) ?? true {
            if dropped.contains(column) {
                found.dropped.append(String(column + 1))
            } else {
                found.ignored.append("\(column + 1) \(name(column))")
            }
        }
    }

    /// The record's text, whole fields only up to `limit` characters and then `…`
    /// (`"Buchungstag";"Valuta";…`); at least the first field is kept.
    private func excerpt(_ record: CSVRecordSpan, limit: Int) -> String {
        let piece = { (end: Int) in
            CellQuote.escaped(
                self.text.string(record.start..<end))
        }
        let whole = piece(record.end)
        guard whole.count > limit else { return whole }
        let fields = TableLayout.fields(of: record, text: text, separator: separator)
        var kept = ""
        for index in fields.indices.dropLast() {
            // The field's end, its closing quote included, and the separator after it.
            let end =
                fields[index + 1].start - (text.byte(at: fields[index + 1].start - 1) == UInt8(ascii: "\"") ? 1 : 0)
            let candidate = piece(end)
            guard index == 0 || candidate.count <= limit else { break }
            kept = candidate
        }
        return kept.isEmpty ? String(whole.prefix(limit)) + "…" : kept + "…"
    }

    /// What a 0xA4 in a file read as windows-1252 may be: `¤` there and in Latin-1, `€` in
    /// ISO-8859-15 (French, Finnish and Estonian exports), which bytes cannot tell apart. A bank
    /// writes `€` far more often than `¤`, so the note names the option; "" without one.
    private static func euroHint(_ bytes: CSVBytes) -> String {
        let line: Int? = bytes.withSpan { bytes in
            var line = 1
            for index in bytes.indices {
                if bytes[index] == 0xA4 { return line }
                if bytes[index] == 0x0A { line += 1 }
            }
            return nil
        }
        guard let line else { return "" }
        return "; byte 0xA4 on line \(line) reads as ¤, which is € in ISO-8859-15: if the bank wrote €, "
            + "set encoding=iso-8859-15"
    }

    /// `line 4`, `lines 4, 9 and 12`, `lines 4, 9, 12, 30, 31 and 7 more`.
    private static func lineList(_ lines: [Int]) -> String {
        let shown = lines.prefix(5).map(String.init)
        let word = lines.count == 1 ? "line" : "lines"
        if lines.count > 5 { return "\(word) \(shown.joined(separator: ", ")) and \(lines.count - 5) more" }
        if shown.count == 1 { return "\(word) \(shown[0])" }
        return "\(word) \(shown.dropLast().joined(separator: ", ")) and \(shown.last!)"
    }

    private static func describeEncoding(_ decoded: DecodedText, declared: Bool, bytes: CSVBytes)
        -> String
    {
        let name = decoded.encoding.rawValue
        if declared { return "\(name) (given)" }
        if let lines = decoded.windows1252Lines {
            return "\(name), but windows-1252 on \(lines.count.counted("line")) not valid UTF-8 (\(lineList(lines)))"
        }
        if decoded.guessed {
            // Shift_JIS's 0xA4 is a trail byte (`商`), no sign.
            return "\(name) (not valid UTF-8 and none declared)"
                + (decoded.encoding == .windows1252 ? euroHint(bytes) : "")
        }
        let bom = bytes.withSpan { TextDecoding.byteOrderMark($0) }
        return bom == nil ? name : "\(name) (byte order mark)"
    }

    func addProblem(_ message: String) {
        problemList.append("\(origin): \(message)")
        found.problems.append(message)
    }

    /// Notes leave the file's name to whoever writes them: the plugin puts its path first.
    func addNote(_ message: String) {
        noteList.append(message)
    }
}
