import CLibXML2
import StatementText

/// An OFX file (1.x SGML, 2.x XML, QFX) read as a stream of ``OFXEvent``s.
///
/// libxml2's reader pulls the file through an ``OFXInput``; an SGML body is made XML on the way.
/// Each pass holds one transaction at a time: a 100 MB file is read in bounded memory.
public final class OFXDocument {
    public let origin: String
    /// Nil when the file is not OFX.
    public let header: OFXHeader?
    private let bytes: OFXBytes

    /// Why bytes ≥ 0x80 of an SGML body are read as windows-1252 though its header does not say
    /// so (`CHARSET:NONE` or none, `ENCODING:USASCII`): the first byte that is not UTF-8. Banks
    /// write their code page's accents under such headers (`Société` as 0xE9), which libxml2
    /// refused as "Input is not proper UTF-8, indicate encoding !", and OFX has no option that
    /// could. Nil when the body is UTF-8, or its header names a character set.
    public let guessedWindows1252: (line: Int, byte: UInt8)?

    /// The line of the first letter beyond ASCII of an SGML body whose header says `CHARSET:1252`
    /// (or Latin-1), or of an XML file whose declaration says Latin-1 or windows-1252, but which
    /// is valid UTF-8 throughout: read as UTF-8. Banks do write UTF-8
    /// under a windows-1252 header (Brazilian banks' exports, OCA/bank-statement-import#968), and
    /// transcoded as the header says, `Société` came out `SociÃ©tÃ©` with exit 0. Windows-1252
    /// text is practically never valid UTF-8 once it has letters beyond ASCII.
    public let utf8DespiteHeader: Int?

    /// The lines of a body read as windows-1252 that are valid UTF-8 beyond ASCII, read as UTF-8:
    /// how many and the first. A bank's file with a few UTF-8 payees among windows-1252 ones had
    /// them mangled (`SociÃ©tÃ©`) without a word. Nil unless the body mixes them.
    public let utf8Lines: (count: Int, first: Int)?
    /// Whether bytes ≥ 0x80 are handed to the normaliser to transcode from windows-1252.
    private let transcodes: Bool
    /// The `sign` option: under `auto`, a bank or card statement whose `DEBIT`s are all written
    /// positive is read as unsigned, each `TRNTYPE` giving the direction.
    public var sign = OFXSignOption.auto

    init(file: OFXBytes, origin: String) {
        self.origin = origin
        let header = file.withSpan(OFXHeader.read)
        self.header = header
        let declared =
            header?.syntax == .xml
            ? file.withSpan { XMLDeclaration.encoding($0.extracting(first: OFXHeader.headLength)) } : nil
        declaredEncoding = declared
        let utf8 = header.flatMap { header in file.withSpan { Self.utf8Despite(header, declared, $0) } }
        utf8DespiteHeader = utf8
        // UTF-8 text under a declaration of Latin-1 is read as UTF-8, the declaration ignored.
        let charset =
            header?.otherCharset.flatMap { Self.isKnown($0) ? $0 : nil }
            ?? (declared != nil && utf8 != nil ? "UTF-8" : nil)
        self.charset = charset
        let guess = header.flatMap { header in file.withSpan { Self.windows1252Guess(header, charset, $0) } }
        guessedWindows1252 = guess
        let windows1252 = header.map { ($0.isWindows1252 && utf8 == nil) || guess != nil } ?? false
        // A UTF-8 byte order mark is no UTF-8 line: it stays in the copy, where the header was read.
        // The copy, each line in UTF-8, is read in the file's place (line for line, so line
        // numbers hold) when ``utf8Lines`` says the file mixes encodings.
        let mixed = file.withSpan { bytes -> (bytes: [UInt8], utf8Lines: (count: Int, first: Int))? in
            guard windows1252, header?.syntax == .sgml else { return nil }
            let mark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
            return MixedText(bytes.extracting((mark ? 3 : 0)...)).map {
                ((mark ? [0xEF, 0xBB, 0xBF] : []) + $0.bytes, $0.utf8Lines)
            }
        }
        if let mixed {
            self.bytes = .copy(mixed.bytes)
            utf8Lines = mixed.utf8Lines
            transcodes = false
        } else {
            self.bytes = file
            utf8Lines = nil
            transcodes = windows1252
        }
    }

