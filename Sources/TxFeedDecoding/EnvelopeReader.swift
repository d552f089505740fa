import CJansson
import TxFeedModel

/// Reads the envelope around the transactions: status, message and the account in `body`.
///
/// A status other than 200, a null body or a wrong shape fails the envelope (a document
/// failure with its place and reason); its transactions are then not read at all.
struct EnvelopeReader {
    var sourceIndex: Int
    var origin: String

    /// - Parameters:
    ///   - place: `origin:line:column` of the envelope, for messages: made only for one, not
    ///     for each of a million small envelopes that read fine.
    func readAccount(
        _ root: UnsafeMutablePointer<json_t>, place: @autoclosure () -> String, failures: inout [String]
    ) -> Account? {
        func fail(_ reason: String) -> Account? {
            failures.append("\(place()): \(reason)")
            return nil
        }
        guard root.pointee.type == JSON_OBJECT else { return fail("an envelope must be a JSON object") }
        let message = json_object_get(root, "message").flatMap(Self.string)
        if let status = json_object_get(root, "status") {
            guard status.pointee.type == JSON_INTEGER else { return fail("status is not an integer") }
            let code = json_integer_value(status)
            if code != 200 {
                return fail("envelope status \(code)" + (message.map { ": \($0)" } ?? ""))
            }
        }
        guard let body = json_object_get(root, "body") else { return fail("envelope has no body") }
        if body.pointee.type == JSON_NULL {
            return fail("envelope body is null" + (message.map { ": \($0)" } ?? ""))
        }
        guard body.pointee.type == JSON_OBJECT else { return fail("body is not an object") }

        let transactions = json_object_get(body, "transactions")
        guard let transactions, transactions.pointee.type == JSON_ARRAY else {
            return fail(transactions == nil ? "body.transactions is missing" : "body.transactions is not an array")
        }
        guard let nameValue = json_object_get(body, "name"), let name = Self.string(nameValue) else {
            return fail("body.name is missing or not a string")
        }
        guard name.utf8.count <= TextLimits.account else {
            return fail(TextLimits.over("body.name", name.utf8.count, TextLimits.account))
        }
        var currency: String?
        if let c = json_object_get(body, "currency"), c.pointee.type != JSON_NULL {
            guard let code = Self.string(c) else { return fail("body.currency is not a string") }
            currency = code
        }
        guard let scale = CurrencyScale.decimals(forCurrencyCode: currency) else {
            return fail("body.currency \"\(currency ?? "")\" is not an ISO 4217 currency code")
        }
        var balance: Money?
        if let b = json_object_get(body, "currentBalance"), b.pointee.type != JSON_NULL {
            do {
                balance = try Self.signedMoney(b, scale: scale)
            } catch {
                return fail("body.currentBalance: \(error)")
            }
        }
        var profile: Profile?
        if let p = json_object_get(body, "profile"), p.pointee.type == JSON_OBJECT {
            profile = Profile(
                id: json_object_get(p, "id").flatMap(Self.scalarText),
                firstName: json_object_get(p, "firstName").flatMap(Self.string),
                lastName: json_object_get(p, "lastName").flatMap(Self.string))
        }
        var id: String?
        if let v = json_object_get(body, "id"), v.pointee.type != JSON_NULL {
            guard let text = Self.scalarText(v) else { return fail("body.id is not a string") }
            id = text.isEmpty ? nil : text
        }
        return Account(
            name: name, id: id, balance: balance, currency: currency, profile: profile,
            source: sourceIndex, origin: origin, scale: scale)
    }

    /// A balance may be negative (overdrawn), unlike a transaction amount.
    static func signedMoney(_ value: UnsafeMutablePointer<json_t>, scale: Int) throws -> Money {
        switch value.pointee.type {
        case JSON_INTEGER:
            let v = json_integer_value(value)
            var m = try Money.parse(
                integer: v.magnitude > Int64.max.magnitude ? Int64.max : Int64(v.magnitude), scale: scale)
            if v < 0 { m.minorUnits = -m.minorUnits }
            return m
        case JSON_REAL:
            let v = json_real_value(value)
            var m = try Money.parse(real: abs(v), scale: scale)
            if v < 0 { m.minorUnits = -m.minorUnits }
            return m
        default:
            throw AmountError.notANumber
        }
    }

    static func string(_ value: UnsafeMutablePointer<json_t>) -> String? {
        guard value.pointee.type == JSON_STRING, let p = json_string_value(value) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: json_string_length(value)), as: UTF8.self)
    }

    /// Profile ids arrive as strings or numbers.
    static func scalarText(_ value: UnsafeMutablePointer<json_t>) -> String? {
        if value.pointee.type == JSON_INTEGER { return String(json_integer_value(value)) }
        return string(value)
    }
}
