import CSVCells

/// Where the table is in the file: the lines before it (preamble), its header, its rows, and
/// the summary rows after it.
struct TableLayout: Sendable {
    var width: Int
    /// The header record, or nil when the first row is already data.
    var header: CSVRecordSpan?
    /// The header's cells (trimmed), or `""` for each column when there is none.
    var headerNames: [String]
    /// Where the first table row starts, and its line.
    var dataStart: Int
    var dataStartLine: Int
    /// Where the rows end: the start of the first trailing row, or the end of the text.
    var dataEnd: Int
    /// The records before the header (for the account number); their lines are `1..<firstLine`.
    var preamble: [CSVRecordSpan]
    /// The first line of the table (the header's, or the first row's).
    var firstLine: Int
    /// Rows after the table that are not transactions: a count that differs, a date cell that
    /// is no date (`"Kontostand";…`, `Total`).
    var trailing: [CSVRecordSpan] = []
    /// Where the rows at the end with a payee and an amount but no date begin (`Pending,ZETA
    /// SHOP,-65.00`): read and rejected for their date, but never evidence of the date's format,
    /// or two such rows in thirty failed the whole file. The end of the rows when there are none.
    var undatedFrom = Int.max
    /// Every record is two lines (``findsLinePairs(text:separator:)``).
    var linePairs = false

    /// Finds the header among the head records: the first from which the field count holds
    /// (or the first after `skip` lines), and a header only when its cells look like names.
    init?(scan: TableScan, text: CSVBytes, separator: UInt8, skip: Int?) {
        guard scan.width >= 2, !scan.head.isEmpty else { return nil }
        var reader = CSVCellReader(text: text)
        // Section lines inside the table (`"Pending Transactions"`) are no part of its shape: a
        // header over one is still the header. They stay in the text the rows are read from.
        let all = scan.head
        let head = all.filter { Self.section(of: $0, text: text, separator: separator, reader: &reader) == nil }
        guard !head.isEmpty else { return nil }
        // A short table under a longer preamble: the preamble's count is the most usual one.
        let named =
            skip == nil ? Self.namedHeaderOverPreamble(scan, text: text, separator: separator, reader: &reader) : nil
        let scanned = named.map { head[$0].fieldCount } ?? scan.width
        width = scanned
        var first: Int?
        if let skip {
            first = head.firstIndex { $0.line > skip }
        } else {
            first = head.indices.first { index in
                head[index].fieldCount == scanned
                    && (index + 1 == head.count || Self.fits(head[index + 1].fieldCount, width: scanned))
            }
        }
        guard var first else { return nil }
        if skip == nil,
            let header = Self.headerAfterPaddedPreamble(
                head, from: first, width: scanned, text: text, separator: separator, reader: &reader)
        {
            first = header
        }
        if skip == nil,
            let header = Self.namedHeaderBelowTitles(
                head, from: first, width: scanned, text: text, separator: separator, reader: &reader)
        {
            first = header
        }
        // Rows one field short before the first full one, shaped like it (its dates where it has
        // dates): rows of the table whose empty last field the bank left out, not a preamble.
        if skip == nil {
            let start = Self.shortRowsStart(head, before: first, width: scanned, text: text, separator: separator)
            if start < first {
                let fields = start > 0 ? Self.fields(of: head[start - 1], text: text, separator: separator) : []
                if start == 0 {
                    first = 0
                } else if head[start - 1].fieldCount == scanned, Self.isHeader(fields, reader: &reader) {
                    first = start - 1
                }
            }
        }
        // A header of names one field wider than most rows, its last name filled: the rows leave
        // out their empty last field (a blank memo); the table is the header's width.
        if skip == nil, first > 0, head[first - 1].fieldCount == scanned + 1 {
            let fields = Self.fields(of: head[first - 1], text: text, separator: separator)
            if fields.last?.isEmpty == false, Self.isHeader(fields, reader: &reader) {
                first -= 1
                width = scanned + 1
            } else if fields.last?.isEmpty == true, Self.isHeader(Array(fields.dropLast()), reader: &reader),
                !Self.isHeader(Self.fields(of: head[first], text: text, separator: separator), reader: &reader)
            {
                // Lloyds writes a separator after the header's last name and none after the
                // rows': the header still names the rows' columns. (A title over a header,
                // `Transactions:,,,,,,,`, is no header: the line after it is.)
                first -= 1
            }
        }
        // A header one field short of rows that all end in an empty field (Chase's checking
        // export: a separator after every row's last cell) is still the header.
        if skip == nil, first > 0, head[first - 1].fieldCount == width - 1,
            Self.rowsEndEmpty(head[first...], width: width, text: text, separator: separator),
            Self.isHeader(Self.fields(of: head[first - 1], text: text, separator: separator), reader: &reader)
        {
            first -= 1
        }
        let fields = Self.fields(of: head[first], text: text, separator: separator)
        let names = Array(
            (fields.map { reader.string($0) } + Array(repeating: "", count: max(0, width - fields.count))).prefix(width)
        )
        let isHeader = Self.isHeader(fields, reader: &reader)
        firstLine = head[first].line
        preamble = Array(head[..<first])
        if isHeader {
            header = head[first]
            headerNames = names
            let after = (all.firstIndex { $0.start == head[first].start } ?? all.count) + 1
            if after < all.count {
                dataStart = all[after].start
                dataStartLine = all[after].line
            } else {
                var tokenizer = CSVTokenizer(
                    text: text, separator: separator, position: head[first].start, line: firstLine)
                var scratch: [CSVFieldSpan] = []
                _ = tokenizer.next(into: &scratch)
                dataStart = tokenizer.position
                dataStartLine = tokenizer.line
            }
        } else {
            header = nil
            headerNames = Array(repeating: "", count: width)
            // Section lines just before the first row head it: read from the first of them.
            var start = all.firstIndex { $0.start == head[first].start } ?? 0
            while start > 0, all[start - 1].start > (first > 0 ? head[first - 1].start : -1) { start -= 1 }
            dataStart = all[start].start
            dataStartLine = all[start].line
        }
        dataEnd = text.count
        // Summary rows at the end: a field count the table does not have.
        for record in scan.tail.reversed() {
            guard record.start >= dataStart, !Self.fits(record.fieldCount, width: width) else { break }
            trailing.insert(record, at: 0)
            dataEnd = record.start
        }
    }

