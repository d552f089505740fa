/// The `:86:` information to an account owner of a `:61:` line, in the dialect the bank writes:
/// German structured (`166?00SEPA-UEBERWEISUNG?20…?32Name`), Dutch structured (`/TRTP/…/NAME/…
/// /REMI/…`, ABN AMRO, ING, Rabobank), or free text. Read as bytes, in place: what the
/// transaction shows is written straight into the entry's texts.
struct MT940Details {
    enum Dialect: String, CaseIterable, Sendable {
        case german = "German ?20–?33"
        case angled = "subfields >20–>33"
        case tilde = "subfields ~20–~33"
        case dutch = "Dutch /TRTP/"
        case free = "free text"
        case nonSwift = "non-SWIFT :NS:"
    }

    var dialect: Dialect
    /// The counterparty's name, written into the entry's texts.
    var vendor: Range<Int>?
    /// The purpose (remittance information), written likewise.
    var memo: Range<Int>?

    /// Where a field's text is taken apart: kept by the reader, so that no field allocates it.
    struct Room: ~Copyable {
        /// The field's lines joined, read while the subfields are written.
        var joined = MT940Buffer()
        var subfields = Subfields()
    }

    /// A field's subfields, gathered by kind.
    struct Subfields: ~Copyable {
        var name = MT940Buffer()
        var purpose = MT940Buffer()
        var booking = MT940Buffer()
        /// Where each subfield of the purpose begins in `purpose`.
        var pieces: [Int] = []

        mutating func removeAll() {
            name.removeAll()
            purpose.removeAll()
            booking.removeAll()
        }
    }

    /// Reads the field's text, whose lines are cut at 65 characters wherever the bank cut them,
    /// and writes the vendor and memo it finds into `texts`. `isDebit` is the entry's direction,
    /// which decides which of mBank's labelled parties is the other one (``polishParty``).
    init(_ text: Span<UInt8>, isDebit: Bool = false, room: inout Room, into texts: inout MT940EntryTexts) {
        // The lines joined: a subfield or a word may run over a line's end.
        room.joined.removeAll()
        var from = 0
        while let newline = MT940TextScan.firstIndex(of: 0x0A, in: text, from: from) {
            room.joined.append(contentsOf: text.extracting(from..<newline))
            from = newline + 1
        }
        room.joined.append(contentsOf: text.extracting(from...))
        self = room.joined.withBytes { joined in
            Self(text, joined: joined, isDebit: isDebit, &room.subfields, into: &texts)
        }
    }

    private init(
        _ text: Span<UInt8>, joined: Span<UInt8>, isDebit: Bool, _ subfields: inout Subfields,
        into texts: inout MT940EntryTexts
    ) {
        // A space after the tag (`:86: 020?00…`, a Polish bank's in wolph/mt940's cmxl file) is
        // before the code: the subfields are still German, not free text of `?20` and `?32`.
        var spaces = 0
        while spaces < joined.count, joined[spaces] == 0x20 { spaces += 1 }
        let code = joined.extracting(spaces...)
        if Self.isGerman(code) {
            dialect = .german
            readGerman(code, from: 3, &subfields, into: &texts)
        } else if let first = Self.angledStart(code) {
            dialect = .angled
            readGerman(code, from: first, &subfields, into: &texts)
        } else if let first = Self.angledStart(code, mark: UInt8(ascii: "~")) {
            dialect = .tilde
            readGerman(code, from: first, &subfields, into: &texts)
        } else if let keys = Self.dutchKeys(MT940TextScan.array(joined)) {
            dialect = .dutch
            readDutch(MT940TextScan.array(joined), keys, into: &texts)
        } else {
            dialect = .free
            readFree(text, isDebit: isDebit, into: &texts)
        }
    }

