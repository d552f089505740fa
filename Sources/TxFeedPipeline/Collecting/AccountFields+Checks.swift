import TxFeedModel

extension AccountFields {
    /// The account a plugin gave as plain fields (`begin_account_fields`), checked by the
    /// envelope's rules: a name, a known currency, a balance with at most its decimals.
    /// - Parameters:
    ///   - origin: the plugin's name for it, which its failure names.
    func account(origin: String, sourceIndex: Int, failures: inout [String]) -> Account? {
        let fields = self
        func fail(_ reason: String) -> Account? {
            failures.append("\(origin): begin_account_fields: \(reason)")
            return nil
        }
        let id = fields.id?.isEmpty == true ? nil : fields.id
        // In `Account.Text` order; no array of them: an account of one record paid for each.
        let texts = (fields.name, id, fields.currency, fields.profileID, fields.firstName, fields.lastName)
        var length = origin.utf8.count
        func check(_ field: String, _ text: UnsafeBufferPointer<UInt8>?) -> Bool {
            guard let text else { return true }
            length += text.count
            if JSONString.isValidUTF8(text) { return true }
            _ = fail("\(field) is not valid UTF-8")
            return false
        }
        guard check("name", texts.0), check("id", texts.1), check("currency", texts.2),
            check("profile_id", texts.3), check("first_name", texts.4), check("last_name", texts.5)
        else { return nil }
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
        var account = Account.Texts(capacity: length)
        account.append(name)
        account.append(texts.1)
        account.append(texts.2)
        account.append(texts.3)
        account.append(texts.4)
        account.append(texts.5)
        account.append(origin)
        return Account(account, balance: balance, profile: fields.hasProfile, source: sourceIndex, scale: scale)
    }
}
