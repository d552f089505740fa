/// The `:86:` information to an account owner of a `:61:` line, in the dialect the bank writes:
/// German structured (`166?00SEPA-UEBERWEISUNG?20…?32Name`), Dutch structured (`/TRTP/…/NAME/…
/// /REMI/…`, ABN AMRO, ING, Rabobank), or free text. Read as bytes: a String is made only of
/// what the transaction shows.
struct MT940Details {
    enum Dialect: String, CaseIterable, Sendable {
        case german = "German ?20–?33"
        case dutch = "Dutch /TRTP/"
        case free = "free text"

        /// Its place in ``MT940DialectCounts``.
        var index: Int {
            switch self {
            case .german: 0
            case .dutch: 1
            case .free: 2
            }
        }
    }

    var dialect: Dialect
    /// The counterparty's name.
    var vendor: String?
    /// The purpose (remittance information).
    var memo: String?

    /// Where a field's text is taken apart: kept by the reader, so that no field allocates it.
    struct Room {
        var joined: [UInt8] = []
        var name: [UInt8] = []
        var purpose: [UInt8] = []
        var booking: [UInt8] = []
    }

    /// The field's text; its lines are cut at 65 characters wherever the bank cut them.
    init(_ text: ArraySlice<UInt8>, room: inout Room) {
        room.joined.removeAll(keepingCapacity: true)
        var rest = text
        while let newline = rest.firstIndex(of: 0x0A) {
            room.joined.append(contentsOf: rest[..<newline])
            rest = rest[(newline + 1)...]
        }
        room.joined.append(contentsOf: rest)
        if Self.isGerman(room.joined) {
            dialect = .german
            readGerman(&room)
        } else if let keys = Self.dutchKeys(room.joined) {
            dialect = .dutch
            readDutch(room.joined, keys)
        } else {
            dialect = .free
            let lines = text.split(separator: 0x0A).map { MT940Text.collapsed($0) }.filter { !$0.isEmpty }
            vendor = lines.first
            if lines.count > 1 { memo = lines.joined(separator: " ") }
        }
    }

    // MARK: German: a business transaction code, then `?NN` subfields

    /// `NNN?` at the start: three digits of the Geschäftsvorfallcode, then the first subfield.
    static func isGerman(_ text: [UInt8]) -> Bool {
        text.count >= 4 && text.prefix(3).allSatisfy { ($0 &- UInt8(ascii: "0")) < 10 } && text[3] == UInt8(ascii: "?")
    }

    /// `?00` booking text, `?20`–`?29` and `?60`–`?63` purpose, `?32`–`?33` the name; the
    /// purpose's pieces joined as they are (each is a 27-character slice of one text). A SEPA
    /// purpose (`EREF+… SVWZ+…`) gives the memo its `SVWZ+` part.
    private mutating func readGerman(_ room: inout Room) {
        room.name.removeAll(keepingCapacity: true)
        room.purpose.removeAll(keepingCapacity: true)
        room.booking.removeAll(keepingCapacity: true)
        let text = room.joined
        var at = 3
        let all = text[...]
        while at < text.count, let code = MT940Date.number(all, at + 1, 2) {
            // `?NN` begins a subfield; the next one ends it.
            var end = at + 3
            while end < text.count, !Self.isSubfield(text, end) { end += 1 }
            switch code {
            case 0: room.booking += text[(at + 3)..<end]
            case 20...29, 60...63: room.purpose += text[(at + 3)..<end]
            case 32, 33: room.name += text[(at + 3)..<end]
            default: break
            }
            at = end
        }
        let memo = MT940Text.collapsed(Self.sepaPurpose(room.purpose[...]) ?? room.purpose[...])
        self.memo = memo.isEmpty ? nil : memo
        let name = MT940Text.collapsed(room.name[...])
        let booking = name.isEmpty ? MT940Text.collapsed(room.booking[...]) : ""
        vendor = !name.isEmpty ? name : !booking.isEmpty ? booking : self.memo
    }

    /// `?` and two digits at `at`.
    static func isSubfield(_ text: [UInt8], _ at: Int) -> Bool {
        text[at] == UInt8(ascii: "?") && at + 2 < text.count && (text[at + 1] &- UInt8(ascii: "0")) < 10
            && (text[at + 2] &- UInt8(ascii: "0")) < 10
    }

    /// The keywords that end a SEPA purpose's `SVWZ+` part, without their `+`.
    static let sepaKeywords: [StaticString] = [
        "EREF", "KREF", "MREF", "CRED", "DEBT", "ABWA", "ABWE", "IBAN", "BIC", "COAM", "OAMT",
    ]

    /// The `SVWZ+` part of a SEPA purpose, up to the next `XXXX+` keyword; nil without one.
    /// Each `+` after it is checked once for a keyword before it.
    static func sepaPurpose(_ purpose: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard let start = MT940Text.find(purpose, "SVWZ+") else { return nil }
        let text = purpose[(start + 5)...]
        var plus = text.startIndex
        while let at = text[plus...].firstIndex(of: UInt8(ascii: "+")) {
            // The keyword that ends here and starts earliest: a four-letter one before `BIC`.
            for length in [4, 3] where at - length >= text.startIndex {
                let word = text[(at - length)..<at]
                if sepaKeywords.contains(where: { MT940Text.equals(word, $0) }) { return text[..<(at - length)] }
            }
            plus = at + 1
        }
        return text
    }

    // MARK: Dutch: `/KEY/value` pairs

    static let dutchKeyNames: [StaticString] = [
        "TRTP", "IBAN", "BIC", "NAME", "REMI", "EREF", "ORDP", "BENM", "CNTP", "CSID", "MARF", "SVCL", "PREF",
        "RTRN", "ISDT", "ADDR", "PURP", "ULTC", "ULTD", "ULTB", "FX", "EXCH", "CHGS", "ID",
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
    /// (ING's unstructured mark) dropped; `TRTP` the vendor when nothing names one.
    private mutating func readDutch(_ text: [UInt8], _ keys: [(key: ArraySlice<UInt8>, value: Range<Int>)]) {
        func value(_ key: StaticString) -> ArraySlice<UInt8>? {
            guard let range = keys.first(where: { MT940Text.equals($0.key, key) })?.value else { return nil }
            var value = text[range]
            while value.last == UInt8(ascii: "/") { value = value.dropLast() }
            return value
        }
        if var remittance = value("REMI") {
            for mark: StaticString in ["USTD//", "USTD/", "STRD/CUR/", "STRD/"] {
                if let at = MT940Text.find(remittance, mark), at == remittance.startIndex {
                    remittance = remittance.dropFirst(mark.utf8CodeUnitCount)
                    break
                }
            }
            let memo = MT940Text.collapsed(remittance)
            self.memo = memo.isEmpty ? nil : memo
        }
        var names: [ArraySlice<UInt8>] = []
        if let name = value("NAME") { names.append(name) }
        if let counterparty = value("CNTP") {
            let parts = counterparty.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            if parts.count > 2 { names.append(parts[2]) }
        }
        if let type = value("TRTP") { names.append(type) }
        for name in names {
            let text = MT940Text.collapsed(name)
            if !text.isEmpty {
                vendor = text
                return
            }
        }
        vendor = memo
    }
}