    /// The section a line opens (``StatementWords/section(normalised:)``) when its only filled
    /// cell is its first; nil for every other line.
    static func section(
        of record: CSVRecordSpan, text: CSVBytes, separator: UInt8, reader: inout CSVCellReader
    ) -> StatementWords.Section? {
        section(fields(of: record, text: text, separator: separator), reader: &reader)
    }

    /// The same of a line already split into `fields`.
    static func section(_ fields: [CSVFieldSpan], reader: inout CSVCellReader) -> StatementWords.Section? {
        guard let first = fields.first, !first.isEmpty, fields.dropFirst().allSatisfy(\.isEmpty) else { return nil }
        return StatementWords.section(normalised: HeaderVocabulary.normalise(reader.string(first)))
    }

    /// The columns a summary row is told by.
    struct RowColumns {
        var date: Int
        /// The given date format; nil to try every known one.
        var datePattern: DatePattern?
        var vendor: Int
        var money: [Int]
    }

    /// Decides which rows at the end are summary rows (`trailing`), the rows of another field
    /// count among them: a row with no date is one only when the evidence says so (a total's
    /// words, no payee, no amount). A row with a payee and an amount is the table's, rejected
    /// for its date as it would be anywhere else, never dropped; and so is a dated row.
    mutating func trimTrailing(
        tail: [CSVRecordSpan], columns: RowColumns, text: CSVBytes, separator: UInt8
    ) {
        var reader = CSVCellReader(text: text)
        var kept: [CSVRecordSpan] = []
        var end = text.count
        var rows = tail.reversed()[...]
        while let record = rows.first, record.start >= dataStart,
            Self.isSummary(Self.fields(of: record, text: text, separator: separator), columns, reader: &reader)
        {
            kept.insert(record, at: 0)
            end = record.start
            rows = rows.dropFirst()
        }
        // A table with no row left is rows that do not read, not a summary of nothing.
        guard end > dataStart else { return }
        trailing = kept
        dataEnd = end
        for record in rows where record.start >= dataStart {
            let fields = Self.fields(of: record, text: text, separator: separator)
            guard columns.date < fields.count, !Self.holdsDate(fields[columns.date], columns, reader: &reader) else {
                break
            }
            undatedFrom = record.start
        }
    }

