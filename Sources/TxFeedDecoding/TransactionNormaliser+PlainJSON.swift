import TxFeedModel

/// A transaction element read from ``EnvelopeHead``'s nodes, without a jansson DOM: building
/// and freeing one per transaction was three quarters of the JSON path's work.
///
/// Only the case where every check passes: the head reads only what jansson reads the same
/// (it declines escapes, edge numbers, invalid UTF-8), and anything the rules would reject
/// returns nil, so jansson's path reads the element again and its messages stay the only ones.
extension TransactionNormaliser {
    /// The transaction in `element`, or nil when the element is not one that passes every check.
    /// Interns the vendor and appends details only when it returns a transaction.
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
        guard element.kind == .object else { return nil }
        // One pass over the members, the last of a key given twice winning, as in jansson.
        var type, vendor, amount, date, id, status, memo: EnvelopeHead.Value?
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
        guard let type, type.kind == .integer, type.integer == 0 || type.integer == 1 else { return nil }
        let isDebit = type.integer == 1
        guard let vendorBytes = vendor?.stringBytes, vendorBytes.count > 0, vendorBytes.count <= TextLimits.vendor
        else { return nil }

        guard let amount else { return nil }
        let money: Money
        switch amount.kind {
        case .integer:
            guard amount.integer >= 0, let m = try? Money.parse(integer: amount.integer, scale: scale) else {
                return nil
            }
            money = m
        case .real:
            guard let m = try? Money.parse(real: amount.real, scale: scale) else { return nil }
            money = m
        default: return nil
        }

        guard let dateBytes = date?.stringBytes, let when = try? TransactionDate.readWithOffset(dateBytes.span) else {
            return nil
        }

        var idText: String?
        if let id, id.kind != .null {
            switch id.kind {
            case .integer: idText = String(id.integer)
            case .string:
                let bytes = id.stringBytes!
                guard bytes.count <= TextLimits.id else { return nil }
                idText = bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
            default: return nil
            }
        }
        var isPending = false
        if let status, status.kind != .null {
            guard let bytes = status.stringBytes else { return nil }
            if Self.text(bytes, is: "pending") {
                isPending = true
            } else if !Self.text(bytes, is: "booked") {
                return nil
            }
        }
        var memoText: String?
        if let memo, memo.kind != .null {
            guard let bytes = memo.stringBytes, bytes.count <= TextLimits.memo else { return nil }
            memoText = bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
        }

        let detailsIndex = TransactionDetails.index(
            id: idText, memo: memoText, location: location, appendingTo: &details)
        return Transaction(
            unixSeconds: when.unixSeconds, amountMinor: money.minorUnits, vendor: vendors.intern(vendorBytes.span),
            account: account, isDebit: isDebit, isPending: isPending, isCivilDate: when.isCivil,
            details: detailsIndex, offsetMinutes: when.offsetMinutes)
    }

    /// ``transaction(plain:scale:location:account:vendors:details:)`` with this normaliser's
    /// values, for one element at a time (a small envelope's).
    func transaction(
        plain element: EnvelopeHead.Value, index: Int, account: UInt32, vendors: inout VendorTable,
        details: inout [TransactionDetails]
    ) -> Transaction? {
        Self.transaction(
            plain: element, scale: scale, location: jsonLocation(index: index), account: account, vendors: &vendors,
            details: &details)
    }

    /// Whether a string's bytes are `word`.
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, is word: StaticString) -> Bool {
        bytes.count == word.utf8CodeUnitCount && EnvelopeReader.key(bytes, is: word)
    }
}
