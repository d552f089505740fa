/// One `STMTTRN`'s leaves as they are read, then the entry (or the reject) they make.
struct OFXTransactionFields {
    /// `STMTRS[0].STMTTRN[17]`.
    let location: String
    let pending: Bool
    /// Leaves by their path below `STMTTRN`: `TRNAMT`, `PAYEE.NAME`.
    private var values: [String: String] = [:]
    private(set) var raw = "<STMTTRN>"

    init(location: String, pending: Bool) {
        self.location = location
        self.pending = pending
    }

    // MARK: Reading

    /// A leaf's text (or a piece of it: libxml2 may hand a long text over in parts).
    mutating func add(_ path: String, _ value: String) {
        values[path, default: ""] += value
        // Without the line break an SGML leaf keeps up to the next tag.
        raw += Self.escaped(value.trimmingOFXBlanks())
    }

    mutating func open(_ name: String) { raw += "<\(name)>" }
    mutating func close(_ name: String) { raw += "</\(name)>" }

    // MARK: The entry

    /// The entry, or the first field that stops it, checked in the order amount, date, vendor.
    func resolved() -> Result<OFXTransaction, OFXReject> {
        guard let amountText = value("TRNAMT") else { return reject("TRNAMT", "missing TRNAMT") }
        guard let amount = OFXAmount.normalized(amountText) else {
            return reject("TRNAMT", "\(Self.quoted(amountText)) is not an amount")
        }
        let dateField = value("DTPOSTED") == nil && value("DTUSER") != nil ? "DTUSER" : "DTPOSTED"
        guard let dateText = value(dateField) else { return reject("DTPOSTED", "missing DTPOSTED (and DTUSER)") }
        guard let date = OFXDate.converted(dateText) else {
            return reject(dateField, "\(Self.quoted(dateText)) is not an OFX date (YYYYMMDD[HHMMSS[.XXX][[±H:TZ]]])")
        }
        let payeeGiven = values.keys.contains { $0.hasPrefix("PAYEE.") }
        let memo = value("MEMO")
        guard let vendor = (payeeGiven ? value("PAYEE.NAME") : nil) ?? value("NAME") ?? memo else {
            return reject(payeeGiven ? "PAYEE.NAME" : "NAME", "no NAME, PAYEE or MEMO to name the vendor")
        }
        return .success(
            OFXTransaction(
                date: date, vendor: vendor, amount: amount, id: value("FITID"), memo: memo == vendor ? nil : memo,
                pending: pending, location: location, raw: raw + "</STMTTRN>"))
    }

    /// A leaf's text without the blanks around it; nil when absent or blank.
    private func value(_ path: String) -> String? {
        guard let text = values[path]?.trimmingOFXBlanks(), !text.isEmpty else { return nil }
        return text
    }

    private func reject(_ field: String, _ reason: String) -> Result<OFXTransaction, OFXReject> {
        .failure(OFXReject(location: "\(location).\(field)", reason: reason, raw: raw + "</STMTTRN>"))
    }

    private static func quoted(_ text: String) -> String { "\"\(text)\"" }

    private static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }
}