    /// Free text: the first line that is not blank names the vendor; with more lines than one,
    /// all of them, collapsed each and joined by a space, are the memo.
    private mutating func readFree(
        _ text: Span<UInt8>, isDebit: Bool, into texts: inout MT940EntryTexts
    ) {
        let start = texts.bytes.count
        var lines = 0
        var from = 0
        while from <= text.count {
            let end = MT940TextScan.firstIndex(of: 0x0A, in: text, from: from) ?? text.count
            defer { from = end + 1 }
            guard end > from else { continue }
            let before = texts.bytes.count
            if lines > 0 { _ = texts.appendASCII(" ") }
            let line = texts.appendCollapsed(text.extracting(from..<end))
            if line.isEmpty {
                texts.truncate(to: before)
                continue
            }
            if lines == 0 { vendor = line }
            lines += 1
        }
        if lines > 1 { memo = start..<texts.bytes.count }
        // Dutch banks label the other party in free text (ABN AMRO: `BIC: INGBNL2A  NAAM:
        // BELASTINGDIENST`; Knab: `REK: NL65INGB…/NAAM: PICQER`): the payee, where the first
        // line (`SEPA ACCEPTGIROBETALING`, `FACTUUR 201403110`) said only what the payment was.
        if let name = Self.labelledName(text) {
            if memo == nil { memo = vendor }
            vendor = texts.appendCollapsed(text.extracting(name))
        } else if let whole = memo ?? vendor,
            let party = Self.polishParty(texts.bytes.span.extracting(whole), isDebit: isDebit)
        {
            // mBank's `OD:` or `DLA:`: the other party, in the text already written.
            if memo == nil { memo = vendor }
            vendor = (whole.lowerBound + party.lowerBound)..<(whole.lowerBound + party.upperBound)
        }
    }

    /// mBank's `:86:` (Poland): the operation's code (one to three digits) and a space, then
    /// `LABEL: value` parts between `; ` (`970 PRZELEW WEWNĘTRZNY; Z RACH.: 1418…; OD: FIRMA 9
    /// SP. Z O.O.; TYT.: ZAPŁATA…; TNR: 1454…`). A credit names its payer after `OD:` ("from",
    /// beside `Z RACH.:`, the account it came from), a debit its payee after `DLA:` ("for",
    /// beside `NA RACH.:`): only the label of the entry's direction is read, since the other
    /// could name the account holder. Where the value is in `text` (the lines joined by spaces,
    /// collapsed), up to the next `; LABEL:` or the text's end; nil when the text is not so laid
    /// out or names no such party.
    static func polishParty(_ text: Span<UInt8>, isDebit: Bool) -> Range<Int>? {
        var digits = 0
        while digits < text.count, (text[digits] &- UInt8(ascii: "0")) < 10 { digits += 1 }
        guard (1...3).contains(digits), digits < text.count, text[digits] == 0x20 else { return nil }
        let label: StaticString = isDebit ? "; DLA:" : "; OD:"
        guard let found = MT940TextScan.find(label, in: text, digits..<text.count) else { return nil }
        let from = found + label.utf8CodeUnitCount
        var end = text.count
        var at = from
        while let semicolon = MT940TextScan.firstIndex(of: UInt8(ascii: ";"), in: text, from: at) {
            if isPolishLabel(text, after: semicolon) {
                end = semicolon
                break
            }
            at = semicolon + 1
        }
        let value = MT940TextScan.trimmed(text, from..<end)
        return value.isEmpty ? nil : value
    }

    /// Whether the `;` at `semicolon` ends a part: blanks to the text's end, or a label after
    /// it, capitals (a Polish one's two UTF-8 bytes too), dots and spaces up to a `:` (`TYT.:`,
    /// `NAZWA ZOBOW.:`, `REF. KLIENTA:`).
    static func isPolishLabel(_ text: Span<UInt8>, after semicolon: Int) -> Bool {
        var at = semicolon + 1
        while at < text.count, text[at] == 0x20 { at += 1 }
        if at == text.count { return true }
        let start = at
        while at < text.count, at - start <= 24 {
            let byte = text[at]
            if byte == UInt8(ascii: ":") { return at - start >= 2 && text[start] != 0x20 }
            guard (byte &- UInt8(ascii: "A")) < 26 || byte == UInt8(ascii: ".") || byte == 0x20 || byte >= 0x80
            else { return false }
            at += 1
        }
        return false
    }

    /// The text after `NAAM:` to the end of its line, where the label starts a line or follows a
    /// blank or `/`; nil when there is none or it names nothing.
    static func labelledName(_ text: Span<UInt8>) -> Range<Int>? {
        var from = 0
        while let found = MT940TextScan.find("NAAM:", in: text, from..<text.count) {
            from = found + 5
            guard found == 0 || text[found - 1] == 0x20 || text[found - 1] == 0x0A || text[found - 1] == 0x2F else {
                continue
            }
            let end = MT940TextScan.firstIndex(of: 0x0A, in: text, from: from) ?? text.count
            let name = MT940TextScan.trimmed(text, from..<end)
            if !name.isEmpty { return name }
        }
        return nil
    }

