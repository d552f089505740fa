import StatementText

/// One `STMTTRN`'s (or investment transaction's) leaves as they are read, then the entry (or the
/// reject) they make.
///
/// One value is reused for every transaction of a file: its buffers keep their capacity, and
/// the leaves the entry needs are kept as bytes until it is resolved.
struct OFXTransactionFields {
    /// The leaves an entry is made of, by their path below `STMTTRN`.
    enum Leaf: Int, CaseIterable {
        case amount, posted, user, name, payeeName, memo, fitid, transactionType, checkNumber
        /// An investment transaction's: `INVTRAN`'s `DTSETTLE` and `DTTRADE` (its `FITID` and
        /// `MEMO` are `fitid` and `memo`), `SECID`'s, and the rest by name.
        case settle, trade, uniqueID, uniqueIDType, units, unitPrice, total, incomeType
        /// A buy's or sale's `SUBACCTFUND` (where its money came from or went) and a 401(k)'s
        /// `INV401KSOURCE` (`PRETAX`, `MATCH`).
        case subAccountFund, source401k
        /// `CURRENCY/CURSYM`: the currency the amount is in, when not the statement's.
        case currencySymbol
        /// A pending entry's (`STMTTRNP`) date: `DTTRAN`.
        case transactionDate
        /// A correction's `CORRECTACTION` (`REPLACE`, `DELETE`) and the `CORRECTFITID` it corrects.
        case correctAction, correctFITID
    }

    /// `STMTRS[0].STMTTRN[17]`, `INVSTMTRS[0].BUYSTOCK[2]`.
    private(set) var location = ""
    /// `STMTTRN`, `BUYSTOCK`…: the transaction's element.
    private(set) var element: [UInt8] = []
    private(set) var pending = false
    /// Each leaf's text as read (libxml2 may hand a long text over in parts; a leaf written
    /// twice is one text).
    private var values = [[UInt8]](repeating: [], count: Leaf.allCases.count)
    /// Whether a leaf below `PAYEE` had text: the vendor is then `PAYEE.NAME`, never `NAME`.
    private var payeeGiven = false
    /// The transaction as XML: `<STMTTRN>`, what was read inside it, and `</STMTTRN>` once the
    /// walk has closed it.
    private(set) var raw: [UInt8] = []
    /// Where `CURRENCY/CURSYM` was below the transaction (`INVBUY.CURRENCY.CURSYM`).
    var currencyPath = ""

    /// Starts the next transaction.
    mutating func begin(element: [UInt8], location: String, pending: Bool) {
        self.element = element
        self.location = location
        self.pending = pending
        for index in values.indices { values[index].removeAll(keepingCapacity: true) }
        payeeGiven = false
        raw.removeAll(keepingCapacity: true)
        open(element)
    }

    // MARK: Reading

    /// A leaf's text (or a piece of it), `leaf` when the entry needs it.
    mutating func add(_ leaf: Leaf?, underPayee: Bool, _ value: Span<UInt8>) {
        if let leaf { SpanBytes.append(value, to: &values[leaf.rawValue]) }
        if underPayee { payeeGiven = true }
        // Without the line break an SGML leaf keeps up to the next tag.
        OFXText.appendEscaped(value, OFXText.trimmed(value), to: &raw)
    }

    mutating func open(_ name: [UInt8]) {
        raw.append(UInt8(ascii: "<"))
        raw.append(contentsOf: name)
        raw.append(UInt8(ascii: ">"))
    }

    mutating func close(_ name: [UInt8]) {
        raw.append(UInt8(ascii: "<"))
        raw.append(UInt8(ascii: "/"))
        raw.append(contentsOf: name)
        raw.append(UInt8(ascii: ">"))
    }

    // MARK: The entry

    /// The entry, or the first field that stops it, checked in the order amount, date, currency,
    /// direction, vendor. `currency` is the statement's `CURDEF`; `reading` how its amounts are
    /// read, `card` whether it is a credit-card statement.
    func resolved(
        currency: String?, decimals: Int?, reading: OFXAmountReading = .asWritten, card: Bool = false
    ) -> Result<OFXTransaction, OFXReject> {
        var amount: String
        let date: String
        // A pending entry (STMTTRNP) has no DTPOSTED: it is not posted yet. Its date is DTTRAN.
        let isPendingEntry = element.elementsEqual("STMTTRNP".utf8)
        switch amountAndDate(
            (.amount, "TRNAMT"), isPendingEntry ? (.transactionDate, "DTTRAN") : (.posted, "DTPOSTED"),
            else: isPendingEntry ? nil : (.user, "DTUSER"))
        {
        case let .success(read): (amount, date) = read
        case let .failure(reject): return .failure(reject)
        }
        if let foreign: Result<OFXTransaction, OFXReject> = foreignCurrency(statement: currency) { return foreign }
        if let excess: Result<OFXTransaction, OFXReject> = moreDecimals(amount, "TRNAMT", .amount, currency, decimals) {
            return excess
        }
        if reading != .asWritten {
            switch directed(amount, reading: reading, card: card) {
            case let .success(read): amount = read
            case let .failure(reject): return .failure(reject)
            }
        }
        var note: String?
        if let action = value(.correctAction).map(string) {
            switch correction(action) {
            case let .failure(reject): return .failure(reject)
            case let .success(read): note = read
            }
        }
        let memo = value(.memo)
        guard
            let vendorText = ((payeeGiven ? value(.payeeName) : nil) ?? value(.name) ?? memo).map(string)
                ?? typeAndNumber
        else {
            return reject(payeeGiven ? "PAYEE.NAME" : "NAME", "no NAME, PAYEE, MEMO or TRNTYPE to name the vendor")
        }
        let memoText = memo.map(string)
        return .success(
            OFXTransaction(
                date: date, vendor: vendorText, amount: amount, id: value(.fitid).map(string),
                memo: memoText == vendorText ? nil : memoText, pending: pending, location: location, raw: rawText,
                note: note))
    }

