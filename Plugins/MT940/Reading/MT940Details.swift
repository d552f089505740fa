/// The `:86:` information to an account owner of a `:61:` line, in the dialect the bank writes:
/// German structured (`166?00SEPA-UEBERWEISUNG?20…?32Name`), Dutch structured (`/TRTP/…/NAME/…
/// /REMI/…`, ABN AMRO, ING, Rabobank), or free text.
struct MT940Details {
    enum Dialect: String, CaseIterable, Sendable {
        case german = "German ?20–?33"
        case dutch = "Dutch /TRTP/"
        case free = "free text"
    }

    var dialect: Dialect
    /// The counterparty's name.
    var vendor: String?
    /// The purpose (remittance information).
    var memo: String?

    /// The field's text; its lines are cut at 65 characters wherever the bank cut them.
    init(_ text: ArraySlice<UInt8>) {
        let joined = text.filter { $0 != 0x0A }
        if Self.isGerman(joined) {
            dialect = .german
            readGerman(joined)
        } else if let keys = Self.dutchKeys(joined) {
            dialect = .dutch
            readDutch(keys)
        } else {
            dialect = .free
            let lines = text.split(separator: 0x0A).map { MT940Text.collapsed(MT940Text.string($0)) }.filter {
                !$0.isEmpty
            }
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
    private mutating func readGerman(_ text: [UInt8]) {
        var fields: [(code: Int, value: ArraySlice<UInt8>)] = []
        var at = 3
        while at < text.count {
            // `?NN` begins a subfield; the next one ends it.
            guard let code = MT940Date.number(text[...], at + 1, 2) else { break }
            var end = at + 3
            while end < text.count, !(text[end] == UInt8(ascii: "?") && MT940Date.number(text[...], end + 1, 2) != nil)
            {
                end += 1
            }
            fields.append((code, text[(at + 3)..<end]))
            at = end
        }
        func joined(_ codes: ClosedRange<Int>...) -> String {
            let bytes = fields.filter { field in codes.contains { $0.contains(field.code) } }.flatMap(\.value)
            return MT940Text.collapsed(MT940Text.string(bytes))
        }
        let name = joined(32...33)
        let purpose = joined(20...29, 60...63)
        let booking = joined(0...0)
        let sepa = Self.sepaPurpose(purpose)
        memo = (sepa ?? purpose).isEmpty ? nil : (sepa ?? purpose)
        vendor = [name, booking, purpose].first { !$0.isEmpty }
    }

    /// The `SVWZ+` part of a SEPA purpose, up to the next `XXXX+` keyword; nil without one.
    static func sepaPurpose(_ purpose: String) -> String? {
        guard let start = purpose.range(of: "SVWZ+") else { return nil }
        var text = purpose[start.upperBound...]
        for keyword in [
            "EREF+", "KREF+", "MREF+", "CRED+", "DEBT+", "ABWA+", "ABWE+", "IBAN+", "BIC+", "COAM+", "OAMT+",
        ] {
            if let next = text.range(of: keyword) { text = text[..<next.lowerBound] }
        }
        let trimmed = MT940Text.collapsed(String(text))
        return trimmed.isEmpty ? nil : trimmed
    }

    // MARK: Dutch: `/KEY/value` pairs

    static let dutchKeyNames: Set<String> = [
        "TRTP", "IBAN", "BIC", "NAME", "REMI", "EREF", "ORDP", "BENM", "CNTP", "CSID", "MARF", "SVCL", "PREF",
        "RTRN", "ISDT", "ADDR", "PURP", "ULTC", "ULTD", "ULTB", "FX", "EXCH", "CHGS", "ID",
    ]

    /// The text's `/KEY/` pairs in order, each key's value running to the next known key; nil
    /// unless the text starts with `/` and names `TRTP`, `CNTP`, `NAME` or `REMI`.
    static func dutchKeys(_ text: [UInt8]) -> [(key: String, value: String)]? {
        guard text.first == UInt8(ascii: "/") else { return nil }
        let string = MT940Text.string(text)
        let parts = string.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var keys: [(key: String, value: String)] = []
        for part in parts {
            if dutchKeyNames.contains(String(part)) {
                keys.append((String(part), ""))
            } else if !keys.isEmpty {
                keys[keys.count - 1].value += (keys[keys.count - 1].value.isEmpty ? "" : "/") + part
            } else {
                return nil
            }
        }
        guard keys.contains(where: { ["TRTP", "CNTP", "NAME", "REMI"].contains($0.key) }) else { return nil }
        return keys
    }

    /// `NAME`, else the name in `CNTP` (`account/BIC/name/city`); `REMI` the memo, its `USTD//`
    /// (ING's unstructured mark) dropped; `TRTP` the vendor when nothing names one.
    private mutating func readDutch(_ keys: [(key: String, value: String)]) {
        func value(_ key: String) -> String? {
            guard var text = keys.first(where: { $0.key == key })?.value else { return nil }
            while text.hasSuffix("/") { text.removeLast() }
            text = MT940Text.collapsed(text)
            return text.isEmpty ? nil : text
        }
        var remittance = value("REMI")
        for mark in ["USTD//", "USTD/", "STRD/CUR/", "STRD/"] where remittance?.hasPrefix(mark) == true {
            remittance = String(remittance!.dropFirst(mark.count))
            break
        }
        memo = remittance.flatMap { $0.isEmpty ? nil : $0 }
        let counterparty = value("CNTP").map { $0.split(separator: "/", omittingEmptySubsequences: false) }
        let cntpName = counterparty.flatMap { $0.count > 2 ? MT940Text.collapsed(String($0[2])) : nil }
        vendor = value("NAME") ?? (cntpName?.isEmpty == false ? cntpName : nil) ?? value("TRTP") ?? memo
    }
}
