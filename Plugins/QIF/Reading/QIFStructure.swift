import CSVCells

/// The first pass: the file's lines sorted into blocks, accounts and records, with every line
/// that is not read accounted for in a note.
///
/// Fields are kept as byte ranges of the text; nothing is parsed yet, because a date's format
/// and the decimal mark are decided over the whole file before any record is read.
struct QIFStructure: Sendable {
    var lines: [QIFLine] = []
    var records: [QIFRecord] = []
    var accounts: [QIFAccount] = []
    var skipped: [QIFSkippedBlock] = []
    /// The transaction types met, in order (`Bank`, `CCard`).
    var types: [String] = []
    var notes: [String] = []
    /// Blocks the file holds twice (two exports joined into one file): for the run's log as warnings.
    var warnings: [String] = []
    var hasHeader = false
    /// What `!Option:MDY` (true) or `!Option:DMY` says of the dates, with its line; nil when the
    /// file says nothing, or says both.
    var dateOrder: (monthFirst: Bool, line: Int)?

    /// Where the lines are read: before any header, in a transaction block, in an account
    /// description, or in a block that is skipped.
    private enum Mode {
        case preamble
        case transactions(String)
        case account, skipping
    }

    init(text: [UInt8], defaultAccount: String, fixedAccount: String?) {
        lines = QIFLine.split(text)
        var mode = Mode.preamble
        var autoSwitch = false
        var currentAccount = fixedAccount ?? defaultAccount
        // Whether `currentAccount` is the file's own name for it (`!Account`).
        var namedByFile = false
        var numbered = 0
        var describedName: String?
        var pending: QIFRecord?
        var preamble: [Int] = []
        var unknown: [Int] = []
        var unknownCount = 0
        var dateOrderContradicted = false
        // The name of the last `!Account` the file described, list or not, and the one the block
        // being read belongs to by the file's own words: its transfer to itself is its opening
        // balance, whatever the payee's language.
        var lastDescribed: String?
        var blockOwnName: String?
        // The accounts whose first record has been read: only that one can open the account, or
        // the first of a block (a file joined from two exports holds each one's opening balance).
        var opened: Set<Int> = []
        var blockBegun = false
        // Each `!Type:` block's header line and first record.
        var blocks: [(line: Int, firstRecord: Int)] = []
        // The names a block took from the description before it inside an `!Option:AutoSwitch`.
        var namedInList: Set<String> = []

        // `T1,000.00`: a field as the file writes it, for a note.
        func field(_ code: String, _ range: Range<Int>?) -> String {
            code + (range.map { String(decoding: text[$0], as: UTF8.self).trimmingBlanks() } ?? "")
        }

        func finish(_ record: QIFRecord?, upTo end: Int) {
            guard var record, record.lines.lowerBound < end else { return }
            record.lines = record.lines.lowerBound..<end
            let isEmpty =
                record.date == nil && record.amount == nil && record.payee == nil && record.memo == nil
                && record.splits.isEmpty
            guard !isEmpty else { return }
            numbered += 1
            record.number = numbered
            record.account = accountIndex(currentAccount)
            let isFirst = opened.insert(record.account).inserted || blockBegun
            blockBegun = false
            if isFirst,
                let own = Self.openingBalance(
                    record, text: text, account: namedByFile ? currentAccount : nil, ownName: blockOwnName)
            {
                notes.append(
                    "\(record.location) is Quicken's opening balance of \(own) (\(field("T", record.amount)) on "
                        + "\(field("D", record.date))): the account's balance that day, not a transaction, not imported"
                )
                return
            }
            if case .transactions(let type) = mode {
                record.type = type
                if !accounts[record.account].types.contains(type) { accounts[record.account].types.append(type) }
            }
            accounts[record.account].records.append(records.count)
            records.append(record)
        }

        for (index, line) in lines.enumerated() where !line.bytes.isEmpty {
            let code = line.code(in: text)
            if code == UInt8(ascii: "!") {
                let header = QIFHeader(String(decoding: text[line.bytes], as: UTF8.self))
                // A setting ends no block: read as a header, it skipped the bank block it stood
                // in (rust-qif-parser's autoswitch.qif, `!Option:AllXfr` after `!Type:Bank`).
                if header == .option {
                    let name = CellQuote.text(String(decoding: text[line.bytes], as: UTF8.self).trimmingBlanks())
                    notes.append("line \(line.number): \(name) is an option txfeed does not read: ignored")
                    continue
                }
                if let open = pending {
                    let before = records.count
                    finish(open, upTo: index)
                    if records.count > before {
                        notes.append("\(records[before].location) has no ^ before the header on line \(line.number)")
                    }
                    pending = nil
                }
                switch header {
                case .transactions(let type):
                    hasHeader = true
                    mode = .transactions(type)
                    blockBegun = true
                    blocks.append((line.number, records.count))
                    // A list holds account descriptions only: a block begun inside one ends it,
                    // and belongs to the account described just before it. Quicken turns the
                    // switch on again after its list and writes each account's description
                    // before its block (GnuCash's canada.qif), never clearing it: read as one
                    // list, every account's transactions went into one.
                    if autoSwitch, fixedAccount == nil, let own = lastDescribed {
                        autoSwitch = false
                        currentAccount = own
                        namedByFile = true
                        namedInList.insert(own)
                    }
                    // The account the file named for this block: its `!Account` outside a list,
                    // else (quiffen's export lists it under `!Option:AutoSwitch`) the one the
                    // file described just before this header.
                    blockOwnName = namedByFile ? currentAccount : lastDescribed
                    lastDescribed = nil
                    if !types.contains(type) { types.append(type) }
                case .account:
                    mode = .account
                    describedName = nil
                case .autoSwitchOn: autoSwitch = true
                case .autoSwitchOff: autoSwitch = false
                case .dateOrder(let monthFirst):
                    if let said = dateOrder, said.monthFirst != monthFirst {
                        notes.append(
                            "!Option:MDY and !Option:DMY both (lines \(said.line) and \(line.number)): "
                                + "neither is taken, the dates decide")
                        dateOrderContradicted = true
                        dateOrder = nil
                    }
                    if !dateOrderContradicted, dateOrder == nil { dateOrder = (monthFirst, line.number) }
                case .option:
                    break
                case .other:
                    mode = .skipping
                    let name = CellQuote.text(String(decoding: text[line.bytes], as: UTF8.self))
                    skipped.append(QIFSkippedBlock(header: name, firstLine: line.number, lastLine: line.number))
                }
                continue
            }
            switch mode {
            case .preamble:
                preamble.append(line.number)
            case .skipping:
                skipped[skipped.count - 1].lastLine = line.number
            case .account:
                if code == UInt8(ascii: "N") {
                    describedName = String(decoding: text[line.value], as: UTF8.self).trimmingBlanks()
                } else if code == UInt8(ascii: "^") {
                    if let name = describedName, !name.isEmpty { lastDescribed = name }
                    // An AutoSwitch list describes accounts whose transactions are elsewhere.
                    if !autoSwitch, fixedAccount == nil, let name = describedName, !name.isEmpty {
                        currentAccount = name
                        namedByFile = true
                    }
                    describedName = nil
                }
            case .transactions:
                if code == UInt8(ascii: "^") {
                    finish(pending, upTo: index + 1)
                    pending = nil
                    continue
                }
                if pending == nil {
                    pending = QIFRecord(number: 0, firstLineIndex: index, firstLine: line.number, account: 0)
                }
                if !Self.read(line, code: code, into: &pending!) {
                    unknownCount += 1
                    if unknown.count < 3 { unknown.append(line.number) }
                }
            }
        }
        if let open = pending {
            let before = records.count
            finish(open, upTo: lines.count)
            notes.append(
                records.count > before
                    ? "the file ends without ^: \(records[before].location) read as it stands"
                    : "the file ends without ^ after line \(open.firstLine): nothing in it to read")
        }
        if !preamble.isEmpty {
            notes.append("\(Self.lines(preamble)) before the first header ignored")
        }
        if unknownCount > 0 {
            let more = unknownCount > unknown.count ? ", …" : ""
            notes.append(
                "\(unknownCount.counted("line")) with an unknown code ignored "
                    + "(\(Self.lineList(unknown))\(more))")
        }
        for block in skipped { notes.append("skipped \(block)") }
        warnRepeatedBlocks(blocks, text: text)
        // A file of one account keeps the name it was always given (the file's stem): the
        // records' fingerprints are made with it.
        if accounts.count == 1, namedInList.contains(accounts[0].name) {
            accounts[0].name = defaultAccount
        }
    }