    /// These details with `other`'s of the same entry: this vendor, else the other's; the memos
    /// of both, the other's first, copied together after them.
    func joined(after other: MT940Details, in texts: inout MT940EntryTexts) -> MT940Details {
        var both = self
        both.vendor = vendor ?? other.vendor
        guard let first = other.memo, let second = memo else {
            both.memo = memo ?? other.memo
            return both
        }
        let start = texts.bytes.count
        texts.bytes.append(contentsOf: texts.bytes[first])
        texts.bytes.append(0x20)
        texts.bytes.append(contentsOf: texts.bytes[second])
        both.memo = start..<texts.bytes.count
        return both
    }

    // MARK: German: a business transaction code, then `?NN` subfields

    /// `NNN?` at the start: three digits of the Geschäftsvorfallcode, then the first subfield.
    static func isGerman(_ text: Span<UInt8>) -> Bool {
        text.count >= 4 && areDigits(text, 0..<3) && text[3] == UInt8(ascii: "?")
    }

    /// Whether the bytes at `range` are all digits.
    static func areDigits(_ text: Span<UInt8>, _ range: Range<Int>) -> Bool {
        for i in range where (text[i] &- UInt8(ascii: "0")) >= 10 { return false }
        return true
    }

    /// The same subfields marked `>NN` (Triodos: `000>100000000000>20RABONL2U>21NL12RABO…`; a
    /// Polish bank's in a-fas/mt940js, without the code: `>20Usługi księgowe>31…>32BOOKING
    /// GROUP`), or marked `~NN` (PKO BP's: `020~00152~20PRZELEW…~32IRENA KOWALSKA~38FR76…`):
    /// where the first subfield's mark is, else nil.
    static func angledStart(_ text: Span<UInt8>, mark: UInt8 = UInt8(ascii: ">")) -> Int? {
        let first = text.count >= 6 && areDigits(text, 0..<3) ? 3 : 0
        return isSubfield(text, first, mark: mark) ? first : nil
    }

    /// A subfield holding only PKO BP's mark of an empty one (`~21ÿ`: the byte 0xFF, `˙` in
    /// windows-1250, `ÿ` in windows-1252, raw or read in either), which is no text.
    static func isEmptyMark(_ piece: Span<UInt8>) -> Bool {
        let word = MT940TextScan.trimmed(piece, 0..<piece.count)
        switch word.count {
        case 1: return piece[word.lowerBound] == 0xFF
        case 2:
            let (first, second) = (piece[word.lowerBound], piece[word.lowerBound + 1])
            return (first == 0xCB && second == 0x99) || (first == 0xC3 && second == 0xBF)
        default: return false
        }
    }

    /// `?00` booking text, `?20`–`?29` and `?60`–`?63` purpose, `?32`–`?33` the name; the
    /// purpose's pieces joined as they are (each is a 27-character slice of one text). A SEPA
    /// purpose (`EREF+… SVWZ+…`) gives the memo its `SVWZ+` part; one without `SVWZ+` whose
    /// subfields begin with the DK's keywords, the text no keyword holds (``writeKeyedPurpose``). The first subfield's mark, `?`
    /// or `>`, is at `first`. Triodos writes a transfer's counterparty BIC in `>20` and IBAN in
    /// `>21`, its purpose from `>22` (zilverline/mt940's reading of its format description):
    /// an IBAN in `>21` is not purpose, nor is `>20` before it.
    private mutating func readGerman(
        _ text: Span<UInt8>, from first: Int, _ room: inout Subfields, into texts: inout MT940EntryTexts
    ) {
        room.removeAll()
        room.pieces.removeAll(keepingCapacity: true)
        let separator = text[first]
        var at = first
        while at < text.count, let code = MT940Date.number(text, at + 1, 2) {
            // `?NN` begins a subfield; the next one ends it.
            var end = text.count
            var from = at + 3
            while let mark = MT940TextScan.firstIndex(of: separator, in: text, from: from) {
                if Self.isSubfield(text, mark, mark: separator) {
                    end = mark
                    break
                }
                from = mark + 1
            }
            let piece = text.extracting((at + 3)..<end)
            switch code {
            case _ where Self.isEmptyMark(piece): break
            case 0: room.booking.append(contentsOf: piece)
            case 21 where separator != UInt8(ascii: "?") && Self.isIBAN(piece):
                // `>20` (read as purpose just before) was its BIC: taken back out.
                room.purpose.removeAll()
                room.pieces.removeAll(keepingCapacity: true)
            case 20...29, 60...63:
                room.pieces.append(room.purpose.count)
                room.purpose.append(contentsOf: piece)
            case 32, 33: room.name.append(contentsOf: piece)
            default: break
            }
            at = end
        }
        memo = room.purpose.withBytes { purpose in
            if let sepa = Self.sepaPurpose(purpose) {
                Self.nonEmpty(texts.appendCollapsed(purpose.extracting(sepa)), in: &texts)
            } else if let keyed = Self.writeKeyedPurpose(purpose, pieces: room.pieces, into: &texts) {
                Self.nonEmpty(keyed, in: &texts)
            } else {
                Self.nonEmpty(texts.appendCollapsed(purpose), in: &texts)
            }
        }
        vendorFromName(room, memo: memo, into: &texts)
    }