    /// Whether the cell reads as a date: by the given format, else by any known one.
    private static func holdsDate(_ cell: CSVFieldSpan, _ columns: RowColumns, reader: inout CSVCellReader) -> Bool {
        reader.withCell(cell) { cell in
            columns.datePattern.map { $0.parse(cell) != nil } ?? DatePattern.looksLikeDate(cell)
        }
    }

    private static func isSummary(_ fields: [CSVFieldSpan], _ columns: RowColumns, reader: inout CSVCellReader)
        -> Bool
    {
        let filled = { (column: Int) in column < fields.count && !fields[column].isEmpty }
        if filled(columns.date), holdsDate(fields[columns.date], columns, reader: &reader) {
            return balanceLabel(fields, columns, reader: &reader) != nil
        }
        let words = fields.indices.filter { !columns.money.contains($0) && !fields[$0].isEmpty }
        if words.contains(where: { StatementWords.isSummary(HeaderVocabulary.normalise(reader.string(fields[$0]))) }) {
            return true
        }
        // An amount where the payee would be is a totals line (`-800.00,1500.00,-12.00`), not a payee.
        let payee =
            filled(columns.vendor) && !reader.string(fields[columns.vendor]).isEmpty
            && !reader.withCell(fields[columns.vendor], { AmountText.looksLikeAmount($0) })
        let money = columns.money.contains { column in
            filled(column) && reader.withCell(fields[column]) { AmountText.looksLikeAmount($0) }
        }
        return !(payee && money)
    }

    /// The balance a dated row states in place of a transaction (Volksbank's and Raiffeisen
    /// banks' `"03.01.2018";;…;"Endsaldo";"EUR";"1.250,62";"H"` after the table): a cell that is
    /// wholly one of ``StatementWords/balanceLabels``, the date's and money's cells, and codes
    /// of three characters or fewer (the currency, `S` or `H`). Nil for any other row.
    static func balanceLabel(_ fields: [CSVFieldSpan], _ columns: RowColumns, reader: inout CSVCellReader)
        -> String?
    {
        var label: String?
        for column in fields.indices
        where column != columns.date && !columns.money.contains(column) && !fields[column].isEmpty {
            let cell = reader.string(fields[column])
            if cell.count <= 3 { continue }
            guard label == nil, StatementWords.balanceLabels.contains(HeaderVocabulary.normalise(cell)) else {
                return nil
            }
            label = cell
        }
        return label
    }

    /// A row of `count` fields belongs to a table `width` wide: the same count, or one more
    /// (a trailing separator on some rows only).
    static func fits(_ count: Int, width: Int) -> Bool {
        count == width || count == width + 1
    }

    static func fields(of record: CSVRecordSpan, text: CSVBytes, separator: UInt8) -> [CSVFieldSpan] {
        var tokenizer = CSVTokenizer(text: text, separator: separator, position: record.start, line: record.line)
        var fields: [CSVFieldSpan] = []
        _ = tokenizer.next(into: &fields)
        return fields
    }

    /// A preamble padded to the table's width (UBS: `Kontonummer:;0235 00123456.01;;;;;;;;;;;;;`)
    /// holds the field count from the file's first line, but its lines fill a cell or two where
    /// the header fills most: the header is the first line of names filling at least half the
    /// cells, when only such sparse lines come before it. Nil when `first` is already filled.
    private static func headerAfterPaddedPreamble(
        _ head: [CSVRecordSpan], from first: Int, width: Int, text: CSVBytes, separator: UInt8,
        reader: inout CSVCellReader
    ) -> Int? {
        for index in head.indices.dropFirst(first) {
            let fields = Self.fields(of: head[index], text: text, separator: separator)
            guard fields.filter({ !$0.isEmpty }).count * 2 >= width else { continue }
            return index > first && looksLikeNames(fields, reader: &reader) ? index : nil
        }
        return nil
    }

