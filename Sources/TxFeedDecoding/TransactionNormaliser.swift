import CJansson
import Glibc
import TxFeedModel

/// Checks one transaction object and turns it into a compact ``Transaction``, or a ``Reject``
/// with its path (`transactions[17].amount`) and reason. The rest of the envelope goes on.
struct TransactionNormaliser {
    var origin: String
    /// Decimals of the account's currency.
    var scale: Int
    /// Whether each record keeps its place (``TransactionDetails/location``), for `--duplicates`.
    var keepsLocations = false
    /// The envelope's place (`feed.json:9:1`) when it is not its text's first: a JSON record's
    /// location begins with it.
    var envelopePlace: String?

    enum Outcome {
        case transaction(Transaction)
        case reject(Reject)
    }

    /// - Parameters:
    ///   - raw: the element's own JSON text when it came from text, kept for `--rejects`.
    ///   - vendors: where the vendor name is interned.
    ///   - details: where a bank id or memo is kept, when the transaction has either.
    func normalise(
        _ json: UnsafeMutablePointer<json_t>?, index: Int, raw: UnsafeBufferPointer<UInt8>?,
        account: UInt32, vendors: inout VendorTable, details: inout [TransactionDetails]
    ) -> Outcome {
        let read: Read<JanssonValue> =
            json.map {
                Self.read(
                    JanssonValue(pointer: $0), scale: scale, location: jsonLocation(index: index), account: account,
                    vendors: &vendors, details: &details)
            } ?? .fault(member: nil, .reason(Self.notAnObject))
        let member: String?
        let reason: String
        switch read {
        case .transaction(let t): return .transaction(t)
        case .fault(let field, .reason(let text)): (member, reason) = (field, text)
        case .fault(let field, .unknownType(let value)):
            member = field
            reason = "unknown type \(Self.shortJSON(value.pointer)) (expected 0 = credit or 1 = debit)"
        case .fault(let field, .unknownStatus(let value)):
            member = field
            reason = "unknown status \(Self.shortJSON(value.pointer)) (expected \"booked\" or \"pending\")"
        }
        let path = "transactions[\(index)]" + (member.map { ".\($0)" } ?? "")
        let rawBytes = raw.map { Array($0) } ?? json.flatMap(Self.compactJSON) ?? Array("null".utf8)
        return .reject(Reject(origin: origin, path: path, reason: reason, raw: rawBytes))
    }

    /// The transaction in an element read by ``EnvelopeHead``, or nil when it is not one that
    /// passes every check (jansson's path then reads it again, and names the fault with the
    /// value as jansson writes it). Interns the vendor and appends details only when it
    /// returns a transaction.
    ///
    /// Static, of the normaliser's plain values: a closure that captured the normaliser copied
    /// its origin for every element, and two decoding threads retaining and releasing one string
    /// a million times each were 6–10% of the JSON row's CPU (perf).
    /// - Parameters:
    ///   - location: the record's place when records keep theirs (``jsonLocation(index:)``).
    static func transaction(
        plain element: EnvelopeHead.Value, scale: Int, location: String?, account: UInt32,
        vendors: inout VendorTable, details: inout [TransactionDetails]
    ) -> Transaction? {
        let read = Self.read(
            element, scale: scale, location: location, account: account, vendors: &vendors, details: &details)
        guard case .transaction(let t) = read else { return nil }
        return t
    }

    /// What the rules made of an element: a transaction, or the member at fault (nil: the
    /// element itself) and why.
    enum Read<Value> {
        case transaction(Transaction)
        case fault(member: String?, Fault<Value>)
    }

    /// The reason for an element that is no object (or no element at all).
    static let notAnObject = "transaction is not a JSON object"

    /// Why an element is no transaction; a value named in the message is the caller's to write.
    enum Fault<Value> {
        case reason(String)
        case unknownType(Value)
        case unknownStatus(Value)
    }