    /// The amount of a statement whose `DEBIT`s are not all written as OFX signs them, or the
    /// reject of one whose direction nothing settles. In an unsigned statement (``OFXAmountReading/absolute``)
    /// the `TRNTYPE` gives the direction (``OFXDirection``); a minus the bank did write is kept
    /// where the type allows it, and a type that does not say which way is not guessed. In a
    /// mixed one a `DEBIT` written positive contradicts itself or its statement: not read. A zero
    /// goes neither way and is read as it is.
    private func directed(_ amount: String, reading: OFXAmountReading, card: Bool) -> Result<String, OFXReject> {
        guard !OFXAmount.isZero(amount) else { return .success(amount) }
        let type = value(.transactionType).map(string)
        let negative = amount.hasPrefix("-")
        let written = value(.amount).map(Self.quoted) ?? amount
        let asIs = "(sign=as-is reads it as written)"
        switch reading {
        case .asWritten:
            return .success(amount)
        case .mixed:
            guard !negative, type?.uppercased() == "DEBIT" else { return .success(amount) }
            return reject(
                "TRNAMT",
                "\(written) is positive, but a DEBIT is money out, which OFX writes negative, as the statement's "
                    + "other DEBITs are: it is not known which way it went; not read \(asIs)")
        case .absolute:
            let unsigned = "the statement's amounts are unsigned (its DEBITs are all written positive)"
            switch OFXDirection(type: type, card: card) {
            case .moneyOut:
                return .success(negative ? amount : OFXAmount.negated(amount))
            case .moneyIn:
                guard negative else { return .success(amount) }
                return reject(
                    "TRNAMT",
                    "\(written) is negative, but a \(type ?? "") is money in and \(unsigned): not read \(asIs)")
            case .open:
                guard !negative else { return .success(amount) }
                guard let type else {
                    return reject("TRNTYPE", "missing TRNTYPE, which says which way the money went where \(unsigned)")
                }
                let which = card && ["PAYMENT", "REPEATPMT"].contains(type.uppercased()) ? " on a card" : ""
                return reject(
                    "TRNTYPE",
                    "\(type)\(which) does not say whether \(written) went out or came in, and \(unsigned): not read "
                        + asIs)
            }
        }
    }

    /// What a `CORRECTACTION` makes of the transaction: the reject of a correction of another
    /// transaction sent before (OFX 11.4.4.3), which txfeed does not apply (applied, it would
    /// remove or replace a record an earlier run may have imported; read as any, it counted
    /// twice); or, for a `REPLACE` that corrects nothing else, the note it is read with.
    ///
    /// The spec's `CORRECTFITID` is "the FITID of a previously sent transaction corrected by this
    /// record", and is required with `CORRECTACTION`. A `REPLACE` without one (Schwab's deposit of
    /// 151.62, which the file's `AVAILCASH` counts) or naming the entry's own `FITID` replaces
    /// nothing in the file: the entry is the transaction as the bank now has it. A `DELETE`
    /// without one does not say what it deletes: its amount is not read as money either way.
    private func correction(_ action: String) -> Result<String, OFXReject> {
        let fitid = value(.fitid).map(string)
        let replaces = action.uppercased() == "REPLACE"
        guard let corrected = value(.correctFITID).map(string) else {
            guard replaces else {
                return reject("CORRECTACTION", "\(action) without CORRECTFITID: it names no transaction; not read")
            }
            return .success(
                "\(location).CORRECTACTION: REPLACE without CORRECTFITID (which OFX requires with it) corrects "
                    + "nothing: read as a transaction")
        }
        guard corrected == fitid else {
            return reject(
                "CORRECTACTION",
                "\(action) of FITID \(corrected): a correction txfeed does not apply; FITID \(corrected) stays as "
                    + "it was read")
        }
        guard replaces else {
            return reject(
                "CORRECTACTION",
                "\(action) of its own FITID \(corrected): a correction txfeed does not apply; not read, and a FITID "
                    + "\(corrected) read before stays")
        }
        return .success(
            "\(location).CORRECTACTION: REPLACE of its own FITID \(corrected) corrects no other transaction: read as "
                + "this one (a FITID \(corrected) read before is not replaced)")
    }