    /// Sets the field `code` names; false for a code QIF does not define.
    private static func read(_ line: QIFLine, code: UInt8, into record: inout QIFRecord) -> Bool {
        let value = line.value
        // Whether the field is new to the record; a second one is noted, the first kept.
        func once(_ field: Range<Int>?) -> Bool {
            if field == nil { return true }
            if record.repeated == nil { record.repeated = (code, line.number) }
            return false
        }
        switch code {
        // A `D` among a split's lines (after an `S`) is that split's date, which quiffen and some
        // exporters write: not the record's, and not a second record begun without its `^` (its
        // splits sum to the one `T`; a record run in would repeat `T`, `P`…, and is caught there).
        case UInt8(ascii: "D") where !record.splits.isEmpty:
            break
        case UInt8(ascii: "D"):
            if once(record.date) { (record.date, record.dateLine) = (value, line.number) }
        case UInt8(ascii: "T"):
            if once(record.total) { (record.total, record.totalLine) = (value, line.number) }
        case UInt8(ascii: "U"):
            if once(record.totalU) { (record.totalU, record.totalULine) = (value, line.number) }
        case UInt8(ascii: "P"): if once(record.payee) { record.payee = value }
        case UInt8(ascii: "M"): if once(record.memo) { record.memo = value }
        case UInt8(ascii: "N"): if once(record.reference) { record.reference = value }
        case UInt8(ascii: "L"): if once(record.category) { record.category = value }
        case UInt8(ascii: "C"): if once(record.cleared) { record.cleared = value }
        case UInt8(ascii: "S"): record.splits.append(QIFSplit(category: value))
        case UInt8(ascii: "E"):
            if record.splits.isEmpty || record.splits[record.splits.count - 1].memo != nil {
                record.splits.append(QIFSplit())
            }
            record.splits[record.splits.count - 1].memo = value
        case UInt8(ascii: "$"):
            if record.splits.isEmpty || record.splits[record.splits.count - 1].amount != nil {
                record.splits.append(QIFSplit())
            }
            record.splits[record.splits.count - 1].amount = value
            record.splits[record.splits.count - 1].amountLine = line.number
        // Address lines (several), the reimbursable flag, a split's percentage: read as Quicken
        // writes them, not imported. The cleared status C is not imported either (every value
        // is booked: QIF has no pending).
        case UInt8(ascii: "A"), UInt8(ascii: "F"), UInt8(ascii: "%"), UInt8(ascii: "X"):
            break
        default: return false
        }
        return true
    }