    // MARK: :NS:, a line a subfield

    /// `:NS:` in place of `:86:`: a line per subfield, two digits and the text. `01`–`14` the
    /// purpose, `15`–`16` the name, `17` the booking text (raphaelm.sta in wolph/mt940 labels
    /// them `Verwendungszweck`, `Empfänger`, `Buchungstext`). A line of 27 characters is a slice
    /// of a longer text, joined as it is (Sberbank's `15ERGO Versicherung AG Fiokte`, `16lep`);
    /// a shorter one ends its words.
    init(nonSwift text: Span<UInt8>, room: inout Room, into texts: inout MT940EntryTexts) {
        dialect = .nonSwift
        room.subfields.removeAll()
        func add(_ piece: Span<UInt8>, to buffer: inout MT940Buffer, after last: inout Int) {
            if buffer.count > 0, last < 27 { buffer.append(0x20) }
            buffer.append(contentsOf: piece)
            last = piece.count
        }
        var (lastPurpose, lastName) = (27, 27)
        var from = 0
        while from < text.count {
            var end = MT940TextScan.firstIndex(of: 0x0A, in: text, from: from) ?? text.count
            defer { from = end + 1 }
            if end > from, text[end - 1] == 0x0D { end -= 1 }
            guard let code = MT940Date.number(text, from, 2) else { continue }
            let piece = text.extracting((from + 2)..<end)
            switch code {
            case 1...14: add(piece, to: &room.subfields.purpose, after: &lastPurpose)
            case 15, 16: add(piece, to: &room.subfields.name, after: &lastName)
            case 17: room.subfields.booking.append(contentsOf: piece)
            default: break
            }
        }
        memo = room.subfields.purpose.withBytes { Self.nonEmpty(texts.appendCollapsed($0), in: &texts) }
        vendorFromName(room.subfields, memo: memo, into: &texts)
    }

    /// The vendor: the name subfields, else the booking text, else the memo.
    private mutating func vendorFromName(
        _ subfields: borrowing Subfields, memo: Range<Int>?, into texts: inout MT940EntryTexts
    ) {
        vendor = subfields.name.withBytes { Self.nonEmpty(texts.appendCollapsed($0), in: &texts) }
        if vendor == nil {
            vendor = subfields.booking.withBytes { Self.nonEmpty(texts.appendCollapsed($0), in: &texts) } ?? memo
        }
    }

    /// `range`, or nil when it is empty (what was written for it is dropped).
    private static func nonEmpty(_ range: Range<Int>, in texts: inout MT940EntryTexts) -> Range<Int>? {
        guard range.isEmpty else { return range }
        texts.truncate(to: range.lowerBound)
        return nil
    }

