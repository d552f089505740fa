import TxFeedModel

/// Checks one entry (`emit_entries`) by the rules an envelope's transactions follow, field by
/// field, without JSON: the amount as exact decimal text, the date in the envelope's forms. It
/// becomes a compact ``Transaction``, or a ``Reject`` with the plugin's `where` as its path.
struct EntryChecks {
    /// The account's origin, named by its rejects.
    var origin: String
    /// Decimals of the account's currency.
    var scale: Int
    /// Whether each record keeps its place (``TransactionDetails/location``), for `--duplicates`.
    var keepsLocations: Bool

    enum Outcome {
        case transaction(Transaction)
        case reject(Reject)
    }

    /// - Parameters:
    ///   - index: the entry's place in its account, the path when the plugin gives no `location`.
    func normalise(
        entry: EntryFields, index: Int, account: UInt32, vendors: inout VendorTable, details: inout [TransactionDetails]
    ) -> Outcome {
        func reject(_ reason: String) -> Outcome { .reject(record(entry, index: index, reason: reason)) }
        if case .unknown(let value) = entry.status {
            return reject("status \(value) is none of booked (0), pending (1) or never moved (2)")
        }
        guard let vendor = entry.vendor else { return reject("missing vendor") }
        guard vendor.count > 0 else { return reject("vendor is empty") }
        guard vendor.count <= TextLimits.vendor else {
            return reject(TextLimits.over("vendor", vendor.count, TextLimits.vendor))
        }
        guard JSONString.isValidUTF8(vendor) else { return reject("vendor is not valid UTF-8") }

        guard let amountText = entry.amount else { return reject("missing amount") }
        let amount: (money: Money, negative: Bool)
        do { amount = try Money.parse(decimalText: amountText.span, scale: scale) } catch { return reject("\(error)") }

        guard let dateText = entry.date else { return reject("missing date") }
        let date: (unixSeconds: Int64, isCivil: Bool, offsetMinutes: Int16)
        do { date = try TransactionDate.readWithOffset(dateText.span) } catch { return reject("\(error)") }

        var id: String?
        if let text = entry.id, !text.isEmpty {
            guard text.count <= TextLimits.id else { return reject(TextLimits.over("id", text.count, TextLimits.id)) }
            guard let valid = Self.string(text) else { return reject("id is not valid UTF-8") }
            id = valid
        }
        var memo: String?
        if let text = entry.memo, !text.isEmpty {
            guard text.count <= TextLimits.memo else {
                return reject(TextLimits.over("memo", text.count, TextLimits.memo))
            }
            guard let valid = Self.string(text) else { return reject("memo is not valid UTF-8") }
            memo = valid
        }
        let detailsIndex = TransactionDetails.index(
            id: id, memo: memo, location: keepsLocations ? place(of: entry, index: index) : nil, appendingTo: &details)
        return .transaction(
            Transaction(
                unixSeconds: date.unixSeconds, amountMinor: amount.money.minorUnits,
                vendor: vendors.intern(vendor.span),
                account: account, isDebit: amount.negative, isPending: entry.isPending, isCivilDate: date.isCivil,
                details: detailsIndex, offsetMinutes: date.offsetMinutes))
    }

    /// An entry whose money never moved (``EntryFields/Status/neverMoved``), for `--skipped`:
    /// none of its fields is checked, since none is imported; its memo says why.
    func neverMoved(_ entry: EntryFields, index: Int) -> Reject {
        let why = entry.memo.flatMap(Self.string).flatMap { $0.isEmpty ? nil : $0 }
        return record(entry, index: index, reason: why ?? "money that never moved")
    }

    /// The entry as a ``Reject`` of `reason`: its path the plugin's `where`, its record the raw
    /// text the plugin gave, else its fields as JSON.
    private func record(_ entry: EntryFields, index: Int, reason: String) -> Reject {
        let path = place(of: entry, index: index)
        if let raw = entry.raw {
            return Reject(origin: origin, path: path, reason: reason, raw: Array(raw), rawIsText: true)
        }
        return Reject(origin: origin, path: path, reason: reason, raw: Self.json(of: entry))
    }

    /// Where the entry is: the plugin's `where`, else its place among the account's entries.
    private func place(of entry: EntryFields, index: Int) -> String {
        entry.location.map { String(decoding: $0, as: UTF8.self) } ?? "entries[\(index)]"
    }

    /// The text as a String; nil when it is not UTF-8. (`String(validating:as:)` is generic in
    /// the standard library: it looked up its type metadata on every call, 1,200 instructions an
    /// id or memo.)
    private static func string(_ text: UnsafeBufferPointer<UInt8>) -> String? {
        JSONString.isValidUTF8(text) ? String(decoding: text, as: UTF8.self) : nil
    }

    /// The entry's fields as a JSON object, for `--rejects` when the plugin gave no raw text.
    private static func json(of entry: EntryFields) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "{")]
        let fields: [(String, UnsafeBufferPointer<UInt8>?)] = [
            ("date", entry.date), ("vendor", entry.vendor), ("amount", entry.amount), ("id", entry.id),
            ("memo", entry.memo),
        ]
        for (name, value) in fields {
            guard let value else { continue }
            if out.count > 1 { out.append(UInt8(ascii: ",")) }
            JSONString.append(name, to: &out)
            out.append(UInt8(ascii: ":"))
            JSONString.append(value, to: &out)
        }
        if entry.isPending { out += Array(#","status":"pending""#.utf8) }
        out.append(UInt8(ascii: "}"))
        return out
    }
}