    /// The one set of rules for an envelope's transaction, over jansson's DOM and
    /// ``EnvelopeHead``'s nodes alike, so the two paths can never read an element differently.
    /// Members are checked in the order `type`, `vendor`, `amount`, `date`, `id`, `status`,
    /// `memo`; the first fault decides. One pass over the members, the last of a key given twice
    /// winning, as in jansson.
    static func read<Value: EnvelopeValue>(
        _ element: Value, scale: Int, location: String?, account: UInt32, vendors: inout VendorTable,
        details: inout [TransactionDetails]
    ) -> Read<Value> {
        func fault(_ member: String, _ reason: String) -> Read<Value> { .fault(member: member, .reason(reason)) }
        guard element.kind == .object else { return .fault(member: nil, .reason(notAnObject)) }
        var type, vendor, amount, date, id, status, memo: Value?
        element.forEachMember { key, value in
            switch key.count {
            case 2 where EnvelopeReader.key(key, is: "id"): id = value
            case 4 where EnvelopeReader.key(key, is: "type"): type = value
            case 4 where EnvelopeReader.key(key, is: "date"): date = value
            case 4 where EnvelopeReader.key(key, is: "memo"): memo = value
            case 6 where EnvelopeReader.key(key, is: "vendor"): vendor = value
            case 6 where EnvelopeReader.key(key, is: "amount"): amount = value
            case 6 where EnvelopeReader.key(key, is: "status"): status = value
            default: break
            }
        }

        guard let type else { return fault("type", "missing type") }
        guard type.kind == .integer, type.integer == 0 || type.integer == 1 else {
            return .fault(member: "type", .unknownType(type))
        }
        let isDebit = type.integer == 1

        guard let vendor else { return fault("vendor", "missing vendor") }
        guard let vendorBytes = vendor.stringBytes else { return fault("vendor", "vendor is not a string") }
        guard vendorBytes.count > 0 else { return fault("vendor", "vendor is empty") }
        guard vendorBytes.count <= TextLimits.vendor else {
            return fault("vendor", TextLimits.over("vendor", vendorBytes.count, TextLimits.vendor))
        }

        guard let amount else { return fault("amount", "missing amount") }
        let money: Money
        do {
            switch amount.kind {
            case .integer:
                guard amount.integer >= 0 else { throw AmountError.negative }
                money = try Money.parse(integer: amount.integer, scale: scale)
            case .real: money = try Money.parse(real: amount.real, scale: scale)
            default: throw AmountError.notANumber
            }
        } catch {
            return fault("amount", "\(error)")
        }

        guard let date else { return fault("date", "missing date") }
        guard let dateBytes = date.stringBytes else { return fault("date", "date is not a string") }
        let when: (unixSeconds: Int64, isCivil: Bool, offsetMinutes: Int16)
        do { when = try TransactionDate.readWithOffset(dateBytes.span) } catch { return fault("date", "\(error)") }

        // Optional: the bank's reference, booked or pending, and free text beside the payee.
        var idText: String?
        if let id, id.kind != .null {
            switch id.kind {
            case .integer: idText = String(id.integer)
            case .string:
                let bytes = id.stringBytes!
                guard bytes.count <= TextLimits.id else {
                    return fault("id", TextLimits.over("id", bytes.count, TextLimits.id))
                }
                idText = bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
            default: return fault("id", "id is not a string")
            }
        }
        var isPending = false
        if let status, status.kind != .null {
            switch status.stringBytes {
            case let bytes? where Self.text(bytes, is: "pending"): isPending = true
            case let bytes? where Self.text(bytes, is: "booked"): break
            default: return .fault(member: "status", .unknownStatus(status))
            }
        }
        var memoText: String?
        if let memo, memo.kind != .null {
            guard let bytes = memo.stringBytes else { return fault("memo", "memo is not a string") }
            guard bytes.count <= TextLimits.memo else {
                return fault("memo", TextLimits.over("memo", bytes.count, TextLimits.memo))
            }
            memoText = bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
        }

        let detailsIndex = TransactionDetails.index(
            id: idText, memo: memoText, location: location, appendingTo: &details)
        return .transaction(
            Transaction(
                unixSeconds: when.unixSeconds, amountMinor: money.minorUnits, vendor: vendors.intern(vendorBytes.span),
                account: account, isDebit: isDebit, isPending: isPending, isCivilDate: when.isCivil,
                details: detailsIndex, offsetMinutes: when.offsetMinutes))
    }

