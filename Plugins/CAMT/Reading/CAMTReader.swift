import CLibXML2
import StatementText

/// Reads a camt.053 (also .052 and .054) file as a stream of ``CAMTEvent``s: one `Ntry` held at
/// a time, whatever the file's size. Elements are matched by local name within the file's camt
/// namespace; anything else (supplementary data, other namespaces) is passed over.
///
/// Its state is marked `@exclusivity(unchecked)`: a reader is used from one thread, and no
/// method hands a property `inout` to code that could come back into the reader (libxml2's
/// callbacks reach only the feed and the error log), so the run-time check that two accesses
/// never overlap (a call into the Swift runtime per access, a tenth of a run) finds nothing.
public final class CAMTReader {
    /// The file's name in messages.
    public let origin: String
    /// `camt.053.001.02`, known once the root element is read.
    public private(set) var format: String?

    private let xml: XMLStreamReader?
    private let source: CAMTByteSource
    /// The encoding libxml2 was told, over the XML declaration's (``CAMTEncoding``); nil for the
    /// declaration's.
    private let encoding: String?
    private let names = CAMTNameCache()
    /// The place of every element open, the root's first.
    @exclusivity(unchecked) private var places = CAMTBuffer<CAMTPlace>(capacity: 32)
    /// The text of the leaf being read, as libxml2's UTF-8 bytes (it may come in several nodes).
    @exclusivity(unchecked) private var text = CAMTBuffer<UInt8>(capacity: 256)
    /// Events completed and not yet handed out: those from `pendingHead` on.
    @exclusivity(unchecked) private var pending: [CAMTEvent] = []
    @exclusivity(unchecked) private var pendingHead = 0
    @exclusivity(unchecked) private var done = false
    /// After damage further on: the statement the reader had begun, read again from its bytes.
    @exclusivity(unchecked) private var recovery: CAMTReader?
    /// What the reader being recovered already handed out: not handed out twice.
    @exclusivity(unchecked) private var headerAlreadyOut = false
    @exclusivity(unchecked) private var entriesAlreadyOut = 0
    /// A reader made to recover a statement never recovers again: its excerpt holds the same
    /// damage, and each recovery would start another (until the stack overflowed).
    private var isRecovery = false

    // MARK: The statement and entry being read
    @exclusivity(unchecked) private var statements = 0
    @exclusivity(unchecked) private var statement: CAMTStatement?
    @exclusivity(unchecked) private var end: CAMTStatementEnd?
    @exclusivity(unchecked) private var headerSent = false
    @exclusivity(unchecked) private var accountCurrency: String?
    @exclusivity(unchecked) private var accountName: String?
    @exclusivity(unchecked) private var ownerName: String?
    @exclusivity(unchecked) private var firstCurrency: String?
    @exclusivity(unchecked) private var balanceProblem: String?
    @exclusivity(unchecked) private var balance = CAMTBalanceFields()
    @exclusivity(unchecked) private var entry = CAMTEntryFields()
    @exclusivity(unchecked) private var entryIndex = 0
    /// `Stmt[0].Ntry[`: the statement's path, the start of its entries' locations.
    @exclusivity(unchecked) private var entryPath = ""
    @exclusivity(unchecked) private var entriesInFile = 0
    @exclusivity(unchecked) private var locator = NtryLocator()

    /// Reads what `source` hands over, in order: a file streamed, never whole unless a reject or
    /// damage needs to look back; in `encoding` when given, over what its XML declaration says.
    public init(source: CAMTByteSource, origin: String, encoding: String? = nil) {
        self.origin = origin
        self.source = source
        self.encoding = encoding
        xml = XMLStreamReader(source: source, url: origin, encoding: encoding)
        prepare()
    }

    /// Reads a copy of `text`: for tests and small documents.
    public init(text: String, origin: String = "statement.xml") {
        self.origin = origin
        source = CAMTMemorySource(copying: Array(text.utf8))
        encoding = nil
        xml = XMLStreamReader(source: source, url: origin)
        prepare()
    }

    /// Reads the excerpt of one statement (``CAMTStatementExcerpt``) that another reader had
    /// begun: its paths number as in the whole file, and what was already out is not repeated.
    private init(
        excerpt: [UInt8], origin: String, encoding: String?, statement index: Int, headerOut: Bool, entriesOut: Int
    ) {
        self.origin = origin
        source = CAMTMemorySource(copying: excerpt)
        self.encoding = encoding
        xml = XMLStreamReader(source: source, url: origin, encoding: encoding)
        statements = index
        headerAlreadyOut = headerOut
        entriesAlreadyOut = entriesOut
        isRecovery = true
        prepare()
    }

