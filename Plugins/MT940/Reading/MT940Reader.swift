import StatementText

/// Reads an MT940 (or MT942) file as a stream of ``MT940Event``s, a line at a time: one field
/// and one `:61:` line are held, whatever the file's size.
///
/// A field begins at a line `:NN:` or `:NNa:` and runs on over the lines after it; a line `-`
/// or `-}` ends a message, and so do a `{1:` block header and a `:20:` that begins another.
/// Each message is a statement, one account in the host.
///
/// Its state is marked `@exclusivity(unchecked)`, as `CAMTReader`'s: a reader is used from one
/// thread, and no method hands a property `inout` to code that could come back into the reader,
/// so the run-time check that two accesses never overlap (a call into the Swift runtime per
/// access, 1,300 instructions an entry) finds nothing.
public final class MT940Reader {
    /// The file's name in messages.
    public let origin: String
    /// Notes for the run's log (lines outside any message).
    @exclusivity(unchecked) public private(set) var notes: [String] = []
    /// Warnings for the run's log: statements the file holds twice.
    @exclusivity(unchecked) public private(set) var warnings: [String] = []
    /// Each statement ended with both balances, by what it says of itself: a file made by joining
    /// downloads that overlap holds some twice, and each reconciles on its own.
    @exclusivity(unchecked) private var endedStatements: [Signature: Int] = [:]
    /// Each account's statement ended last: the next one opens where it closed, or one is missing.
    @exclusivity(unchecked) private var gaps = StatementGaps()

    /// What a statement says of itself: two alike are one statement twice.
    private struct Signature: Hashable {
        var account: String?
        var number: String?
        var opening: MT940Balance
        var closing: MT940Balance
        var entries: Int
        var booked: StatementAmount
    }
    /// `:86:` dialects met in the whole file, by how many lines.
    public var dialects: [String: Int] { dialectCounts.byName }
    @exclusivity(unchecked) private var dialectCounts = MT940DialectCounts()

    private let lines: MT940LineReader
    @exclusivity(unchecked) private var events: [MT940Event] = []
    @exclusivity(unchecked) private var done = false
    /// The entries written and not yet taken (``nextWritingEntries(upTo:)``); an entry handed
    /// out as an event is written here first, then read back.
    @exclusivity(unchecked) public private(set) var written = MT940EntryTexts()
    /// Whether entries stay in ``written`` rather than become `.entry` events.
    @exclusivity(unchecked) private var writesEntries = false

    /// The field being gathered: its tag (``MT940Tag``), its lines joined with `\n`, the line it
    /// starts on.
    @exclusivity(unchecked) private var tag = MT940Tag.reference
    @exclusivity(unchecked) private var text = MT940Buffer()
    @exclusivity(unchecked) private var fieldLine = 0
    @exclusivity(unchecked) private var inField = false

