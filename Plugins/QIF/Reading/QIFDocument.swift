import CSVCells
import StatementText

/// A QIF file read in two passes: the first sorts its lines into accounts and records and
/// decides, over every record, the date format and the decimal mark; the second reads the
/// records in batches with them.
///
/// What stops the file being read as it is (no transaction block, dates every format reads
/// alike) is a problem naming the option that settles it; what stops one record is a reject.
public final class QIFDocument: Sendable {
    public let origin: String
    let text: QIFText
    let structure: QIFStructure
    let settings: QIFSettings
    let datePattern: DatePattern?
    let dateEvidence: String?
    let mark: DecimalMark
    let markEvidence: String
    /// Each prefixed with `origin`.
    public let problems: [String]

    /// The formats QIF files are written in once `'` reads as `/`, US order first as Quicken's.
    /// A German Quicken writes month-first dates with dots under `!Option:MDY` (`10.18.23`).
    static let dateCandidates: [DatePattern] = [
        "%m/%d/%Y", "%d/%m/%Y", "%m/%d/%y", "%d/%m/%y", "%d.%m.%Y", "%d.%m.%y", "%m.%d.%Y", "%m.%d.%y",
        "%Y-%m-%d", "%d %b %Y", "%d-%m-%Y", "%m-%d-%Y", "%Y/%m/%d", "%d-%b-%Y", "%d %B %Y",
    ].compactMap { try? DatePattern($0) }

    /// Month-first with dots: read only when a day above 12 (or `!Option:MDY`) says so. Dots are
    /// day-first everywhere else, so a file whose days settle nothing is read day-first, as it
    /// was before these were candidates.
    static let monthFirstDotted: [DatePattern] = ["%m.%d.%Y", "%m.%d.%y"].compactMap { try? DatePattern($0) }

    /// Whether `pattern` reads in the order `!Option:MDY` (month first) or `!Option:DMY` says:
    /// a year-first one (`%Y-%m-%d`) is no question of that order, and stays.
    static func fits(_ pattern: DatePattern, monthFirst: Bool) -> Bool {
        let format = pattern.description
        if format.hasPrefix("%Y") { return true }
        let month = ["%m", "%b", "%B"].compactMap { format.range(of: $0)?.lowerBound }.min()
        let day = ["%d", "%e"].compactMap { format.range(of: $0)?.lowerBound }.min()
        guard let month, let day else { return true }
        return (month < day) == monthFirst
    }

    public init(bytes: UnsafeRawBufferPointer, origin: String, stem: String, settings: QIFSettings) {
        self.origin = origin
        self.settings = settings
        let text = QIFText(bytes, encoding: settings.encoding)
        // Text cut at a byte the encoding given does not map is not read at all.
        let structure = QIFStructure(
            text: text.problem == nil ? text.bytes : [], defaultAccount: stem, fixedAccount: settings.account)
        self.text = text
        self.structure = structure
        if let problem = text.problem {
            (datePattern, dateEvidence, mark, markEvidence) = (nil, nil, .point, "")
            splitNotes = []
            self.problems = ["\(origin): \(problem)"]
            return
        }
        var problems: [String] = []
        if !structure.hasHeader {
            let found = structure.skipped.map(\.header)
            let only = found.isEmpty ? "" : " (only \(found.joined(separator: ", ")))"
            problems.append(
                "no transaction block: a QIF file needs a !Type:Bank, CCard, Cash, Oth A or Oth L header\(only)")
        }
        (datePattern, dateEvidence) = Self.decideDates(text.bytes, structure, given: settings.dateFormat, &problems)
        (mark, markEvidence) = Self.decideMark(text.bytes, structure, given: settings.decimalMark, &problems)
        self.problems = problems.map { "\(origin): \($0)" }
        let reader = QIFRecordReader(text: text.bytes, lines: structure.lines, datePattern: datePattern, mark: mark)
        splitNotes = problems.isEmpty ? structure.records.compactMap(reader.splitNote) : []
    }

    /// How splits written `$=746.36` were read, a note a record.
    let splitNotes: [String]

    /// Notes for the run's log: the encoding guessed, blocks skipped, lines not read, a file cut
    /// short, split amounts read past an `=`.
    public var notes: [String] {
        (text.note.map { [$0] } ?? []) + structure.notes + splitNotes
    }

    /// Warnings for the run's log: blocks the file holds twice.
    public var warnings: [String] { structure.warnings }

    /// The accounts' names, in the order their records first appear.
    public var accountNames: [String] { structure.accounts.map(\.name) }

    public var currency: String? { settings.currency }