    private static func utf8Despite(_ header: OFXHeader, _ declared: String?, _ bytes: Span<UInt8>) -> Int? {
        guard header.isWindows1252 || declared.map(XMLDeclaration.isWestern) == true else { return nil }
        return UTF8Check.lineBeyondASCII(ifValid: bytes)
    }

    /// The header's ``OFXHeader/otherCharset`` when libxml2 (iconv) knows it, handed to libxml2
    /// as the body's encoding. One it does not know (`CHARSET:FOO`) libxml2 ignored, and the body
    /// was read as UTF-8: it is read as `CHARSET:NONE` is, and the note names it.
    private let charset: String?
    /// The encoding an OFX 2.x file's XML declaration names; nil for SGML or none.
    private let declaredEncoding: String?

    private static func isKnown(_ charset: String) -> Bool {
        guard let handler = xmlFindCharEncodingHandler(charset) else { return false }
        xmlCharEncCloseFunc(handler)
        return true
    }

    private static func windows1252Guess(
        _ header: OFXHeader, _ charset: String?, _ bytes: Span<UInt8>
    ) -> (Int, UInt8)? {
        guard header.syntax == .sgml, !header.isWindows1252, charset == nil,
            (header.encoding ?? "").uppercased().filter({ $0 != "-" }) != "UTF8",
            let bad = UTF8Check.firstInvalid(bytes)
        else { return nil }
        return (1 + (0..<bad).reduce(0) { bytes[$1] == 0x0A ? $0 + 1 : $0 }, bytes[bad])
    }

    /// The input libxml2 pulls, and the encoding it is told, for one pass.
    private func reader(_ header: OFXHeader) -> (OFXInput, OFXXMLReader) {
        let input = OFXInput(bytes: bytes, header: header, windows1252: transcodes)
        return (input, OFXXMLReader(input: input, origin: origin, encoding: charset))
    }

    /// Reads the file to its end, handing every event to `visit` until it returns false.
    public func read(_ visit: (OFXEvent) -> Bool) -> OFXOutcome {
        read(.transactions, visit)
    }