    @exclusivity(unchecked) private var messages = 0
    /// `940` or `942` from the last `{2:` block header; nil without headers.
    @exclusivity(unchecked) private var headerType: String?
    /// The statement open, when `isOpen`: not an optional, so that each entry updates it in place.
    @exclusivity(unchecked) private var current = MT940StatementEnd(statement: MT940Statement(index: 0, line: 0))
    @exclusivity(unchecked) private var isOpen = false
    /// Whether a SWIFT text block (`{4:`) is open, which a `-}` line closes.
    @exclusivity(unchecked) private var inTextBlock = false
    /// Whether a `-` line ended a message: the file's way of ending them, which its last one keeps.
    @exclusivity(unchecked) private var messagesEndWithDash = false
    @exclusivity(unchecked) private var headerSent = false
    /// An MT942 whose currency is not known at its first `:61:` (no `:34F:`) is begun at its
    /// end, when its `:90D:`/`:90C:` have named it: its events wait here until then, and its
    /// entries in ``written``.
    @exclusivity(unchecked) private var deferring = false
    @exclusivity(unchecked) private var deferred: [MT940Event] = []
    /// A `:61:` waiting for the `:86:` that may follow it: its reading and line; its text in
    /// `heldText`, which trades buffers with `text` so that neither is allocated again.
    @exclusivity(unchecked) private var held: (line: MT940StatementLine, number: Int)?
    @exclusivity(unchecked) private var heldText = MT940Buffer()
    /// The held `:61:`'s details: the text of the `:86:` fields after it, and of the `:NS:`
    /// fields, each set when one has come. Held too, since a bank may write several (ABN AMRO's
    /// older files give one payment three `:86:` lines, each a further line of one text), and
    /// both (a-fas/mt940js's Polish sample: `:NS:` lines, then a `:86:`).
    @exclusivity(unchecked) private var swiftDetails = MT940Buffer()
    @exclusivity(unchecked) private var nonSwiftDetails = MT940Buffer()
    @exclusivity(unchecked) private var hasSwiftDetails = false
    @exclusivity(unchecked) private var hasNonSwiftDetails = false
    /// Where each `:86:` is taken apart.
    @exclusivity(unchecked) private var room = MT940Details.Room()
    @exclusivity(unchecked) private var stray = 0
    @exclusivity(unchecked) private var firstStray: (number: Int, text: String)?
    /// The first `:61:` line outside any message, named in the note on skipped lines.
    @exclusivity(unchecked) private var strayStatementLine: Int?
    /// The statement's references (hashed) and where each one's first entry is in ``written``
    /// while it is still there (`epoch` is ``writtenEpoch`` then, else -1): a reference two
    /// entries share is no id of either.
    @exclusivity(unchecked) private var references: [UInt64: (epoch: Int, index: Int)] = [:]
    /// Counts the times entries left ``written``, so that an index kept above is known stale.
    @exclusivity(unchecked) private var writtenEpoch = 0

    /// Reads what `source` hands over, in order: in `encoding` when the option names one, else
    /// UTF-8, and texts that are not as windows-1252.
    public init(source: MT940ByteSource, origin: String, encoding: TextEncoding? = nil) {
        self.origin = origin
        lines = MT940LineReader(source: encoding.map { MT940TranscodingSource(source, encoding: $0) } ?? source)
    }

    /// Reads a copy of `text`: for tests and small files.
    public convenience init(text: String, origin: String = "statement.sta") {
        self.init(bytes: Array(text.utf8), origin: origin)
    }

    public convenience init(bytes: [UInt8], origin: String = "statement.sta", encoding: TextEncoding? = nil) {
        self.init(source: MT940MemorySource(bytes), origin: origin, encoding: encoding)
    }

    /// The next event; nil once the file is read or has failed. A step's events are handed
    /// out last first from the reversed queue: moved out, not copied and destroyed after.
    public func next() -> MT940Event? {
        writesEntries = false
        while events.isEmpty {
            guard !done else { return nil }
            step()
            events.reverse()
        }
        return events.popLast()
    }

    /// Reads on as ``next()`` does, but leaves entries in ``written`` as bytes rather than hand
    /// each out as an event: `.entries` once it holds `limit` of them, else the next other
    /// event, which the entries written so far come before; nil at the end. (An entry met while
    /// an event waits is handed out as an `.entry` event, so that the order holds.)
    public func nextWritingEntries(upTo limit: Int) -> MT940Output? {
        writesEntries = true
        while events.isEmpty {
            if written.entries.count >= limit, !deferring { return .entries }
            guard !done else { return nil }
            step()
            events.reverse()
        }
        return events.popLast().map { .event($0) }
    }

    /// Hands over the entries written, and takes `spare`'s storage to write on in.
    public func takeWritten(_ spare: inout MT940EntryTexts) {
        spare.removeAll()
        swap(&spare, &written)
        writtenEpoch += 1
    }

    // MARK: Lines

    private func step() {
        switch lines.next() {
        case .failure(let message):
            fail(line: lines.number + 1, message)
        case .end:
            finishField()
            if isOpen {
                endMessage(cutShort: true)
            } else if messages == 0 {
                let found = firstStray.map { " (line \($0.number) reads \($0.text))" } ?? " (the file is empty)"
                fail(line: 0, "no MT940 message: no :20: field\(found)")
                return
            }
            if stray > 0 {
                // A transaction line among them is money the file shows and the feed does not:
                // said, so that no one takes the count for blank padding.
                let among =
                    strayStatementLine.map {
                        " (among them a :61: transaction line, line \($0): in no statement, not read)"
                    }
                    ?? ""
                notes.append("\(stray.counted("line")) outside any message skipped\(among)")
            }
            if let first = lines.firstWindows1252Line {
                // Said, as the csv and qif readers say their guess: read as UTF-8, `Müller` would be
                // mangled, and a file in another code page (DOS's 850: `M\u{81}ller`) is only
                // caught by someone reading this.
                notes.append(
                    "texts not valid UTF-8 read as windows-1252 (the first on line \(first)); "
                        + TextEncoding.otherThanWindows1252)
            }
            done = true
        case .line:
            lines.withLine { read(line: $0) }
        }
    }