    /// Two letters, two digits, then 10 to 30 letters and digits, and nothing else but spaces.
    static func isIBAN(_ piece: Span<UInt8>) -> Bool {
        let word = MT940TextScan.trimmed(piece, 0..<piece.count)
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }
        func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
        guard (14...34).contains(word.count) else { return false }
        let s = word.lowerBound
        guard isLetter(piece[s]), isLetter(piece[s + 1]), isDigit(piece[s + 2]), isDigit(piece[s + 3]) else {
            return false
        }
        for i in (s + 4)..<word.upperBound where !isLetter(piece[i]) && !isDigit(piece[i]) { return false }
        return true
    }

    /// `mark` (`?`) and two digits at `at`.
    static func isSubfield(_ text: Span<UInt8>, _ at: Int, mark: UInt8 = UInt8(ascii: "?")) -> Bool {
        at < text.count && text[at] == mark && at + 2 < text.count && (text[at + 1] &- UInt8(ascii: "0")) < 10
            && (text[at + 2] &- UInt8(ascii: "0")) < 10
    }

    /// The keywords that end a SEPA purpose's `SVWZ+` part, without their `+`: the four-letter
    /// ones as their bytes in one number, and `BIC`.
    static let sepaKeywords: [UInt32] = [
        "EREF", "KREF", "MREF", "CRED", "DEBT", "ABWA", "ABWE", "IBAN", "COAM", "OAMT",
    ].map { (word: StaticString) in MT940TextScan.word(word) }

    /// The `SVWZ+` part of a SEPA purpose, up to the next `XXXX+` keyword; nil without one.
    /// Each `+` after it is checked once for a keyword before it.
    static func sepaPurpose(_ purpose: Span<UInt8>) -> Range<Int>? {
        guard let start = MT940TextScan.find("SVWZ+", in: purpose, 0..<purpose.count) else { return nil }
        let from = start + 5
        var plus = from
        while let at = MT940TextScan.firstIndex(of: UInt8(ascii: "+"), in: purpose, from: plus) {
            if let keyword = keywordStart(endingAt: at, in: purpose, from: from) {
                return from..<keyword
            }
            plus = at + 1
        }
        return from..<purpose.count
    }

    /// Where the keyword whose `+` is at `plus` begins, at `lower` or after: the earliest, a
    /// four-letter one of ``sepaKeywords`` before `BIC`; nil when no keyword ends there.
    static func keywordStart(endingAt plus: Int, in purpose: Span<UInt8>, from lower: Int) -> Int? {
        if plus - 4 >= lower {
            if sepaKeywords.contains(MT940TextScan.word(purpose, at: plus - 4)) { return plus - 4 }
        }
        if plus - 3 >= lower, MT940TextScan.equals(purpose, (plus - 3)..<plus, "BIC") { return plus - 3 }
        return nil
    }

    /// Whether a keyword of ``sepaKeywords`` and its `+` (or `BIC+`) begins at `at`.
    static func isKeyword(_ purpose: Span<UInt8>, at: Int) -> Bool {
        if at + 5 <= purpose.count, purpose[at + 4] == UInt8(ascii: "+") {
            if sepaKeywords.contains(MT940TextScan.word(purpose, at: at)) { return true }
        }
        return MT940TextScan.find("BIC+", in: purpose, at..<min(at + 4, purpose.count)) == at
    }

    /// A purpose without `SVWZ+` in the DK's layout (DFÜ-Abkommen, Anlage 3, the structured
    /// `:86:`): each keyword (`EREF+`, `KREF+`, `MREF+`, `CRED+`…) begins a subfield, and a
    /// value longer than its subfield goes on in the next one without it. The subfields no
    /// keyword holds are the purpose: written as they are, a space between runs of them; a
    /// subfield after a keyword's that did not fill its 27 characters is not that keyword's.
    /// With no such text, the keywords' parts are written, a space between them, as they are.
    /// Nil, and nothing written, when no subfield begins with a keyword, or a keyword is inside
    /// one (not the DK's layout: the purpose is kept as written).
    static func writeKeyedPurpose(
        _ purpose: Span<UInt8>, pieces: [Int], into texts: inout MT940EntryTexts
    ) -> Range<Int>? {
        func piece(_ i: Int) -> Range<Int> { pieces[i]..<(i + 1 < pieces.count ? pieces[i + 1] : purpose.count) }
        // Whether each piece begins with a keyword.
        let keywords = pieces.indices.map { isKeyword(purpose, at: piece($0).lowerBound) }
        for i in pieces.indices {
            let range = piece(i)
            var plus = range.lowerBound + 1
            while let at = MT940TextScan.firstIndex(of: UInt8(ascii: "+"), in: purpose, from: plus),
                at < range.upperBound
            {
                if keywordStart(endingAt: at, in: purpose, from: range.lowerBound + 1) != nil { return nil }
                plus = at + 1
            }
        }
        guard keywords.contains(true) else { return nil }
        let start = texts.bytes.count
        for free in [true, false] {
            // Each piece is the purpose's own text, a keyword's, or the rest of the one before.
            var afterKeyword = false
            var run: Range<Int>?
            func flush() {
                guard let written = run else { return }
                run = nil
                let before = texts.bytes.count
                if before > start { _ = texts.appendASCII(" ") }
                if texts.appendCollapsed(purpose.extracting(written)).isEmpty {
                    texts.truncate(to: before)
                }
            }
            for i in pieces.indices {
                let range = piece(i)
                let keyword = keywords[i]
                var rest = false
                if !keyword, afterKeyword, i > 0 {
                    // Characters, not bytes: UTF-8's continuation bytes are not counted.
                    var characters = 0
                    for at in piece(i - 1) where purpose[at] & 0xC0 != 0x80 { characters += 1 }
                    rest = characters >= 27
                }
                afterKeyword = keyword || rest
                if free == afterKeyword {
                    flush()
                } else if keyword {
                    flush()
                    run = range
                } else {
                    run = (run?.lowerBound ?? range.lowerBound)..<range.upperBound
                }
            }
            flush()
            if texts.bytes.count > start { break }
        }
        return start..<texts.bytes.count
    }

    // MARK: Dutch: `/KEY/value` pairs

    static let dutchKeyNames: [StaticString] = [
        "TRTP", "IBAN", "BIC", "NAME", "REMI", "EREF", "ORDP", "BENM", "CNTP", "CSID", "MARF", "SVCL", "PREF",
        "RTRN", "ISDT", "ADDR", "PURP", "ULTC", "ULTD", "ULTB", "FX", "EXCH", "CHGS", "ID",
        // Rabobank's transaction code, first in its fees' `:86:` (`/TRCD/093/BENM//NAME/Rabobank/REMI/…`).
        "TRCD",
    ]

    /// Whether `part` is one of ``dutchKeyNames``.
    static func isDutchKey(_ part: ArraySlice<UInt8>) -> Bool {
        guard (2...4).contains(part.count) else { return false }
        return dutchKeyNames.contains { MT940Text.equals(part, $0) }
    }

    /// The text's `/KEY/` keys in order, each with where its value is (up to the next known
    /// key); nil unless the text starts with `/` and names `TRTP`, `CNTP`, `NAME` or `REMI`.
    static func dutchKeys(_ text: [UInt8]) -> [(key: ArraySlice<UInt8>, value: Range<Int>)]? {
        guard text.first == UInt8(ascii: "/") else { return nil }
        var keys: [(key: ArraySlice<UInt8>, value: Range<Int>)] = []
        for part in text[1...].split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            if isDutchKey(part) {
                keys.append((part, min(part.endIndex + 1, text.count)..<text.count))
                if keys.count > 1 {
                    let previous = keys[keys.count - 2].value.lowerBound
                    keys[keys.count - 2].value = previous..<max(previous, part.startIndex - 1)
                }
            } else if keys.isEmpty {
                return nil
            }
        }
        let main: [StaticString] = ["TRTP", "CNTP", "NAME", "REMI"]
        guard keys.contains(where: { key in main.contains { MT940Text.equals(key.key, $0) } }) else { return nil }
        return keys
    }

    /// `NAME`, else the name in `CNTP` (`account/BIC/name/city`); `REMI` the memo, its `USTD//`
    /// (ING's unstructured mark) or `STRD/CUR/` (structured; Triodos's `STRD//`) dropped; `TRTP`
    /// the vendor when nothing names one.
    private mutating func readDutch(
        _ text: [UInt8], _ keys: [(key: ArraySlice<UInt8>, value: Range<Int>)], into texts: inout MT940EntryTexts
    ) {
        func collapsed(_ value: ArraySlice<UInt8>) -> Range<Int>? {
            Self.nonEmpty(texts.appendCollapsed(value.span), in: &texts)
        }
        func value(_ key: StaticString) -> ArraySlice<UInt8>? {
            guard let range = keys.first(where: { MT940Text.equals($0.key, key) })?.value else { return nil }
            var value = text[range]
            while value.last == UInt8(ascii: "/") { value = value.dropLast() }
            return value
        }
        if var remittance = value("REMI") {
            for mark: StaticString in ["USTD//", "USTD/", "STRD/CUR/", "STRD//", "STRD/"] {
                if let at = MT940Text.find(remittance, mark), at == remittance.startIndex {
                    remittance = remittance.dropFirst(mark.utf8CodeUnitCount)
                    break
                }
            }
            memo = collapsed(remittance)
        }
        var names: [ArraySlice<UInt8>] = []
        if let name = value("NAME") { names.append(name) }
        if let counterparty = value("CNTP") {
            let parts = counterparty.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            if parts.count > 2 { names.append(parts[2]) }
        }
        if let type = value("TRTP") { names.append(type) }
        for name in names {
            if let text = collapsed(name) {
                vendor = text
                return
            }
        }
        vendor = memo
    }
}
