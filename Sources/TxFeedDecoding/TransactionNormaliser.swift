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

    /// Normalises into `data`, whose last account the transaction belongs to.
    mutating func add(
        _ json: UnsafeMutablePointer<json_t>?, index: Int, raw: UnsafeBufferPointer<UInt8>?, into data: inout SourceData
    ) {
        let account = UInt32(data.accounts.count - 1)
        switch normalise(json, index: index, raw: raw, account: account, vendors: &data.vendors, details: &data.details)
        {
        case let .transaction(t): data.transactions.append(t)
        case let .reject(r): data.rejects.append(r)
        }
    }

    /// - Parameters:
    ///   - raw: the element's own JSON text when it came from text, kept for `--rejects`.
    ///   - vendors: where the vendor name is interned.
    ///   - details: where a bank id or memo is kept, when the transaction has either.
    func normalise(
        _ json: UnsafeMutablePointer<json_t>?, index: Int, raw: UnsafeBufferPointer<UInt8>?,
        account: UInt32, vendors: inout VendorTable, details: inout [TransactionDetails]
    ) -> Outcome {
        func reject(_ field: String?, _ reason: String) -> Outcome {
            let path = "transactions[\(index)]" + (field.map { ".\($0)" } ?? "")
            let rawBytes: [UInt8]
            if let raw {
                rawBytes = Array(raw)
            } else if let json, let dumped = json_dumps(json, Int(JSON_COMPACT | JSON_ENCODE_ANY)) {
                rawBytes = Array(UnsafeRawBufferPointer(start: dumped, count: strlen(dumped)))
                free(dumped)
            } else {
                rawBytes = Array("null".utf8)
            }
            return .reject(Reject(origin: origin, path: path, reason: reason, raw: rawBytes))
        }
        guard let json, json.pointee.type == JSON_OBJECT else {
            return reject(nil, "transaction is not a JSON object")
        }

        let isDebit: Bool
        switch json_object_get(json, "type") {
        case nil: return reject("type", "missing type")
        case let t? where t.pointee.type == JSON_INTEGER && json_integer_value(t) == 0: isDebit = false
        case let t? where t.pointee.type == JSON_INTEGER && json_integer_value(t) == 1: isDebit = true
        case let t?:
            return reject("type", "unknown type \(Self.shortJSON(t)) (expected 0 = credit or 1 = debit)")
        }

        guard let vendor = json_object_get(json, "vendor") else { return reject("vendor", "missing vendor") }
        guard vendor.pointee.type == JSON_STRING else { return reject("vendor", "vendor is not a string") }
        let vendorLength = json_string_length(vendor)
        guard vendorLength > 0 else { return reject("vendor", "vendor is empty") }
        guard vendorLength <= TextLimits.vendor else {
            return reject("vendor", TextLimits.over("vendor", vendorLength, TextLimits.vendor))
        }

        guard let amountValue = json_object_get(json, "amount") else { return reject("amount", "missing amount") }
        let amount: Money
        do {
            switch amountValue.pointee.type {
            case JSON_INTEGER:
                let v = json_integer_value(amountValue)
                guard v >= 0 else { throw AmountError.negative }
                amount = try Money.parse(integer: v, scale: scale)
            case JSON_REAL: amount = try Money.parse(real: json_real_value(amountValue), scale: scale)
            default: throw AmountError.notANumber
            }
        } catch {
            return reject("amount", "\(error)")
        }

        guard let dateValue = json_object_get(json, "date") else { return reject("date", "missing date") }
        guard dateValue.pointee.type == JSON_STRING, let datePointer = json_string_value(dateValue) else {
            return reject("date", "date is not a string")
        }
        let date: (unixSeconds: Int64, isCivil: Bool, offsetMinutes: Int16)
        do {
            date = try datePointer.withMemoryRebound(to: UInt8.self, capacity: json_string_length(dateValue)) {
                try TransactionDate.readWithOffset(
                    UnsafeBufferPointer(start: $0, count: json_string_length(dateValue)).span)
            }
        } catch {
            return reject("date", "\(error)")
        }

        // Optional: the bank's reference, booked or pending, and free text beside the payee. An
        // object of just the four members above has none of them (and most have just those).
        var id: String?
        var isPending = false
        var memo: String?
        if json_object_size(json) > 4 {
            if let v = json_object_get(json, "id"), v.pointee.type != JSON_NULL {
                guard let text = EnvelopeReader.scalarText(v) else { return reject("id", "id is not a string") }
                guard text.utf8.count <= TextLimits.id else {
                    return reject("id", TextLimits.over("id", text.utf8.count, TextLimits.id))
                }
                id = text.isEmpty ? nil : text
            }
            if let v = json_object_get(json, "status"), v.pointee.type != JSON_NULL {
                switch EnvelopeReader.string(v) {
                case "booked": isPending = false
                case "pending": isPending = true
                default:
                    return reject("status", "unknown status \(Self.shortJSON(v)) (expected \"booked\" or \"pending\")")
                }
            }
            if let v = json_object_get(json, "memo"), v.pointee.type != JSON_NULL {
                guard let text = EnvelopeReader.string(v) else { return reject("memo", "memo is not a string") }
                guard text.utf8.count <= TextLimits.memo else {
                    return reject("memo", TextLimits.over("memo", text.utf8.count, TextLimits.memo))
                }
                memo = text.isEmpty ? nil : text
            }
        }
        let detailsIndex = TransactionDetails.index(
            id: id, memo: memo, location: jsonLocation(index: index), appendingTo: &details)

        let vendorID = json_string_value(vendor)!.withMemoryRebound(to: UInt8.self, capacity: vendorLength) {
            vendors.intern(UnsafeBufferPointer(start: $0, count: vendorLength).span)
        }
        return .transaction(
            Transaction(
                unixSeconds: date.unixSeconds, amountMinor: amount.minorUnits, vendor: vendorID, account: account,
                isDebit: isDebit, isPending: isPending, isCivilDate: date.isCivil, details: detailsIndex,
                offsetMinutes: date.offsetMinutes))
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
                let json = (raw.baseAddress! + valueStart).withMemoryRebound(
                    to: CChar.self, capacity: valueEnd - valueStart
                ) {
                    json_loadb($0, valueEnd - valueStart, Int(JSON_DECODE_ANY), &error)
                }
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
        guard let dumped = json_dumps(value, Int(JSON_COMPACT | JSON_ENCODE_ANY)) else { return "value" }
        defer { free(dumped) }
        let bytes = UnsafeRawBufferPointer(start: dumped, count: strlen(dumped))
        let text = String(decoding: bytes.prefix(40), as: UTF8.self)
        return bytes.count > 40 ? text + "…" : text
    }
}