    /// The line just read: field lines, the most of a file, are read in place; the others from a
    /// copy.
    private func read(line bytes: Span<UInt8>) {
        if !bytes.isEmpty, bytes[0] != 0x20, bytes[0] != 0x09, bytes[0] != UInt8(ascii: "-"),
            bytes[0] != UInt8(ascii: "{")
        {
            if let tagEnd = Self.tagEnd(bytes) {
                let tag = MT940Tag(bytes.extracting(1..<tagEnd))
                if !continuesDetails(tag) {
                    beginField(tag: tag, bytes.extracting((tagEnd + 1)...))
                    return
                }
            }
            if inField {
                text.append(0x0A)
                text.append(contentsOf: bytes)
                return
            }
        }
        line(MT940TextScan.array(bytes)[...], number: lines.number)
    }

    /// A field begins on the line just read: `rest` is its text on that line.
    private func beginField(tag: MT940Tag, _ rest: Span<UInt8>) {
        finishField()
        self.tag = tag
        text.removeAll()
        text.append(contentsOf: rest)
        fieldLine = lines.number
        inField = true
    }

    private func line(_ bytes: ArraySlice<UInt8>, number: Int) {
        let trimmed = MT940Text.trimmed(bytes)
        guard let first = trimmed.first else { return }
        if first == UInt8(ascii: "-"), trimmed.dropFirst().first.map({ $0 == UInt8(ascii: "}") }) ?? true {
            finishField()
            if isOpen {
                messagesEndWithDash = true
                endMessage(cutShort: false)
            }
            inTextBlock = false
            let after = trimmed.dropFirst(2)
            if after.first == UInt8(ascii: "{") { line(after, number: number) }
            return
        }
        if first == UInt8(ascii: "{") {
            finishField()
            if let type = MT940Text.find(trimmed, "{2:"),
                let kind = MT940Date.number(trimmed.span, type - trimmed.startIndex + 4, 3)
            {
                headerType = String(kind)
            }
            if let block = MT940Text.find(trimmed, "{4:") {
                if isOpen { endMessage(cutShort: false) }
                inTextBlock = true
                line(trimmed[(block + 3)...], number: number)
            }
            return
        }
        if let tagEnd = Self.tagEnd(bytes.span), !continuesDetails(MT940Tag(bytes.span.extracting(1..<tagEnd))) {
            finishField()
            tag = MT940Tag(bytes.span.extracting(1..<tagEnd))
            text.removeAll()
            text.append(contentsOf: bytes[(bytes.startIndex + tagEnd + 1)...])
            fieldLine = number
            inField = true
            return
        }
        if inField {
            text.append(0x0A)
            text.append(contentsOf: bytes)
        } else if first != UInt8(ascii: "}") {
            stray += 1
            if firstStray == nil { firstStray = (number, MT940Text.quoted(trimmed)) }
        }
    }

    /// Whether a line starting with `tag` is the next line of the `:86:` being gathered: a tag
    /// MT940 does not define, where a bank cut its text.
    private func continuesDetails(_ tag: MT940Tag) -> Bool {
        inField && self.tag == .details && !tag.isDefined
    }

    /// Where the tag's closing `:` is in `:NN:` or `:NNa:` at the line's start; nil otherwise.
    static func tagEnd(_ line: Span<UInt8>) -> Int? {
        guard line.count >= 4, line[0] == UInt8(ascii: ":") else { return nil }
        if line[1] == UInt8(ascii: "N"), line[2] == UInt8(ascii: "S"), line[3] == UInt8(ascii: ":") { return 3 }
        guard MT940Date.number(line, 1, 2) != nil else { return nil }
        if line[3] == UInt8(ascii: ":") { return 3 }
        guard line.count >= 5, (line[3] | 0x20) &- UInt8(ascii: "a") < 26, line[4] == UInt8(ascii: ":") else {
            return nil
        }
        return 4
    }