    /// The amount (a plain signed decimal) and the date (in a host form), or the first of them
    /// that stops the entry: the date is `date`'s, else `fallback`'s when only it is given (as
    /// `DTUSER` stands in for `DTPOSTED`). `within` prefixes the fields' locations (`INVTRAN.`).
    func amountAndDate(
        _ amount: (leaf: Leaf, name: String), _ date: (leaf: Leaf, name: String),
        else fallback: (leaf: Leaf, name: String)?, within: String = ""
    ) -> Result<(amount: String, date: String), OFXReject> {
        guard let amountText = value(amount.leaf) else { return reject(amount.name, "missing \(amount.name)") }
        guard let normalized = OFXAmount.normalized(amountText.span) else {
            return reject(amount.name, "\(Self.quoted(amountText)) is not an amount")
        }
        let dateField = value(date.leaf) == nil ? fallback.flatMap { value($0.leaf) == nil ? nil : $0 } ?? date : date
        guard let dateText = value(dateField.leaf) else {
            return reject(within + date.name, "missing \(date.name)" + (fallback.map { " (and \($0.name))" } ?? ""))
        }
        guard let converted = OFXDate.converted(dateText.span) else {
            return reject(
                within + dateField.name,
                "\(Self.quoted(dateText)) is not an OFX date (YYYYMMDD[HHMMSS[.XXX][[±H:TZ]]])")
        }
        return .success((normalized, converted))
    }

    /// The reject of an amount in another currency than the statement's: a `CURRENCY` aggregate
    /// says the amounts are in its `CURSYM` (OFX spec 5.2, Currency; `ORIGCURRENCY` says they were
    /// converted to `CURDEF` already, and is read as any). `CURRATE` is not applied: a rate
    /// rounds, and the account's amounts must be the bank's. Nil when `CURSYM` is `CURDEF`.
    func foreignCurrency<Entry>(statement currency: String?) -> Result<Entry, OFXReject>? {
        guard let symbol = value(.currencySymbol).map(string),
            symbol.uppercased() != currency?.uppercased()
        else { return nil }
        let account = currency.map { "the statement's \($0)" } ?? "the statement, which has no CURDEF"
        return reject(
            currencyPath,
            "the amount is in \(symbol) (CURRENCY), not in \(account): not converted at CURRATE")
    }

    /// The reject of an amount with more decimals than the statement's currency has (Fidelity's
    /// `TRNAMT` `+00000000000115.8331` USD): which cent it is, nothing says (ofxparse and ofxtools
    /// keep 115.8331; the file has no balance, units or price to check it by), and txfeed never
    /// rounds. Said here with the field, the record's `FITID` and the text as written; the host
    /// refused it as `amount has more than 2 decimals`, naming neither. Nil when it has no more.
    func moreDecimals<Entry>(
        _ amount: String, _ name: String, _ leaf: Leaf, _ currency: String?, _ decimals: Int?
    ) -> Result<Entry, OFXReject>? {
        // Made only for a reject: asked of every amount, it cost 3% of a bank statement.
        var fitid: String { value(.fitid).map { " (FITID \(string($0)))" } ?? "" }
        if OFXAmount.hasThreeDecimals(amount), let text = value(leaf),
            OFXAmount.isCommaBeforeThreeDigits(text.span, decimals: decimals)
        {
            return reject(
                name,
                "\(Self.quoted(text))\(fitid): "
                    + OFXAmount.commaBeforeThreeDigits(currency: currency, decimals: decimals) + ": not read")
        }
        guard let decimals = OFXAmount.decimalsExceeded(by: amount, decimals: decimals) else { return nil }
        return reject(
            name,
            "\(value(leaf).map(Self.quoted) ?? amount)\(fitid) has more decimals than \(currency ?? "")'s \(decimals): "
                + "not rounded, not read")
    }

    /// `CHECK 1234`, `DEBIT`: what names a transaction with no `NAME`, `PAYEE` or `MEMO` (all
    /// optional in OFX), from its `TRNTYPE` and `CHECKNUM`.
    private var typeAndNumber: String? {
        let type = value(.transactionType).map(string)
        let number = value(.checkNumber).map(string)
        guard type != nil || number != nil else { return nil }
        return [type ?? "CHECK", number].compactMap { $0 }.joined(separator: " ")
    }

    /// A leaf's text without the blanks around it; nil when absent or blank.
    func value(_ leaf: Leaf) -> ArraySlice<UInt8>? {
        let bytes = values[leaf.rawValue]
        guard !bytes.isEmpty else { return nil }
        let range = OFXText.trimmed(bytes.span)
        return range.isEmpty ? nil : bytes[range]
    }

    /// The transaction as XML, its end tag included (the walk closes it before resolving it).
    var rawText: String { String(decoding: raw, as: UTF8.self) }

    func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    func reject<Entry>(_ field: String, _ reason: String) -> Result<Entry, OFXReject> {
        .failure(OFXReject(location: "\(location).\(field)", reason: reason, raw: rawText))
    }

    static func quoted(_ text: ArraySlice<UInt8>) -> String { "\"\(String(decoding: text, as: UTF8.self))\"" }
}
