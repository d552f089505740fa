import TxFeedModel

extension AccountFields {
    /// The account a plugin gave as plain fields (`begin_account_fields`), checked by the
    /// envelope's rules: a name, a known currency, a balance with at most its decimals.
    /// - Parameters:
    ///   - origin: the plugin's name for it, which its failure names.
    func account(origin: String, sourceIndex: Int, failures: inout [String]) -> Account? {
        let fields = self
        func fail(_ reason: String) -> Account? {
            failures.append("\(origin): the account's \(reason)")
            return nil
        }
        let id = fields.id?.isEmpty == true ? nil : fields.id
        let texts = origin.withUTF8Bytes {
            Account.Texts(
                name: fields.name, id: id, currency: fields.currency, profileID: fields.profileID,
                firstName: fields.firstName, lastName: fields.lastName, origin: $0)
        }
        // The texts checked together, as they lie; field by field only to name the one that is not.
        if !texts.eachIsValidUTF8 {
            func check(_ field: String, _ text: UnsafeBufferPointer<UInt8>?) -> Bool {
                guard let text else { return true }
                if JSONString.isValidUTF8(text) { return true }
                _ = fail("\(field) is not valid UTF-8")
                return false
            }
            guard check("name", fields.name), check("id", id), check("currency", fields.currency),
                check("profile_id", fields.profileID), check("first_name", fields.firstName),
                check("last_name", fields.lastName)
            else { return nil }
        }
        guard let name = fields.name else { return fail("name is missing") }
        guard name.count <= TextLimits.account else {
            return fail(TextLimits.over("name", name.count, TextLimits.account))
        }
        guard let scale = CurrencyScale.decimals(forCurrencyCodeBytes: fields.currency?.span) else {
            return fail(CurrencyScale.refusal(of: fields.currency.map { String(decoding: $0, as: UTF8.self) } ?? ""))
        }
        var balance: Money?
        if let text = fields.balance {
            do {
                balance = try Money.parse(signedDecimalText: text.span, scale: scale)
            } catch {
                return fail("balance \"\(String(decoding: text.prefix(40), as: UTF8.self))\": \(error)")
            }
        }
        return Account(texts, balance: balance, profile: fields.hasProfile, source: sourceIndex, scale: scale)
    }
}