    // MARK: Fields

    private func finishField() {
        guard inField else { return }
        inField = false
        // A copy for the fields read once a statement; an entry's two are read in place.
        var value: ArraySlice<UInt8> { text.copy }
        if tag == .reference {
            if isOpen { endMessage(cutShort: false) }
            beginMessage(reference: MT940Text.string(MT940Text.trimmed(MT940Text.firstLine(value))))
            return
        }
        if tag == .account, !isOpen {
            // A message whose `:20:` is missing begins at its `:25:`, which follows `:20:` in
            // every layout: skipped as lines outside any message, its entries were lost with
            // exit 0.
            notes.append("line \(fieldLine): a message without its :20: reference, read from its :25:")
            beginMessage(reference: nil)
        }
        guard isOpen else {
            if tag == .statementLine, strayStatementLine == nil { strayStatementLine = fieldLine }
            stray += 1 + value.lazy.filter { $0 == 0x0A }.count
            if firstStray == nil { firstStray = (fieldLine, MT940Text.quoted((Array(":\(tag):".utf8) + value)[...])) }
            return
        }
        // An entry's details are the `:86:` and `:NS:` fields right after it: any other field ends
        // them, or its wait for them (ING's MT942 writes its own `:86:/SUM/…` after `:90C:`).
        if tag != .details, tag != .nonSwift { flushHeld() }
        switch tag {
        case .account: current.statement.accountID = MT940Text.string(MT940Text.trimmed(MT940Text.firstLine(value)))
        case .number, .oldNumber:
            current.statement.number = MT940Text.string(MT940Text.trimmed(MT940Text.firstLine(value)))
        case .floorLimit:
            current.statement.isInterim = true
            let code = MT940Text.trimmed(value).prefix(3)
            if code.count == 3 { current.statement.floorCurrency = String(decoding: code, as: UTF8.self) }
        case .dateTime: current.statement.isInterim = true
        case .opening, .openingPage: balance { $0.opening = $1 }
        case .closing, .closingPage:
            flushHeld()
            balance { $0.closing = $1 }
        case .available, .forward: balance { $0.available.append($1) }
        case .debits, .credits: total()
        case .statementLine:
            flushHeld()
            // Begun here, a step before its first entry is written: with no event waiting then,
            // the entry stays in `written`, where a repeat of its reference can still reach it.
            beginIfNeeded()
            held = (text.withBytes { MT940StatementLine($0) }, fieldLine)
            swap(&text, &heldText)
        case .details: if held != nil { gather(into: &swiftDetails, &hasSwiftDetails) }
        case .nonSwift: if held != nil { gather(into: &nonSwiftDetails, &hasNonSwiftDetails) }
        default:
            break
        }
    }

    private func balance(_ set: (inout MT940Statement, MT940Balance) -> Void) {
        switch MT940Balance.read(tag: "\(tag)", text.copy) {
        case .success(let balance):
            if let currency = current.statement.opening?.currency, balance.currency != currency {
                current.problem =
                    current.problem
                    ?? "line \(fieldLine): :\(tag): is in \(balance.currency), the opening balance in \(currency)"
            }
            set(&current.statement, balance)
        case .failure(let problem):
            current.problem = current.problem ?? "line \(fieldLine): \(problem.message): the balances cannot be checked"
        }
    }

    private func total() {
        switch MT940Total.read(tag: "\(tag)", text.copy, line: fieldLine) {
        case .success(let total):
            if let currency = current.statement.currency, total.currency != currency {
                current.problem =
                    current.problem ?? "line \(fieldLine): :\(tag): is in \(total.currency), the report in \(currency)"
            }
            current.statement.totals.append(total)
        case .failure(let problem):
            current.problem = current.problem ?? "line \(fieldLine): \(problem.message): the totals cannot be checked"
        }
    }

    // MARK: Entries

    /// The field's text as the held line's details of one kind: the first field's, or a further
    /// line of them.
    private func gather(into details: inout MT940Buffer, _ gathered: inout Bool) {
        if gathered {
            details.append(0x0A)
            text.withBytes { details.append(contentsOf: $0) }
        } else {
            gathered = true
            swap(&text, &details)
        }
    }

