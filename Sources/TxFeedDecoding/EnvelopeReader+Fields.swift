import TxFeedModel

extension EnvelopeReader {
    /// The account a plugin gave as plain fields (`begin_account_fields`), checked by the
    /// envelope's rules: a name, a known currency, a balance with at most its decimals.
    func readAccount(_ fields: AccountFields, failures: inout [String]) -> Account? {
        func fail(_ reason: String) -> Account? {
            failures.append("\(origin): begin_account_fields: \(reason)")
            return nil
        }
        for (field, text) in [
            ("name", fields.name), ("id", fields.id), ("currency", fields.currency), ("profile_id", fields.profileID),
            ("first_name", fields.firstName), ("last_name", fields.lastName),
        ] {
            if let text, !JSONString.isValidUTF8(text) { return fail("\(field) is not valid UTF-8") }
        }
        guard let name = fields.name else { return fail("name is missing") }
        guard name.count <= TextLimits.account else {
            return fail(TextLimits.over("name", name.count, TextLimits.account))
        }
        guard let scale = CurrencyScale.decimals(forCurrencyCodeBytes: fields.currency) else {
            let shown = fields.currency.map { String(decoding: $0.prefix(40), as: UTF8.self) } ?? ""
            return fail("currency \"\(shown)\" is not an ISO 4217 currency code")
        }
        var balance: Money?
        if let text = fields.balance {
            do {
                let (money, negative) = try Money.parse(decimalText: text, scale: scale)
                balance = Money(minorUnits: negative ? -money.minorUnits : money.minorUnits, scale: scale)
            } catch {
                return fail("balance \"\(String(decoding: text.prefix(40), as: UTF8.self))\": \(error)")
            }
        }
        let id = fields.id?.isEmpty == true ? nil : fields.id
        let texts = [name, id, fields.currency, fields.profileID, fields.firstName, fields.lastName]
        var account = Account.Texts(capacity: texts.reduce(origin.utf8.count) { $0 + ($1?.count ?? 0) })
        for text in texts { account.append(text) }
        account.append(origin)
        return Account(account, balance: balance, profile: fields.hasProfile, source: sourceIndex, scale: scale)
    }
}