    /// A preamble of `key : value` titles as wide as the table (Caisse d'Épargne: `Code de la
    /// banque : 10101;…;Date de début de téléchargement : 01/01/2024;;`, then `Solde en fin de
    /// période;;;;655,25;`) holds the field count from the first line, which reads as names
    /// but names no column the vocabulary knows. The header is the first line after it of the
    /// table's width naming at least two (`Date;Libellé;Débit;Crédit`), when no line between
    /// holds a date: a row of the table would. Nil when `first` names a known column.
    private static func namedHeaderBelowTitles(
        _ head: [CSVRecordSpan], from first: Int, width: Int, text: CSVBytes, separator: UInt8,
        reader: inout CSVCellReader
    ) -> Int? {
        let titles = fields(of: head[first], text: text, separator: separator)
        guard looksLikeNames(titles, reader: &reader),
            !titles.contains(where: { !$0.isEmpty && !HeaderVocabulary.roles(of: reader.string($0)).isEmpty })
        else { return nil }
        for index in head.indices.dropFirst(first + 1) {
            let cells = fields(of: head[index], text: text, separator: separator)
            if head[index].fieldCount == width, namesKnownColumns(cells, reader: &reader) { return index }
            let dated = cells.contains { cell in
                !cell.isEmpty && reader.withCell(cell) { DatePattern.looksLikeDate($0) }
            }
            if dated { return nil }
        }
        return nil
    }

    /// Where a run of rows one field short, ending at `first`, starts: each has a date wherever
    /// the row at `first` has one (and that row has one). `first` when there is none.
    private static func shortRowsStart(
        _ head: [CSVRecordSpan], before first: Int, width: Int, text: CSVBytes, separator: UInt8
    ) -> Int {
        var reader = CSVCellReader(text: text)
        let full = fields(of: head[first], text: text, separator: separator)
        let dated = full.indices.filter { column in
            !full[column].isEmpty && reader.withCell(full[column]) { DatePattern.looksLikeDate($0) }
        }
        guard !dated.isEmpty else { return first }
        var start = first
        while start > 0, head[start - 1].fieldCount == width - 1 {
            let short = fields(of: head[start - 1], text: text, separator: separator)
            let shaped = dated.allSatisfy { column in
                column < short.count && reader.withCell(short[column]) { DatePattern.looksLikeDate($0) }
            }
            guard shaped else { break }
            start -= 1
        }
        return start
    }

    /// Whether every one of `rows` that is `width` wide ends in an empty field.
    private static func rowsEndEmpty(
        _ rows: ArraySlice<CSVRecordSpan>, width: Int, text: CSVBytes, separator: UInt8
    ) -> Bool {
        let wide = rows.filter { $0.fieldCount == width }
        return !wide.isEmpty
            && wide.allSatisfy { fields(of: $0, text: text, separator: separator).last?.isEmpty == true }
    }

    /// The header of a table shorter than its preamble (DKB's and ING's exports of one to a few
    /// rows under six to ten `key;value;` lines): the most usual field count is the preamble's,
    /// and the table was read three fields wide. A line is that header when it names known
    /// columns (``namesKnownColumns(_:reader:)``), is wider than the most usual count and than
    /// every line before it, and the lines after it are its width (or one more) up to any
    /// narrower summary lines at the end. Only a file whose every line is in `head` is looked
    /// at: a longer table outvotes its preamble. Nil when there is no such line.
    private static func namedHeaderOverPreamble(
        _ scan: TableScan, text: CSVBytes, separator: UInt8, reader: inout CSVCellReader
    ) -> Int? {
        let head = scan.head
        guard scan.recordCount == head.count else { return nil }
        var widest = 0
        for index in head.indices {
            let count = head[index].fieldCount
            defer { widest = max(widest, count) }
            guard count > scan.width, count > widest, count >= 3 else { continue }
            let rows = head[(index + 1)...]
            let table = rows.prefix { fits($0.fieldCount, width: count) }
            guard !table.isEmpty, rows.dropFirst(table.count).allSatisfy({ $0.fieldCount < count }) else { continue }
            if namesKnownColumns(fields(of: head[index], text: text, separator: separator), reader: &reader) {
                return index
            }
        }
        return nil
    }