    private func flushHeld() {
        guard let entry = held.take() else { return }
        deliver(entry.line, at: entry.number)
        hasSwiftDetails = false
        hasNonSwiftDetails = false
    }

    private func beginMessage(reference: String?) {
        var statement = MT940Statement(index: messages, line: fieldLine)
        messages += 1
        statement.reference = reference
        statement.isInterim = headerType == "942"
        current = MT940StatementEnd(statement: statement)
        references.removeAll(keepingCapacity: true)
        isOpen = true
        headerSent = false
    }

    private func beginIfNeeded() {
        guard !headerSent, isOpen else { return }
        headerSent = true
        if current.statement.isInterim, current.statement.currency == nil {
            deferring = true
            return
        }
        post(.statement(current.statement))
    }

    /// The `:61:` line's text is `heldText`; its details' are `swiftDetails` and `nonSwiftDetails`
    /// where it has them. The entry's texts are written into ``written`` (a reject's, which
    /// counts its dialect, dropped again).
    private func deliver(_ line: MT940StatementLine, at number: Int) {
        beginIfNeeded()
        current.entries += 1
        if let amount = line.amount {
            current.booked = current.booked + amount
            if line.isDebit { current.debits.add(amount) } else { current.credits.add(amount) }
        } else {
            current.uncounted += 1
            if current.firstUncountedLine == nil { current.firstUncountedLine = number }
        }
        let start = written.bytes.count
        var details: MT940Details?
        if hasNonSwiftDetails {
            details = nonSwiftDetails.withBytes { MT940Details(nonSwift: $0, room: &room, into: &written) }
            current.dialectCounts.add(.nonSwift)
            dialectCounts.add(.nonSwift)
        }
        if hasSwiftDetails {
            let swift = swiftDetails.withBytes {
                MT940Details($0, isDebit: line.isDebit, room: &room, into: &written)
            }
            current.dialectCounts.add(swift.dialect)
            dialectCounts.add(swift.dialect)
            // With `:NS:` too, the `:86:`, SWIFT's own field, names the vendor; the memo is both.
            details = details.map { swift.joined(after: $0, in: &written) } ?? swift
        }
        if let note = line.note { notes.append("line \(number): :61: \(note)") }
        guard line.problem == nil, let date = line.date, line.amount != nil else {
            written.truncate(to: start)
            current.rejected += 1
            var raw = Array(":61:".utf8) + heldText.copy
            if hasNonSwiftDetails { raw += Array("\n:NS:".utf8) + nonSwiftDetails.copy }
            if hasSwiftDetails { raw += Array("\n:86:".utf8) + swiftDetails.copy }
            post(
                .reject(MT940Reject(location: "line \(number)", reason: line.problem ?? "unreadable", raw: raw)))
            return
        }
        let pending = current.statement.isInterim
        heldText.withBytes {
            written.add(line, of: $0, details: details, date: date, pending: pending, line: number, start: start)
        }
        // The event API holds entries until the next event, as the plugin's batches do, so that
        // a reference repeated later in the statement can still be taken from the first.
        let held = writesEntries ? events.isEmpty : true
        if let reference = line.bankReference {
            noteReference(heldText.withBytes { ReferenceHash.of($0.extracting(reference)) }, held: held)
        }
        if !held {
            events.append(.entry(written.removeLastEntry()))
        } else if !writesEntries, !deferring, written.entries.count >= Self.heldEntries {
            drainWritten()
        }
    }

    /// As many entries as a plugin's batch: what the event API holds at most.
    private static let heldEntries = 4096

    /// The last entry written has the reference `hash`. A reference already met in the statement
    /// is not the bank's id of one transaction (the DK's MT942 example books a credit and a debit
    /// `//55555`; PostFinance writes its transaction code): neither entry keeps it as its id, the
    /// first only while it is still in ``written``. (A hash collision costs an id, nothing else.)
    private func noteReference(_ hash: UInt64, held: Bool) {
        let index = written.entries.count - 1
        guard let first = references[hash] else {
            references[hash] = held ? (writtenEpoch, index) : (-1, -1)
            return
        }
        if first.epoch == writtenEpoch { written.entries[first.index].id = nil }
        references[hash] = (-1, -1)
        written.entries[index].id = nil
    }