    /// Reads the file to its end, the walk making `pass` (``OFXWalk/Pass``): without
    /// `.transactions`, there are no transaction events, and each statement counts none.
    private func read(_ pass: OFXWalk.Pass, _ visit: (OFXEvent) -> Bool) -> OFXOutcome {
        guard let header else {
            return .failed(
                OFXFailure(
                    origin: origin, line: nil, path: "",
                    message: "not an OFX file: no OFXHEADER:, <?OFX or <OFX> at its start"))
        }
        let (input, reader) = self.reader(header)
        if let guess = guessedWindows1252 {
            var charset = header.charset.map { "CHARSET:\($0)" } ?? "no CHARSET"
            if header.otherCharset != nil { charset += " (a character set iconv does not know)" }
            let note =
                "read as windows-1252: the header says \(charset), but line \(guess.line) holds byte "
                + "0x\(String(guess.byte, radix: 16, uppercase: true)), which is not UTF-8"
            guard visit(.note(note)) else { return .stopped }
        }
        if let lines = utf8Lines {
            let note =
                "\(lines.count.counted("line")) valid UTF-8 read as UTF-8, the rest as windows-1252 "
                + "(the first on line \(lines.first)): the file mixes encodings"
            guard visit(.note(note)) else { return .stopped }
        }
        if let line = utf8DespiteHeader {
            let says =
                declaredEncoding.map { "the <?xml?> declaration says encoding=\"\($0)\"" }
                ?? "the header says CHARSET:\(header.charset ?? "")"
            let note =
                "read as UTF-8: \(says), but the text is valid UTF-8 (its first letter beyond ASCII on line \(line))"
            guard visit(.note(note)) else { return .stopped }
        }
        var walk = OFXWalk(
            names: reader.names, pass: pass,
            debitSigns: pass == .transactions && sign == .auto ? debitSigns() : [:],
            loadSecurities: { self.securities(header) })
        var root: OFXNames.ID?
        // How many lists of transactions have ended, and how many of those the normaliser
        // closed were named in a note.
        var listEnds: [OFXNames.ID: Int] = [:]
        var closedListsNamed = 0
        while let node = reader.next() {
            if root == nil, case let .start(name, _) = node {
                root = name
                guard name == OFXNames.ofx else {
                    let name = reader.names.string(name)
                    return .failed(
                        OFXFailure(
                            origin: origin, line: reader.line, path: name,
                            message: "not an OFX file: the root element is \(name), not OFX"))
                }
            }
            guard walk.take(node, reader, visit) else {
                guard let refusal = walk.refusal else { return .stopped }
                return .failed(
                    OFXFailure(origin: origin, line: reader.elementLine, path: refusal.path, message: refusal.message))
            }
            // A list the normaliser closed is named when it ends, in its statement.
            if case let .end(name) = node, name == OFXNames.bankList || name == OFXNames.investmentList {
                let ended = listEnds[name, default: 0] + 1
                listEnds[name] = ended
                let closed = input.closedLists
                if closedListsNamed < closed.count, closed[closedListsNamed].ordinal == ended,
                    closed[closedListsNamed].list == reader.names.string(name)
                {
                    let note = closedListNote(
                        closed[closedListsNamed], line: input.line(at: closed[closedListsNamed].offset),
                        in: walk.openStatement?.statement)
                    closedListsNamed += 1
                    guard visit(.note(note)) else { return .stopped }
                }
            }
        }
        if let error = reader.error {
            // The parser's names are where it stopped; the walk, which may be a few nodes behind,
            // has the indexes, and is known to have caught up only once the input ran out.
            let caughtUp = input.isExhausted && walk.openNames.starts(with: error.open)
            var path =
                error.open.isEmpty
                ? walk.path : caughtUp ? walk.path(depth: error.open.count) : error.open.joined(separator: ".")
            var message = error.message
            if message.hasPrefix("Excessive depth in document"), let inside = error.open.last {
                // libxml2's limit of 256, with advice on its own options: in OFX, an aggregate
                // (STMTTRN) an SGML file never closes, each next one opened inside it.
                message = "elements nested more than 256 deep: an aggregate left open (\(inside) inside \(inside)?)"
                path = error.open.prefix(5).joined(separator: ".") + ".….\(inside)"
            } else if let bytes = XMLDeclaration.notUTF8Bytes(libxml2Message: message) {
                // libxml2's "Input is not proper UTF-8, indicate encoding !\nBytes: 0xE9 0x74":
                // said in OFX's terms, and never taken for a file cut short below.
                let what = bytes.isEmpty ? "the text is" : "bytes \(bytes) are"
                message =
                    header.syntax == .xml
                    ? "\(what) not UTF-8, which an XML file is unless its <?xml?> declaration names "
                        + "another encoding (encoding=\"windows-1252\")"
                    : "\(what) not UTF-8, which the header's ENCODING:\(header.encoding ?? "UTF-8") says they are"
            } else if input.isExhausted, !input.holdsRootEnd, error.line >= input.lastLine || root == nil {
                // libxml2 calls a cut-short file "extra content at the end": it is the opposite.
                // Only an error at the last line of a file without `</OFX>` is a cut: a small
                // file is handed over whole before libxml2 meets a misspelt tag in its middle.
                let inside = error.open.last ?? walk.openNames.last
                message = "the file ends \(inside.map { "inside \($0)" } ?? "before its <OFX> element"): cut short"
            } else {
                message = LibXML2Message.plain(message)
            }
            return .failed(OFXFailure(origin: origin, line: error.line, path: path, message: message))
        }
        guard root != nil else {
            return .failed(OFXFailure(origin: origin, line: reader.line, path: "", message: "no OFX element"))
        }
        // An account listing (`ACCTINFORS`) or a bare `<OFX></OFX>` read as nothing: said, not silent.
        if walk.statementCount == 0 {
            // An SGML file's open aggregates are closed at its end, so a file cut before its
            // first statement reads well: without `</OFX>`, that is what it is.
            guard input.holdsRootEnd || !header.isReadAsSGML else {
                return .failed(
                    OFXFailure(
                        origin: origin, line: input.lastLine, path: "",
                        message: "the file ends before its first statement, without </OFX>: cut short"))
            }
            guard visit(.note("no statement in the file (no STMTRS, CCSTMTRS or INVSTMTRS): nothing to read")) else {
                return .stopped
            }
        }
        switch input.trailing {
        case .none:
            return .finished
        case let .text(line):
            // A bank's web page around the file (`</BODY></HTML>`): not OFX, and nothing lost.
            return visit(.note("line \(line): text after </OFX> is not OFX: ignored")) ? .finished : .stopped
        case let .document(line):
            // Files joined together: the first is read, and the rest is not guessed at.
            return .failed(
                OFXFailure(
                    origin: origin, line: line, path: "",
                    message: "another OFX file begins after </OFX> (files joined together?): it is not read"))
        }
    }