    /// Reads the records of account `account` in file order, `batchSize` a batch; `body`
    /// returns false to stop.
    public func forEachBatch(account: Int, batchSize: Int, _ body: (QIFBatch) -> Bool) {
        let reader = QIFRecordReader(
            text: text.bytes, lines: structure.lines, datePattern: datePattern, mark: mark)
        var batch = QIFBatch()
        for index in structure.accounts[account].records {
            reader.read(structure.records[index], into: &batch)
            if batch.texts.entries.count + batch.rejects.count >= batchSize {
                guard body(batch) else { return }
                batch.removeAll()
            }
        }
        if !batch.texts.entries.isEmpty || !batch.rejects.isEmpty { _ = body(batch) }
    }

    /// How sure the qif source is that a file is QIF: 95 for a head starting with a QIF header
    /// (after a BOM and blank lines), 10 for a `.qif` name alone, so that its error is qif's.
    public static func confidence(path: String, head: UnsafeBufferPointer<UInt8>) -> Int {
        if QIFHeader.startsQIF(UnsafeBufferPointer(rebasing: head[HeadStart.index(in: head.span)...])) { return 95 }
        return FileName.hasSuffix(path, ".qif") ? 10 : 0
    }

    // MARK: - Decisions over the whole file

    private static func decideDates(
        _ text: [UInt8], _ structure: QIFStructure, given: DatePattern?, _ problems: inout [String]
    ) -> (DatePattern?, String?) {
        if let given { return (given, "given") }
        // `!Option:MDY` says the order, and the dates still settle the format (`/` or `.`, the
        // year's digits) among those of that order.
        let order = structure.dateOrder
        let said = order.map { "; !Option:\($0.monthFirst ? "MDY" : "DMY") on line \($0.line)" } ?? ""
        let candidates = order.map { order in dateCandidates.filter { fits($0, monthFirst: order.monthFirst) } }
        guard var decision = decision(text, structure, candidates ?? dateCandidates) else { return (nil, nil) }
        if order == nil, case .ambiguous(let patterns, _) = decision,
            patterns.contains(where: monthFirstDotted.contains)
        {
            decision = Self.decision(text, structure, dateCandidates.filter { !monthFirstDotted.contains($0) })!
        }
        switch decision {
        case .decided(let pattern, let why):
            let suffix = ": \(pattern)"
            return (pattern, (why.hasSuffix(suffix) ? String(why.dropLast(suffix.count)) : why) + said)
        case .ambiguous(let patterns, let message):
            if let pattern = readAlike(text, structure, patterns) {
                return (pattern, "every date reads alike in either order" + said)
            }
            problems.append("dates: \(message)")
            return (nil, nil)
        case .unreadable(let message):
            let says =
                order.map {
                    " (!Option:\($0.monthFirst ? "MDY" : "DMY") on line \($0.line) says \($0.monthFirst ? "month" : "day") first)"
                } ?? ""
            problems.append("dates: \(message)\(says)")
            return (nil, nil)
        }
    }

    /// What the file's dates decide among `candidates`; nil when no record has a date.
    private static func decision(_ text: [UInt8], _ structure: QIFStructure, _ candidates: [DatePattern])
        -> DateDecision?
    {
        var evidence = DateEvidence(candidates: candidates)
        var seen = false
        for record in structure.records {
            guard let field = record.date else { continue }
            seen = true
            evidence.observe(QIFDateText(text[field]).bytes.span, line: record.dateLine)
        }
        return seen ? evidence.decision : nil
    }

    /// The first of `patterns` when they read every date of the file alike (`1/ 1'00` is
    /// 2000-01-01 month first or day first, its day being its month), and miss the same ones:
    /// then the order is no question, and asking for `date-format` would only stop the file.
    /// Nil when one date reads differently, or none reads at all.
    private static func readAlike(_ text: [UInt8], _ structure: QIFStructure, _ patterns: [DatePattern])
        -> DatePattern?
    {
        guard patterns.count > 1 else { return nil }
        var read = false
        for record in structure.records {
            guard let field = record.date else { continue }
            let date = QIFDateText(text[field])
            let first = date.parse(with: patterns[0])
            for pattern in patterns.dropFirst() where date.parse(with: pattern) != first { return nil }
            read = read || first != nil
        }
        return read ? patterns[0] : nil
    }

    private static func decideMark(
        _ text: [UInt8], _ structure: QIFStructure, given: DecimalMark?, _ problems: inout [String]
    ) -> (DecimalMark, String) {
        if let given { return (given, "given") }
        var evidence = DecimalMarkEvidence()
        let all = text.span
        for record in structure.records {
            if let field = record.amount { evidence.observe(all.extracting(field), line: record.amountLine) }
            for split in record.splits {
                if let field = split.amount { evidence.observe(all.extracting(field), line: split.amountLine) }
            }
        }
        switch evidence.decision {
        case .decided(let mark, let why): return (mark, why)
        case .conflicting(let message):
            problems.append("amounts: \(message)")
            return (.point, "")
        }
    }
}