    /// Queues an event; in the event API the entries held come first, as `.entry` events.
    private func post(_ event: MT940Event) {
        if deferring {
            drainWritten(into: &deferred)
            deferred.append(event)
            return
        }
        if !writesEntries { drainWritten(into: &events) }
        events.append(event)
    }

    /// Moves the entries held in ``written`` to `queue` as `.entry` events, in order.
    private func drainWritten(into queue: inout [MT940Event]) {
        guard !written.entries.isEmpty else { return }
        var entries: [MT940Event] = []
        while !written.entries.isEmpty { entries.append(.entry(written.removeLastEntry())) }
        queue.append(contentsOf: entries.reversed())
        writtenEpoch += 1
    }

    private func drainWritten() { drainWritten(into: &events) }

    /// Begins the deferred statement, its currency now known, and hands out what waited.
    private func undefer() {
        guard deferring else { return }
        deferring = false
        events.append(.statement(current.statement))
        events.append(contentsOf: deferred)
        deferred.removeAll()
        drainWritten()
    }

    // MARK: Messages

    /// Ends the statement open: `cutShort` when the file ends inside it without `-`.
    private func endMessage(cutShort: Bool) {
        flushHeld()
        guard isOpen else { return }
        beginIfNeeded()
        undefer()
        var end = current
        isOpen = false
        current = MT940StatementEnd(statement: MT940Statement(index: 0, line: 0))
        let statement = end.statement
        if !statement.isInterim, end.problem == nil {
            if statement.closing == nil {
                end.problem =
                    cutShort
                    ? "the file ends inside the statement, before its closing balance (:62F:): it was cut short"
                    : "no closing balance (:62F: or :62M:): the statement cannot be checked"
            } else if statement.opening == nil {
                end.problem = "no opening balance (:60F: or :60M:): the statement cannot be checked"
            }
        }
        // An MT942 has no closing balance to miss. Its `:90D:`/`:90C:`, after every `:61:`, count
        // them when it has them; else what it lacks at a cut is the end its file gives a message,
        // a text block's `-}` or the `-` of the messages before it.
        if statement.isInterim, cutShort, statement.totals.isEmpty, end.problem == nil {
            if inTextBlock {
                end.problem =
                    "the file ends inside the report, before the -} that closes its text block ({4:): it was cut short"
            } else if messagesEndWithDash {
                end.problem =
                    "the file ends inside the report, before the - that ends the file's other messages: it was cut short"
            } else {
                notes.append(
                    "\(statement.path): the file ends inside the MT942 report, without a - to end it: if the file was cut short, its last lines are missing"
                )
            }
        }
        if end.failure != nil {
            // A statement that fails is said already: the one after it does not open a gap.
            gaps.forget(account: statement.accountID ?? "?")
        } else if let opening = statement.opening, let closing = statement.closing {
            var repeated = false
            if end.entries > 0 {
                let signature = Signature(
                    account: statement.accountID, number: statement.number, opening: opening, closing: closing,
                    entries: end.entries, booked: end.booked)
                if let first = endedStatements[signature] {
                    repeated = true
                    warnings.append(
                        "\(statement.path) repeats statement \(first + 1) (account \(statement.accountID ?? "?"), :28C: "
                            + "\(statement.number ?? "?"), the same balances and \(end.entries) entries): the same payments "
                            + "again, each in the feed twice: remove the repeat from the file (--dedupe keeps one of each "
                            + "only where it has the bank's reference)")
                } else {
                    endedStatements[signature] = statement.index
                }
            }
            // A repeat is said as such, not as a gap too.
            if !statement.isInterim, !repeated,
                let gap = gaps.follow(
                    account: statement.accountID ?? "?", currency: opening.currency, path: statement.path,
                    opening: opening.amount, closing: closing.amount, decimals: statement.decimals)
            {
                warnings.append(gap)
            }
        }
        post(.statementEnd(end))
    }

    private func fail(line: Int, _ message: String) {
        undefer()
        let path = isOpen ? current.statement.path : ""
        post(.failure(StatementFailure(origin: origin, line: line, path: path, message: message)))
        done = true
    }
}