    /// Whether a string's bytes are `word`.
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, is word: StaticString) -> Bool {
        bytes.count == word.utf8CodeUnitCount && EnvelopeReader.key(bytes, is: word)
    }

    /// Where a JSON record is, when records keep their place (`--duplicates`): its path, after
    /// its envelope's place when that is not its text's first.
    func jsonLocation(index: Int) -> String? {
        keepsLocations ? (envelopePlace.map { $0 + " " } ?? "") + "transactions[\(index)]" : nil
    }

    /// An element jansson would not load because it holds a value jansson cannot represent (see
    /// `json_error_t.isUnrepresentableValue`: `1e400`, `\u0000`, a lone surrogate): valid JSON,
    /// so the record is rejected rather than the whole document failing. The path names the
    /// member that holds the value when it is a top-level member.
    ///
    /// - Parameters:
    ///   - error: jansson's failure on the whole element, for a value deeper in it.
    func unrepresentable(_ raw: UnsafeBufferPointer<UInt8>, index: Int, error: json_error_t) -> Reject {
        let scanner = JSONScanner(raw)
        var field: (name: String, error: json_error_t)?
        let start = scanner.skipWhitespace(from: 0, to: raw.count)
        if start < raw.count, raw[start] == UInt8(ascii: "{") {
            _ = try? scanner.forEachMember(ofObjectAt: start, limit: raw.count) { key, valueStart in
                let valueEnd = try scanner.endOfValue(at: valueStart, limit: raw.count)
                guard field == nil else { return valueEnd }
                var error = json_error_t()
                let json = janssonLoad(
                    UnsafeBufferPointer(rebasing: raw[valueStart..<valueEnd]), anyValue: true, &error)
                if let json {
                    json_decref(json)
                } else if error.isUnrepresentableValue {
                    let name = UnsafeBufferPointer(rebasing: raw[key])
                    field = (JSONStringEscapes.decode(name).map { String(decoding: $0, as: UTF8.self) } ?? "?", error)
                }
                return valueEnd
            }
        }
        var reason = (field?.error ?? error).unrepresentableReason(member: field?.name)
        var fieldError = field?.error ?? error
        if field?.name == "amount" && json_error_code(&fieldError) == json_error_numeric_overflow {
            reason = AmountError.tooLarge.description
        }
        let path = "transactions[\(index)]" + (field.map { ".\($0.name)" } ?? "")
        return Reject(origin: origin, path: path, reason: reason, raw: Array(raw))
    }

    /// A value as compact JSON for a message (`"1"`, `2`, `null`), cut after 40 bytes.
    static func shortJSON(_ value: UnsafeMutablePointer<json_t>) -> String {
        guard let bytes = compactJSON(value) else { return "value" }
        let text = String(decoding: bytes.prefix(40), as: UTF8.self)
        return bytes.count > 40 ? text + "…" : text
    }

    /// A value as jansson writes it compactly; nil when it cannot.
    static func compactJSON(_ value: UnsafeMutablePointer<json_t>) -> [UInt8]? {
        guard let dumped = json_dumps(value, Int(JSON_COMPACT | JSON_ENCODE_ANY)) else { return nil }
        defer { free(dumped) }
        return Array(UnsafeRawBufferPointer(start: dumped, count: strlen(dumped)))
    }
}