    /// Whether a line is a header: its cells look like names, or it names known columns.
    /// A header that names a date column and one of money that moved (`Buchungstag`, `Umsatz
    /// in EUR`): a table of payments, not a labelled summary (Sparda's `Umsätze ab;Enddatum;
    /// Kontonummer;Saldo` over its one line of values).
    private static func namesDatesAndMoney(_ fields: [CSVFieldSpan], reader: inout CSVCellReader) -> Bool {
        let roles = fields.flatMap { field in HeaderVocabulary.roles(of: reader.string(field)).map(\.role) }
        return roles.contains(.date) && roles.contains { $0 == .amount || $0 == .debit || $0 == .credit }
    }

    /// A table of its own among the preamble's lines: a header, then a row of its width (or one
    /// more or less) with a date and an amount (comdirect's "all accounts" export: the current
    /// account's table, then the card's, one field wider). Taken for a preamble, the first
    /// table's rows were dropped with exit 0. The header's line and the rows'; nil for a
    /// preamble of labelled lines.
    func tableInPreamble(text: CSVBytes, separator: UInt8) -> (header: Int, rows: [Int])? {
        var reader = CSVCellReader(text: text)
        var header: (line: Int, width: Int)?
        var rows: [Int] = []
        for record in preamble {
            let fields = Self.fields(of: record, text: text, separator: separator)
            let filled = fields.count { !$0.isEmpty }
            if let open = header, abs(fields.count - open.width) <= 1, filled >= 3,
                fields.contains(where: { field in reader.withCell(field) { DatePattern.looksLikeDate($0) } }),
                fields.contains(where: { field in reader.withCell(field) { AmountText.looksLikeAmount($0) } })
            {
                rows.append(record.line)
            } else if rows.isEmpty, filled >= 3, Self.namesDatesAndMoney(fields, reader: &reader) {
                header = (record.line, fields.count)
            }
        }
        guard let header, !rows.isEmpty else { return nil }
        return (header.line, rows)
    }

    private static func isHeader(_ fields: [CSVFieldSpan], reader: inout CSVCellReader) -> Bool {
        looksLikeNames(fields, reader: &reader) || namesKnownColumns(fields, reader: &reader)
    }

    /// A line naming at least two columns the header vocabulary knows (`Buchungstag`, `Betrag`),
    /// with no date and no amount without a letter among its cells. Such a line is a header even
    /// where a name also reads as an amount: GLS's `VWZ1`…`VWZ14` (purpose lines 1–14) read as
    /// a currency's code and 1–14, and the file was read without a header.
    private static func namesKnownColumns(_ fields: [CSVFieldSpan], reader: inout CSVCellReader) -> Bool {
        var known = 0
        for field in fields where !field.isEmpty {
            let (value, name) = reader.withCell(field) { cell -> (Bool, Bool) in
                let letter = cell.indices.contains { Self.isLetter(cell[$0]) }
                let value = DatePattern.looksLikeDate(cell) || (!letter && AmountText.looksLikeAmount(cell))
                return (value, letter)
            }
            if value { return false }
            if name, !HeaderVocabulary.roles(of: reader.string(field)).isEmpty { known += 1 }
        }
        return known >= 2
    }

    /// An ASCII letter or a byte of a non-ASCII character.
    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte >= 0x80
    }

    /// A header's cells are names: none reads as a date or an amount, and one has a letter.
    private static func looksLikeNames(_ fields: [CSVFieldSpan], reader: inout CSVCellReader) -> Bool {
        var hasLetter = false
        for field in fields where !field.isEmpty {
            let isValue = reader.withCell(field) { cell in
                if cell.indices.contains(where: { Self.isLetter(cell[$0]) }) {
                    hasLetter = true
                }
                return DatePattern.looksLikeDate(cell) || AmountText.looksLikeAmount(cell)
            }
            if isValue { return false }
        }
        return hasLetter
    }
}