    deinit {
        places.free()
        text.free()
    }

    /// Every event to the end, for tests and `explain` on small files.
    public func readAll() -> [CAMTEvent] {
        var events: [CAMTEvent] = []
        while let event = next() { events.append(event) }
        return events
    }

    // MARK: Reading

    /// The next event; nil after the file's end or its failure.
    public func next() -> CAMTEvent? {
        while true {
            // A statement being recovered comes out whole before the failure that follows it.
            if recovery != nil {
                if let event = recovery?.next(), !event.isFailure { return event }
                recovery = nil
            }
            if pendingHead < pending.count {
                let event = pending[pendingHead]
                pendingHead += 1
                if pendingHead == pending.count {
                    pending.removeAll(keepingCapacity: true)
                    pendingHead = 0
                }
                return event
            }
            guard !done, let xml else { return nil }
            // Nodes until one completes an event (`xml` bound once, not once a node).
            repeat { step(xml) } while pendingHead == pending.count && !done
        }
    }

    private func prepare() {
        places.append(.outside)
        guard xml != nil else {
            let message = source.failure ?? "the file is empty"
            pending.append(.failure(StatementFailure(origin: origin, line: 0, path: "", message: message)))
            done = true
            return
        }
    }

    /// Reads one node and queues what it completes.
    private func step(_ xml: XMLStreamReader) {
        switch xml.read() {
        case .node: break
        case .end:
            done = true
            if format == nil {
                fail(line: xml.parserLine, "no camt root element")
            } else if statements == 0 {
                // A camt document that parses but holds no Stmt, Rpt or Ntfctn has nothing to
                // read: a failure, never a source that read nothing.
                fail(line: xml.parserLine, "no statement in the file (no Stmt, Rpt or Ntfctn)")
            }
            return
        case .failed:
            // The file changed while it was read: its bytes say nothing of damage.
            if let failure = source.failure { return fail(line: xml.parserLine, failure) }
            var message = xml.firstError ?? "the XML could not be read"
            if let bytes = XMLDeclaration.notUTF8Bytes(libxml2Message: message) {
                // libxml2's "Input is not proper UTF-8, indicate encoding !\nBytes: 0xE4 0x66":
                // said in the file's terms, with the option that reads it.
                message =
                    "\(bytes.isEmpty ? "the text is" : "bytes \(bytes) are") not UTF-8, which the file is unless its "
                    + "<?xml?> declaration names another encoding: encoding=NAME reads it in another (windows-1252, "
                    + "iso-8859-1, cp1250…)"
            } else if message.hasPrefix("Excessive depth in document") {
                // libxml2's limit of 256, with advice on its own options, which no one running
                // txfeed can set: no camt file nests so deep (an element opened and never closed).
                message = "elements nested more than 256 deep: no camt statement nests so (an element left open?)"
            } else if isCutShort(at: xml.parserLine) {
                message = "the file is cut short"
            } else {
                message = LibXML2Message.plain(message)
            }
            guard let error = xml.firstErrorPlace else { return fail(line: xml.parserLine, message) }
            // Every byte, for what looks back: read whole from the source the first time.
            let damage = source.withWhole { CAMTDamageLocator.place(in: $0, line: error.line, column: error.column) }
            recoverStatement(before: damage)
            return fail(line: xml.parserLine, path: damage.path, message)
        }
        switch xml.nodeType {
        case Int32(XML_READER_TYPE_ELEMENT.rawValue):
            let empty = xml.isEmptyElement
            start(xml)
            if empty && !done { finish() }
        case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
            finish()
        case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue):
            if case .field = places.last { xml.appendValue(to: &text) }
        default:
            break
        }
    }

    // MARK: Elements

    private func start(_ xml: XMLStreamReader) {
        let parent = places.last ?? .outside
        if parent == .outside, !checkRoot() { return }
        // Below an element passed over, every element is passed over: its name is not needed.
        var name = CAMTName.other
        if parent != .ignored { name = names.name(of: xml) }
        let place = parent == .ignored ? .ignored : parent.child(name)
        places.append(place)
        switch place {
        case .statement: beginStatement(name)
        case .balance: balance = CAMTBalanceFields()
        case .entry:
            entry.reset()
        case .transaction:
            entry.beginPart()
        case .field(let field):
            text.removeAll()
            if field == .amount || field == .balanceAmount {
                let currency = xml.attribute("Ccy")
                if field == .amount { entry.currency = currency } else { balance.currency = currency }
                if firstCurrency == nil { firstCurrency = currency }
            }
        default: break
        }
    }

    private func finish() {
        guard let place = places.popLast() else { return }
        switch place {
        case .field(let field):
            text.withSpan { text in
                let value = trimmed(text)
                if !value.isEmpty && !entry.keep(field, text.extracting(value)) {
                    keep(field, SpanBytes.string(text, value))
                }
            }
            text.removeAll()
        case .balance: endBalance()
        case .entry: endEntry()
        case .statement: endStatement()
        default: break
        }
    }

    /// The root must be a camt `Document`; anything else is another kind of XML.
    private func checkRoot() -> Bool {
        guard let xml else { return false }
        let local = xml.localName ?? ""
        let uri = xml.namespaceURI ?? ""
        guard local == "Document", uri.contains(":camt.05") else {
            let found = uri.isEmpty ? "<\(local)> with no namespace" : "<\(local)> in namespace \(uri)"
            fail(line: xml.parserLine, "not a camt statement: the root element is \(found)")
            return false
        }
        names.setNamespace(uri)
        // The message's name is the `camt.05…` part: last in ISO's URN, not in the Austrian
        // banks' STUZZA one (`ISO:camt.053.001.02:APC:STUZZA:payments:003`, "003" before).
        let parts = uri.split(separator: ":")
        format = (parts.first { $0.hasPrefix("camt.05") } ?? parts.last).map(String.init)
        return true
    }

    // MARK: Fields

    private func keep(_ field: CAMTField, _ value: String) {
        guard !value.isEmpty else { return }
        switch field {
        case .iban: statement?.accountID = value
        case .otherID: if statement?.accountID == nil { statement?.accountID = value }
        case .accountCurrency: accountCurrency = value
        case .accountName: accountName = value
        case .ownerName: ownerName = value
        case .from: statement?.from = String(value.prefix(10))
        case .to: statement?.to = String(value.prefix(10))
        case .summaryEntries: statement?.summary.entries = value
        case .summaryCredits: statement?.summary.credits = value
        case .summaryCreditSum: statement?.summary.creditSum = value
        case .summaryDebits: statement?.summary.debits = value
        case .summaryDebitSum: statement?.summary.debitSum = value
        case .pageNumber: statement?.pageNumber = value
        case .lastPage: statement?.lastPage = value
        case .balanceCode: balance.code = value
        case .balanceSubType: balance.subType = value
        case .balanceAmount: balance.amount = value
        case .balanceIndicator: balance.indicator = value
        case .balanceDay, .balanceTime: balance.day = String(value.prefix(10))
        default: break
        }
    }

    /// The range of `value` without the spaces, tabs and line breaks of a pretty-printed leaf
    /// around it.
    private func trimmed(_ value: Span<UInt8>) -> Range<Int> {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }
        var start = 0
        var end = value.count
        while start < end, isSpace(value[start]) { start += 1 }
        while end > start, isSpace(value[end - 1]) { end -= 1 }
        return start..<end
    }

    // MARK: Statements and entries

    private func beginStatement(_ name: CAMTName) {
        statement = CAMTStatement(index: statements, element: name.rawValue)
        entryPath = "\(name.rawValue)[\(statements)].Ntry["
        statements += 1
        headerSent = false
        (accountCurrency, accountName, ownerName, firstCurrency, balanceProblem) = (nil, nil, nil, nil, nil)
        entryIndex = 0
    }

    private func endBalance() {
        switch balance.balance() {
        case .success(let read)?:
            // A balance in another currency than the account's is no balance of it: taken, a
            // journal would assert USD figures of an EUR account.
            if let currency = read.currency, let account = accountCurrency, currency != account {
                if balanceProblem == nil {
                    balanceProblem = "balance \(read.code) is in \(currency), the account (Acct/Ccy) in \(account)"
                }
                return
            }
            statement?.balances.append(read)
        case .failure(let problem)?: if balanceProblem == nil { balanceProblem = problem.message }
        case nil: break
        }
    }

    /// The header goes out once every field before the entries is known: at the first `</Ntry>`
    /// (whose `Amt@Ccy` may be the statement's only currency) or at `</Stmt>`.
    private func sendHeader() {
        guard !headerSent, var header = statement else { return }
        header.currency = accountCurrency ?? firstCurrency
        header.accountName = accountName ?? ownerName ?? header.accountID
        statement = header
        end = CAMTStatementEnd(statement: header)
        end?.balanceProblem = balanceProblem
        headerSent = true
        if !headerAlreadyOut { pending.append(.statement(header)) }
    }

    private func endEntry() {
        sendHeader()
        guard statement != nil else { return }
        // `Stmt[0].Ntry[17]`, without copying the statement or interpolating its path.
        var location = entryPath
        location += String(entryIndex)
        location += "]"
        let alreadyOut = entryIndex < entriesAlreadyOut
        entryIndex += 1
        entriesInFile += 1
        end?.entries += 1
        let element = CAMTName(rawValue: statement?.element ?? "") ?? .other
        // Counted by side only for a statement with a `TxsSummry` to check them against.
        let summarised = statement?.summary.isStated == true
        let side = summarised ? entry.side : nil
        func tally(_ which: CAMTStatementEnd.Tally) {
            if summarised { end?.tallies[which.rawValue].add(debit: side?.debit, magnitude: side?.magnitude) }
        }
        tally(.every)
        switch entry.outcome(
            location: location, accountCurrency: statement?.currency, statementDay: statement?.onlyDay, in: element)
        {
        case .entry(let read, let booked):
            if read.pending { end?.pending += 1 }
            if !entry.hasStatus { end?.withoutStatus += 1 }
            if !entry.hasDate { end?.datedByStatement += 1 }
            if let booked { end?.add(booked) }
            tally(.notInfo)
            if booked != nil { tally(.booked) }
            if !alreadyOut { pending.append(.entry(read)) }
        case .info:
            end?.info += 1
        case .reject(let field, let reason, let booked, let uncounted):
            if let booked { end?.add(booked) }
            tally(.notInfo)
            if booked != nil || uncounted { tally(.booked) }
            end?.rejected += 1
            if uncounted { end?.uncounted.append("\(location).\(field) (\(reason))") }
            guard !alreadyOut else { return }
            var raw: [UInt8] = []
            source.withWhole { bytes in
                if let range = locator.range(ofEntry: entriesInFile - 1, in: bytes) {
                    SpanBytes.append(bytes, range, to: &raw)
                }
            }
            pending.append(.reject(CAMTReject(location: "\(location).\(field)", reason: reason, raw: raw)))
        }
    }

    private func endStatement() {
        sendHeader()
        if let end { pending.append(.statementEnd(end)) }
        statement = nil
        end = nil
    }

    // MARK: Failure

    /// When the damage lies past the end of the statement being read, that statement is whole in
    /// the file: it is read again from its own bytes and finished before the failure is reported.
    private func recoverStatement(before damage: CAMTDamageLocator.Place) {
        guard !isRecovery, let open = statement, damage.statementsStarted > open.index,
            damage.statement?.index != open.index,
            let excerpt = source.withWhole({ CAMTStatementExcerpt.document(statement: open.index, in: $0) })
        else { return }
        recovery = CAMTReader(
            excerpt: excerpt, origin: origin, encoding: encoding, statement: open.index, headerOut: headerSent,
            entriesOut: entryIndex)
        statement = nil
    }

    /// Whether `line` is the file's last, the document is still open, and no `</Document>`
    /// (prefixed or not) follows the start of that line: a download cut short, which libxml2
    /// reports in words of its own ("Extra content at the end of the document"). A file on one
    /// line has every error on its last.
    private func isCutShort(at line: Int) -> Bool {
        guard places.count > 1 else { return false }
        return source.withWhole { bytes in
            guard line >= (0..<bytes.count).reduce(1, { bytes[$1] == 0x0A ? $0 + 1 : $0 }) else { return false }
            var ended = false
            let start = CAMTTagScanner.offset(in: bytes, line: line, column: 1)
            CAMTTagScanner.forEachTag(in: bytes, from: start, before: bytes.count) { tag in
                ended = tag.isClosing && tag.name == "Document"
                return !ended
            }
            return !ended
        }
    }

    /// Ends the reading with `message` at `path`, by default the statement and entry being read.
    private func fail(line: Int, path given: String? = nil, _ message: String) {
        var path = statement?.path ?? ""
        if places.withSpan({ places in (0..<places.count).contains { places[$0] == .entry } }) {
            path += ".Ntry[\(entryIndex)]"
        }
        path = given ?? path
        pending.append(.failure(StatementFailure(origin: origin, line: line, path: path, message: message)))
        done = true
    }
}