    /// `line 58: CCSTMTRS[0].BANKTRANLIST has no end tag: closed before LEDGERBAL, which OFX puts
    /// after it`: a repair of the file said, so a list's end is never moved without a word.
    private func closedListNote(_ closed: SGMLNormalizer.ClosedList, line: Int, in statement: OFXStatement?) -> String {
        let list = (statement.map { $0.path + "." } ?? "") + closed.list
        let inside = closed.inside.isEmpty ? "" : ", with the \(closed.inside.joined(separator: ", ")) open in it,"
        return "line \(line): \(list) has no end tag: closed\(inside) before \(closed.before), which OFX puts after it"
    }

    /// The file's `SECLIST`, read in a pass of its own (OFX writes it after the statements, and
    /// their investment transactions name its securities) when the first investment
    /// transaction needs it; none without a `<SECLIST>` tag. A file that cannot be read fails in
    /// the main pass, not here.
    private func securities(_ header: OFXHeader) -> OFXSecurities {
        guard bytes.withSpan({ OFXText.firstOffset(of: Array("<SECLIST>".utf8), in: $0, from: 0) }) != nil else {
            return [:]
        }
        let (_, reader) = self.reader(header)
        var list = OFXSecurityList(names: reader.names)
        while let node = reader.next() { list.take(node, reader) }
        return list.securities
    }

    /// Each bank or card statement's `DEBIT`s by sign, read in a pass of their own before the
    /// statement's first transaction is handed over (the file's last `DEBIT` can decide how its
    /// first amount reads); none, and no pass, when no `DEBIT` of the file may be written
    /// positive. A file that cannot be read fails in the main pass, not here.
    private func debitSigns() -> [String: OFXDebitSigns] {
        guard bytes.withSpan(OFXDebitSigns.mayHavePositiveDebit) else { return [:] }
        var signs: [String: OFXDebitSigns] = [:]
        _ = read(.debitSigns) { event in
            if case let .statementEnded(statement) = event { signs[statement.path] = statement.debitSigns }
            return true
        }
        return signs
    }

    /// One pass that only counts: the statements, their balances, the first reject, the failure.
    public func survey() -> OFXSurvey {
        var survey = OFXSurvey()
        let outcome = read { event in
            switch event {
            case let .statementEnded(statement): survey.statements.append(statement)
            case let .reject(reject): survey.firstReject = survey.firstReject ?? reject
            case let .note(note): survey.notes.append(note)
            case .statementBegan, .transaction: break
            }
            return true
        }
        if case let .failed(failure) = outcome { survey.failure = failure }
        return survey
    }

    /// One pass for the plugin before it streams: every statement read to its end, with its
    /// account and ledger balance (OFX writes the balance after the transactions). Transactions
    /// are followed but not read, so each statement counts none.
    public func ledgers() -> [OFXStatement] {
        var statements: [OFXStatement] = []
        _ = read(.statements) { event in
            if case let .statementEnded(statement) = event { statements.append(statement) }
            return true
        }
        return statements
    }

    // MARK: Identify

    /// How sure the plugin is that it reads this file: 95 for an OFX header or `<OFX>` in the
    /// first 4 KiB, 10 for an `.ofx`/`.qfx` name over other content, else 0.
    public static func confidence(path: String, head: some Collection<UInt8>) -> Int {
        if OFXHeader.read(head) != nil { return 95 }
        return FileName.hasSuffix(path, ".ofx") || FileName.hasSuffix(path, ".qfx") ? 10 : 0
    }
}
