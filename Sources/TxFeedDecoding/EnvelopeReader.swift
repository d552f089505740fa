import Glibc
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
    func readAccount<Value: EnvelopeValue>(
        _ root: Value, place: @autoclosure () -> String, failures: inout [String]
    ) -> Account? {
        func fail(_ reason: String) -> Account? {
            failures.append("\(place()): \(reason)")
            return nil
        }
        guard root.kind == .object else { return fail("an envelope must be a JSON object") }
        // Read only for a message: a million envelopes that read fine never need it.
        var message: String? { root.member("message")?.string }
        // One pass over the root's members, as over the body's below.
        var status, body: Value?
        root.forEachMember { key, value in
            switch key.count {
            case 4 where Self.key(key, is: "body"): body = value
            case 6 where Self.key(key, is: "status"): status = value
            default: break
            }
        }
        if let status {
            guard status.kind == .integer else { return fail("status is not an integer") }
            let code = status.integer
            if code != 200 {
                return fail("envelope status \(code)" + (message.map { ": \($0)" } ?? ""))
            }
        }
        guard let body else { return fail("envelope has no body") }
        if body.kind == .null {
            return fail("envelope body is null" + (message.map { ": \($0)" } ?? ""))
        }
        guard body.kind == .object else { return fail("body is not an object") }

        // One pass over the body for what it is read for: a lookup each walked its members again.
        var transactions, name, currency, balance, profile, id: Value?
        body.forEachMember { key, value in
            switch key.count {
            case 2 where Self.key(key, is: "id"): id = value
            case 4 where Self.key(key, is: "name"): name = value
            case 7 where Self.key(key, is: "profile"): profile = value
            case 8 where Self.key(key, is: "currency"): currency = value
            case 12 where Self.key(key, is: "transactions"): transactions = value
            case 14 where Self.key(key, is: "currentBalance"): balance = value
            default: break
            }
        }
        guard let transactions, transactions.kind == .array else {
            return fail(transactions == nil ? "body.transactions is missing" : "body.transactions is not an array")
        }
        guard let name = name?.stringBytes else {
            return fail("body.name is missing or not a string")
        }
        guard name.count <= TextLimits.account else {
            return fail(TextLimits.over("body.name", name.count, TextLimits.account))
        }
        var currencyCode: UnsafeBufferPointer<UInt8>?
        if let c = currency, c.kind != .null {
            guard let code = c.stringBytes else { return fail("body.currency is not a string") }
            currencyCode = code
        }
        guard let scale = CurrencyScale.decimals(forCurrencyCodeBytes: currencyCode?.span) else {
            return fail(
                "body." + CurrencyScale.refusal(of: currencyCode.map { String(decoding: $0, as: UTF8.self) } ?? ""))
        }
        var money: Money?
        if let b = balance, b.kind != .null {
            do {
                money = try Self.signedMoney(b, scale: scale)
            } catch {
                return fail("body.currentBalance: \(error)")
            }
        }
        var holder: (id: Value?, firstName: UnsafeBufferPointer<UInt8>?, lastName: UnsafeBufferPointer<UInt8>?)?
        if let p = profile, p.kind == .object {
            var id, firstName, lastName: Value?
            p.forEachMember { key, value in
                switch key.count {
                case 2 where Self.key(key, is: "id"): id = value
                case 8 where Self.key(key, is: "lastName"): lastName = value
                case 9 where Self.key(key, is: "firstName"): firstName = value
                default: break
                }
            }
            holder = (id, firstName?.stringBytes, lastName?.stringBytes)
        }
        var bankID: Value?
        if let v = id, v.kind != .null {
            guard v.kind == .integer || v.kind == .string else { return fail("body.id is not a string") }
            bankID = v
        }
        // The texts straight from the envelope's bytes, in one buffer: no String of each (an id
        // given as a number is written out first).
        let bankNumber = bankID.flatMap { $0.kind == .integer ? String($0.integer) : nil }
        let holderNumber = holder?.id.flatMap { $0.kind == .integer ? String($0.integer) : nil }
        let texts = Self.withBytes(bankNumber) { bankNumber in
            Self.withBytes(holderNumber) { holderNumber in
                origin.withUTF8Bytes { origin in
                    Account.Texts(
                        name: name, id: bankNumber ?? Self.stringText(bankID, emptyIsNone: true),
                        currency: currencyCode,
                        profileID: holderNumber ?? Self.stringText(holder?.id, emptyIsNone: false),
                        firstName: holder?.firstName, lastName: holder?.lastName, origin: origin)
                }
            }
        }
        return Account(texts, balance: money, profile: holder != nil, source: sourceIndex, scale: scale)
    }

    /// `body` on a text's bytes, or on nil.
    private static func withBytes<R>(_ text: String?, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        guard let text else { return body(nil) }
        return text.withUTF8Bytes { body($0) }
    }

    /// An id given as a string, as the account's text; nil when `value` is not one (or, with
    /// `emptyIsNone`, is empty).
    private static func stringText<Value: EnvelopeValue>(_ value: Value?, emptyIsNone: Bool) -> UnsafeBufferPointer<
        UInt8
    >? {
        guard let bytes = value?.stringBytes, !(emptyIsNone && bytes.isEmpty) else { return nil }
        return bytes
    }

    /// Whether `key` is `name`; the callers have matched its length already (they switch on it).
    static func key(_ key: UnsafeBufferPointer<UInt8>, is name: StaticString) -> Bool {
        memcmp(key.baseAddress!, name.utf8Start, name.utf8CodeUnitCount) == 0
    }

    /// A balance may be negative (overdrawn), unlike a transaction amount.
    static func signedMoney<Value: EnvelopeValue>(_ value: Value, scale: Int) throws -> Money {
        switch value.kind {
        case .integer:
            let v = value.integer
            var m = try Money.parse(
                integer: v.magnitude > Int64.max.magnitude ? Int64.max : Int64(v.magnitude), scale: scale)
            if v < 0 { m.minorUnits = -m.minorUnits }
            return m
        case .real:
            let v = value.real
            var m = try Money.parse(real: abs(v), scale: scale)
            if v < 0 { m.minorUnits = -m.minorUnits }
            return m
        default:
            throw AmountError.notANumber
        }
    }
}