    /// `[Checking]` when `record` is Quicken's opening balance, the first record it writes of an
    /// account: the account itself as a transfer category. It is recognised by that structure
    /// when the file names the block's account (`ownName`): a transfer of an account to itself
    /// moves no money, whatever the payee says (`Eröffnungssaldo` in a German Quicken). Else by
    /// the payee `Opening Balance` (the name `account` when the file names it). Quicken, Grisbi
    /// and gnu.qif write it so; it is the balance the account was opened with.
    private static func openingBalance(_ record: QIFRecord, text: [UInt8], account: String?, ownName: String?)
        -> String?
    {
        guard let category = record.category else { return nil }
        let name = String(decoding: text[category], as: UTF8.self).trimmingBlanks()
        guard name.count > 2, name.hasPrefix("["), name.hasSuffix("]") else { return nil }
        if let ownName, name.dropFirst().dropLast() == ownName { return name }
        guard let payee = record.payee,
            String(decoding: text[payee], as: UTF8.self).trimmingBlanks().lowercased() == "opening balance"
        else { return nil }
        if let account, name.dropFirst().dropLast() != account { return nil }
        return name
    }

    /// A block whose records, line for line, are an earlier block's of the same account: the file
    /// joins two exports that overlap, and each payment of it would be in the feed twice. (An
    /// opening balance that begins each is no record of either.)
    private mutating func warnRepeatedBlocks(_ blocks: [(line: Int, firstRecord: Int)], text: [UInt8]) {
        var seen: [[UInt8]: Int] = [:]
        for (n, block) in blocks.enumerated() {
            let end = n + 1 < blocks.count ? blocks[n + 1].firstRecord : records.count
            guard block.firstRecord < end else { continue }
            var signature = Array(String(records[block.firstRecord].account).utf8)
            for record in records[block.firstRecord..<end] {
                for line in lines[record.lines] {
                    signature.append(0x0A)
                    signature += text[line.bytes]
                }
            }
            if let first = seen[signature] {
                let count = end - block.firstRecord
                warnings.append(
                    "the block of line \(block.line) repeats the block of line \(first) (\(count.counted("record")) of "
                        + "\(accounts[records[block.firstRecord].account].name)): two exports joined into one file? "
                        + "Each of its payments is in the feed twice (one account's records are never copies of each "
                        + "other to --dedupe): remove the repeat from the file")
            } else {
                seen[signature] = block.line
            }
        }
    }

    private mutating func accountIndex(_ name: String) -> Int {
        if let index = accounts.firstIndex(where: { $0.name == name }) { return index }
        accounts.append(QIFAccount(name: name))
        return accounts.count - 1
    }

    /// `line 3` or `lines 1-4`, for a run of consecutive lines; `lines 1, 5, 9` otherwise.
    static func lines(_ numbers: [Int]) -> String {
        if numbers.count == 1 { return "line \(numbers[0])" }
        if numbers.last! - numbers.first! == numbers.count - 1 { return "lines \(numbers.first!)-\(numbers.last!)" }
        return "lines " + lineList(Array(numbers.prefix(3))) + (numbers.count > 3 ? ", …" : "")
    }

    private static func lineList(_ numbers: [Int]) -> String {
        numbers.map(String.init).joined(separator: ", ")
    }
}
