import CSVCells

/// Which column plays which role, and why: options first, then header names, then content.
///
/// Content overrides a header where the two disagree on what cannot be mistaken: a column of a
/// few debit/credit words is an indicator even under `Details`, and a column that is the
/// running total of another is the balance even under `Amount`.
struct ColumnRoles: Sendable {
    /// Role to 0-based column.
    private(set) var columns: [ColumnRole: Int] = [:]
    /// Why a column got its role when the header alone would not say: `running total`.
    private(set) var reasons: [Int: String] = [:]
    private(set) var problems: [String] = []
    /// A column naming the entry's kind (`Type`) and playing no role: the payee of a row whose
    /// payee and memo are empty (PayPal's `Bank Deposit to PP Account`), rather than a reject.
    private(set) var kind: Int?

    subscript(role: ColumnRole) -> Int? { columns[role] }

    /// The role of a column, if it has one: the first in ``ColumnRole``'s order when it has two
    /// (a payee column that is also `vendor-debit`).
    func role(of column: Int) -> ColumnRole? {
        ColumnRole.allCases.first { columns[$0] == column }
    }

    /// The `date-format` given: a column under a date's header whose cells it reads is the date,
    /// though no format txfeed infers reads them (Bangkok Bank's `01 Mar 2024 10:15`).
    private var givenDateFormat: DatePattern?

    init(profiles: [ColumnProfile], hasHeader: Bool, settings: CSVSettings) {
        givenDateFormat = settings.dateFormat
        var fixed: Set<ColumnRole> = []
        resolveOptions(profiles: profiles, settings: settings, fixed: &fixed)
        // A payee column per side leaves `vendor` for rows whose side's column is empty (or that
        // move nothing): the money-out payee's column, unless one is named.
        if columns[.vendor] == nil, let side = columns[.vendorDebit] ?? columns[.vendorCredit] {
            columns[.vendor] = side
            fixed.insert(.vendor)
        }
        if hasHeader {
            assignFromHeaders(profiles)
            if columns[.account] == nil, !settings.oneAccount, let column = accountColumn(profiles) {
                columns[.account] = column
                reasons[column] = "the rows' accounts"
            }
        }
        assignFromContent(profiles, fixed: fixed, settings: settings)
        dropForeignCurrency(profiles, fixed: fixed)
        // A net amount (PayPal's Gross, Fee, Net) has its fee taken already.
        if let amount = columns[.amount], let fee = columns[.fee], !fixed.contains(.fee),
            let header = profiles[amount].header,
            HeaderVocabulary.netAmountNames.contains(HeaderVocabulary.normaliseHeader(header))
        {
            columns[.fee] = nil
            reasons[fee] = nil
        }
        if let vendor = columns[.vendor],
            let column = profiles.indices.first(where: {
                !isTaken($0) && !profiles[$0].isEmpty && HeaderVocabulary.namesAKind(profiles[$0].header ?? "")
            })
        {
            kind = column
            let said = "\(column + 1)" + (profiles[column].header.map { " \"\($0)\"" } ?? "") + " where empty"
            reasons[vendor] = reasons[vendor].map { "\($0); \(said)" } ?? said
        }
        checkRequired(profiles)
    }

    // MARK: - Options

    private mutating func resolveOptions(profiles: [ColumnProfile], settings: CSVSettings, fixed: inout Set<ColumnRole>)
    {
        for role in ColumnRole.allCases {
            guard let reference = settings.columns[role] else { continue }
            switch reference {
            case .index(let position):
                guard position <= profiles.count else {
                    problems.append("\(role.rawValue) \(position): the table has \(profiles.count) columns")
                    continue
                }
                columns[role] = position - 1
            case .name(let name):
                let wanted = HeaderVocabulary.normalise(name)
                guard
                    let column = profiles.firstIndex(where: {
                        $0.header.map(HeaderVocabulary.normalise) == wanted
                    })
                else {
                    let headers = profiles.compactMap(\.header).filter { !$0.isEmpty }.map { CellQuote.text($0) }
                    let known =
                        headers.isEmpty ? "the file has no header: give a position" : headers.joined(separator: ", ")
                    // `currency=EUR` means the code, not a column: the option for that is another.
                    let code = name.count == 3 && name.allSatisfy { $0.isASCII && $0.isLetter }
                    let hint =
                        role == .currency && code
                        ? "; for \(name.uppercased()) on every row set default-currency=\(name.uppercased())" : ""
                    problems.append("\(role.rawValue) \"\(name)\": no such column (\(known))\(hint)")
                    continue
                }
                columns[role] = column
            }
            fixed.insert(role)
        }
    }

    // MARK: - Header names

    private mutating func assignFromHeaders(_ profiles: [ColumnProfile]) {
        var candidates: [ColumnRole: [(rank: Int, column: Int)]] = [:]
        for (column, profile) in profiles.enumerated() {
            guard let header = profile.header, !isTaken(column) else { continue }
            for (role, rank) in HeaderVocabulary.roles(of: header)
            where Self.content(profile, fits: role) || (role == .date && readsAsGivenDates(profile)) {
                candidates[role, default: []].append((rank, column))
            }
        }
        assignSidedPayees(profiles)
        let order: [ColumnRole] = [
            .date, .amount, .debit, .credit, .balance, .currency, .indicator, .vendor, .memo, .id, .status, .fee,
        ]
        for role in order where columns[role] == nil {
            // Debit and credit named in the options are the money: Deutsche Bank's older export
            // has a `Betrag` header over empty cells beside them.
            if role == .amount, columns[.debit] != nil, columns[.credit] != nil { continue }
            let free = (candidates[role] ?? []).filter { !isTaken($0.column) }
            guard let best = free.min(by: { $0.rank < $1.rank }) else { continue }
            // A value date (`Fecha valor`, `Data valor`) beside a column of dates under a name
            // not known (Bankinter's `FECHA CONTABLE` was, before it was added): that column is
            // the booking date, the value date only the day interest counts from.
            if role == .date, best.rank >= HeaderVocabulary.valueDateRank,
                let booking = profiles.indices.first(where: { column in
                    !isTaken(column) && profiles[column].isDates
                        && !HeaderVocabulary.roles(of: profiles[column].header ?? "").contains { $0.role == .date }
                })
            {
                columns[.date] = booking
                reasons[booking] = "dates, before the value date \"\(profiles[best.column].header ?? "")\""
                continue
            }
            columns[role] = best.column
            // Two `Währung` columns (ING's `Saldo;Währung;Betrag;Währung`): each names the money
            // before it, and the amount's is the one right after the amount.
            if role == .currency, let amount = columns[.amount] ?? columns[.debit],
                free.filter({ $0.rank == best.rank }).count >= 2,
                free.contains(where: { $0.column == amount + 1 && $0.rank == best.rank })
            {
                columns[.currency] = amount + 1
                reasons[amount + 1] = "after the amount"
            }
        }
    }

    /// A `Currency` column beside an amount whose header names its own (Up's `Total (AUD)` beside
    /// the `Currency` of a purchase abroad) is the foreign money's, where it names another: the
    /// amount's header says its currency. Taken as the rows' currency, an AUD total was written
    /// as USD, in an account of its own.
    private mutating func dropForeignCurrency(_ profiles: [ColumnProfile], fixed: Set<ColumnRole>) {
        guard let currency = columns[.currency], !fixed.contains(.currency) else { return }
        for role in [ColumnRole.amount, .debit, .credit] {
            guard let column = columns[role], let header = profiles[column].header,
                let (_, code) = HeaderVocabulary.moneyHeaderCurrency(header)
            else { continue }
            if profiles[currency].values.contains(where: { !$0.isEmpty && $0.uppercased() != code }) {
                columns[.currency] = nil
                reasons[currency] = nil
            }
            return
        }
    }

    /// The column whose header names each row's own account (``HeaderVocabulary/accountNames``),
    /// names or numbers (a card's sixteen digits read as an amount): whether it names more than
    /// one is known only once every row is read.
    private func accountColumn(_ profiles: [ColumnProfile]) -> Int? {
        profiles.indices.first { column in
            let profile = profiles[column]
            return !isTaken(column) && HeaderVocabulary.namesTheAccount(profile.header ?? "") && !profile.isDateShaped
        }
    }

    /// A pair of headers naming the other party per side (``HeaderVocabulary/sidedPayees``) is
    /// `vendor-debit` and `vendor-credit`, the money-out one the vendor: either alone as the
    /// payee is the account holder's own name on half the rows.
    private mutating func assignSidedPayees(_ profiles: [ColumnProfile]) {
        guard columns[.vendor] == nil, columns[.vendorDebit] == nil, columns[.vendorCredit] == nil else { return }
        func column(named name: String) -> Int? {
            profiles.indices.first { !isTaken($0) && profiles[$0].header.map(HeaderVocabulary.normalise) == name }
        }
        for pair in HeaderVocabulary.sidedPayees {
            guard let debit = column(named: pair.debit), let credit = column(named: pair.credit) else { continue }
            columns[.vendorDebit] = debit
            columns[.vendorCredit] = credit
            columns[.vendor] = debit
            reasons[debit] = "the payee of money out"
            reasons[credit] = "the payer of money in"
            return
        }
    }

    /// Whether most of a column's cells read with the given `date-format`.
    private func readsAsGivenDates(_ profile: ColumnProfile) -> Bool {
        guard let pattern = givenDateFormat else { return false }
        let cells = profile.values.filter { !$0.isEmpty }
        return !cells.isEmpty && cells.count { pattern.parse(Array($0.utf8).span) != nil } * 2 >= cells.count
    }

    /// Whether a column's content allows the role its header names: a `Valuta` of dates is a
    /// value date, one of codes a currency.
    private static func content(_ profile: ColumnProfile, fits role: ColumnRole) -> Bool {
        // A column with nothing in it (a table without rows) cannot contradict its header.
        if profile.isEmpty { return true }
        return switch role {
        case .date: profile.isMostlyDates
        case .amount, .balance: profile.isMostlyAmounts
        case .debit, .credit, .fee: profile.isMostlyAmounts
        case .currency: profile.isCurrencies
        case .indicator: profile.isMostlyIndicator
        case .vendor, .vendorDebit, .vendorCredit, .memo: !profile.isIndicator && !profile.isDateShaped
        case .id, .status, .account: true
        }
    }

    // MARK: - Content

    private mutating func assignFromContent(_ profiles: [ColumnProfile], fixed: Set<ColumnRole>, settings: CSVSettings)
    {
        if columns[.date] == nil,
            let column = profiles.indices.first(where: {
                profiles[$0].isDates && !isTaken($0)
            })
        {
            columns[.date] = column
            reasons[column] = "dates"
        }
        if !fixed.contains(.indicator) {
            for (column, profile) in profiles.enumerated() where profile.isIndicator {
                guard let role = role(of: column) else {
                    if columns[.indicator] == nil {
                        columns[.indicator] = column
                        reasons[column] = "debit/credit words"
                    }
                    continue
                }
                guard !fixed.contains(role), role == .vendor || role == .memo || role == .id || role == .status else {
                    continue
                }
                columns[role] = nil
                columns[.indicator] = column
                reasons[column] = "debit/credit words"
            }
        }
        // Currency codes in a file without a header (ABN AMRO's TXT download, a card's export):
        // each currency an account of its own, never amounts of two added as one. Under a
        // header, only a header names it: N26's `Original Currency` is not the amount's.
        if columns[.currency] == nil, !fixed.contains(.currency), settings.defaultCurrency == nil,
            let column = profiles.indices.first(where: {
                !isTaken($0) && profiles[$0].header == nil && profiles[$0].isISOCurrencies
            })
        {
            columns[.currency] = column
            reasons[column] = "currency codes"
        }
        // A status column under another header (the Sparkasse's `Info`: `Umsatz gebucht`,
        // `Umsatz vorgemerkt`): a few words, every one a status word, one of them not booked.
        if columns[.status] == nil, !fixed.contains(.status),
            let column = profiles.indices.first(where: { !isTaken($0) && profiles[$0].isStatusWords })
        {
            columns[.status] = column
            reasons[column] = "status words"
        }
        findBalance(profiles, fixed: fixed, settings: settings)
        if columns[.amount] != nil, !fixed.contains(.debit), !fixed.contains(.credit) {
            columns[.debit] = nil
            columns[.credit] = nil
        }
        if columns[.amount] == nil, columns[.debit] == nil || columns[.credit] == nil {
            let amounts = profiles.indices.filter {
                profiles[$0].isAmounts && !profiles[$0].isAccountNumber && !isTaken($0)
            }
            if amounts.count == 1 {
                columns[.amount] = amounts[0]
                reasons[amounts[0]] = "the only amount column"
            }
            amountCandidates = amounts
        }
        if columns[.vendor] == nil {
            let texts = profiles.indices.filter {
                let profile = profiles[$0]
                // A value date no known format reads is still a date (`2026.09.15.`), no payee.
                return !isTaken($0) && !profile.isEmpty && !profile.isDateShaped && !profile.isAmounts
                    && !profile.isIndicator && !profile.isCurrencies
            }
            // A payee is text a person wrote: never an identifier, nor one value on every row
            // (the account's own number), nor a column whose header names the entry's kind
            // (`Transaction Type`, `Umsatzart`) or a running number (`Volgnummer`). With none
            // left, the memo is the payee.
            let payees = texts.filter {
                let profile = profiles[$0]
                return !profile.isIdentifiers && !(profile.distinct == 1 && profile.nonBlank >= 2)
                    && !HeaderVocabulary.namesAKind(profile.header ?? "")
                    && !HeaderVocabulary.namesASequence(profile.header ?? "")
            }
            if payees.isEmpty, let memo = columns[.memo], !fixed.contains(.memo) {
                // The entry's kind (Barclays' `Subcategory`) is still worth keeping: as the memo.
                let kind = texts.filter { HeaderVocabulary.namesAKind(profiles[$0].header ?? "") }
                    .max { profiles[$0].distinct < profiles[$1].distinct }
                columns[.vendor] = memo
                columns[.memo] = kind
                reasons[memo] =
                    kind.map { "the memo: \(name($0)) names the kind of entry" }
                    ?? "the memo: no other column holds a payee"
                return
            }
            let ranked = (payees.isEmpty ? texts : payees).sorted {
                profiles[$0].distinct != profiles[$1].distinct ? profiles[$0].distinct > profiles[$1].distinct : $0 < $1
            }
            if let column = ranked.first {
                columns[.vendor] = column
                reasons[column] = "most distinct text" + (ranked.dropFirst().first.map { ", over \(name($0))" } ?? "")
                // A few words repeated row after row (Barclays' `Subcategory`: Debit, Standing
                // Order…) name a kind of entry, not a payee: the memo a person reads is the payee.
                if let memo = columns[.memo], !fixed.contains(.memo), profiles[column].isFewRepeatedWords,
                    profiles[memo].distinct > profiles[column].distinct
                {
                    columns[.vendor] = memo
                    columns[.memo] = column
                    reasons[memo] =
                        "the memo: \(profiles[column].header.map { "\"\($0)\"" } ?? "the other text") repeats a few words"
                    reasons[column] = nil
                }
            }
        }

        /// `3 "Memo"`: a column as the vendor's reason names its runner-up.
        func name(_ column: Int) -> String {
            "\(column + 1)" + (profiles[column].header.map { " \"\($0)\"" } ?? "")
        }
    }

    /// A numeric column that is the running total of the money (balance[i] = balance[i−1] ±
    /// amount[i], rows oldest or newest first) is the balance, whatever its header says.
    ///
    /// A chain is evidence only where money moves: a column with one value on every row (SumUp's
    /// `Wechselkurs` of 1.00, a CSB43 `bank_code`) is no running balance, and a column of zeros
    /// (SumUp's `Gebühr`) moves nothing to follow.
    private mutating func findBalance(_ profiles: [ColumnProfile], fixed: Set<ColumnRole>, settings: CSVSettings) {
        let numeric = profiles.indices.filter { profiles[$0].isAmounts && columns[.date] != $0 }
        guard numeric.count >= 2 || (numeric.count >= 1 && columns[.debit] != nil) else { return }
        var evidence = DecimalMarkEvidence()
        for column in numeric {
            for (value, line) in zip(profiles[column].values, profiles[column].lines) where !value.isEmpty {
                Self.withBytes(value) { evidence.observe($0, line: line) }
            }
        }
        let mark: DecimalMark
        if let given = settings.decimalMark {
            mark = given
        } else if case .decided(let decided, _) = evidence.decision {
            mark = decided
        } else {
            return
        }
        let parsed = Dictionary(
            uniqueKeysWithValues: numeric.map { ($0, profiles[$0].values.map { BalanceChain.scaled($0, mark: mark) }) })
        for total in numeric where !fixed.contains(.amount) || columns[.amount] != total {
            guard Self.hasTwoValues(parsed[total]!) else { continue }
            if let debit = columns[.debit], let credit = columns[.credit], debit != total, credit != total,
                let debits = parsed[debit], let credits = parsed[credit]
            {
                let money = zip(debits, credits).map { pair -> Int64? in
                    pair.0 == nil && pair.1 == nil ? nil : (pair.1 ?? 0) - abs(pair.0 ?? 0)
                }
                if Self.isRunningTotal(parsed[total]!, of: money) {
                    setBalance(total, fixed: fixed)
                    return
                }
            }
            if let (debit, credit) = sidedPair(numeric, total: total, parsed: parsed, profiles: profiles, fixed: fixed)
            {
                setBalance(total, fixed: fixed)
                columns[.debit] = debit
                columns[.credit] = credit
                reasons[debit] = "money out: the running total falls by it"
                reasons[credit] = "money in: the running total rises by it"
                return
            }
            for amount in numeric where amount != total {
                guard columns[.balance] != amount, Self.isRunningTotal(parsed[total]!, of: parsed[amount]!) else {
                    continue
                }
                setBalance(total, fixed: fixed)
                if !fixed.contains(.amount), columns[.amount] == nil || columns[.amount] == total,
                    columns[.debit] == nil
                {
                    columns[.amount] = amount
                }
                return
            }
        }
    }

    /// Two columns under headers no list knows that hold money on alternate rows, the other cell
    /// 0 or blank (Korean banks' `찾으신금액` and `맡기신금액`, Turkish `Borç` and `Alacak`), whose
    /// difference the running total follows: money out and money in. Taken one at a time, the
    /// money-in column alone followed the total on all rows but a withdrawal on the first, and
    /// that withdrawal was written as 0.00.
    private func sidedPair(
        _ numeric: [Int], total: Int, parsed: [Int: [Int64?]], profiles: [ColumnProfile], fixed: Set<ColumnRole>
    ) -> (debit: Int, credit: Int)? {
        // Under a header only: without one, a card's charges and payments (TD's download) run
        // with the balance owed just as a bank's withdrawals and deposits run against its
        // balance, and only the file's words can tell them apart. Magnitudes only: signed
        // columns are an amount and another figure (ING's `Kwota blokady` beside its amount).
        guard profiles.allSatisfy({ $0.header != nil }), columns[.amount] == nil, columns[.debit] == nil,
            columns[.credit] == nil, !fixed.contains(.amount), !fixed.contains(.debit), !fixed.contains(.credit)
        else { return nil }
        let others = numeric.filter { $0 != total && columns[.balance] != $0 && profiles[$0].negative == 0 }
        for first in others {
            for second in others where second > first {
                let (a, b) = (parsed[first]!, parsed[second]!)
                // Each row moves money in one of them at most, and each has some.
                let oneSided = zip(a, b).allSatisfy { ($0 ?? 0) == 0 || ($1 ?? 0) == 0 }
                guard oneSided, a.contains(where: { ($0 ?? 0) != 0 }), b.contains(where: { ($0 ?? 0) != 0 }) else {
                    continue
                }
                for (debit, credit) in [(first, second), (second, first)] {
                    let money = zip(parsed[debit]!, parsed[credit]!).map { pair -> Int64? in
                        pair.0 == nil && pair.1 == nil ? nil : (pair.1 ?? 0) - abs(pair.0 ?? 0)
                    }
                    if Self.isRunningTotal(parsed[total]!, of: money) { return (debit, credit) }
                }
            }
        }
        return nil
    }

    private mutating func setBalance(_ column: Int, fixed: Set<ColumnRole>) {
        if let role = role(of: column), role != .balance, !fixed.contains(role) { columns[role] = nil }
        if !fixed.contains(.balance) { columns[.balance] = column }
        reasons[column] = "running total"
    }

    /// Whether `values` holds two different numbers: a constant column is no running balance.
    /// One pass and no set: a million rows' column is asked.
    static func hasTwoValues(_ values: [Int64?]) -> Bool {
        var first: Int64?
        for case let value? in values {
            guard let seen = first else {
                first = value
                continue
            }
            if value != seen { return true }
        }
        return false
    }

    /// Whether `totals` follows `money` on at least eight pairs of rows in ten, oldest or newest
    /// first. A zero amount beside an unchanged total proves nothing (a fee column of zeros
    /// beside an exchange rate of 1.00) and is not counted; a zero amount beside a total that
    /// moved, or a blank one, counts against.
    static func isRunningTotal(_ totals: [Int64?], of money: [Int64?]) -> Bool {
        var forwardPairs = 0
        var backwardPairs = 0
        var forward = 0
        var backward = 0
        for row in totals.indices.dropFirst() {
            guard let current = totals[row], let previous = totals[row - 1] else { continue }
            // Nothing moved and the total stayed: no evidence either way.
            let still = current == previous
            if !(still && money[row] == 0) {
                forwardPairs += 1
                if let amount = money[row], current - previous == amount { forward += 1 }
            }
            if !(still && money[row - 1] == 0) {
                backwardPairs += 1
                if let amount = money[row - 1], previous - current == amount { backward += 1 }
            }
        }
        // Four in five, or all but one of at least two: in a short file one row missing or misread
        // is a third of the evidence, and the column, left out as no balance, checked nothing.
        func holds(_ agreeing: Int, of pairs: Int) -> Bool {
            pairs >= 1 && (agreeing * 10 >= pairs * 8 || (agreeing >= 2 && agreeing + 1 >= pairs))
        }
        return holds(forward, of: forwardPairs) || holds(backward, of: backwardPairs)
    }

    private static func withBytes<Result>(_ text: String, _ body: (Span<UInt8>) -> Result) -> Result {
        body(Array(text.utf8).span)
    }

    // MARK: - Required roles

    /// The columns that hold amounts when no header or content settled which is the amount.
    private var amountCandidates: [Int] = []

    private mutating func checkRequired(_ profiles: [ColumnProfile]) {
        if columns[.date] == nil {
            // A date header over cells no format reads (`日付` over `2024年3月15日`): naming `date`
            // alone led to a second refusal, for the format.
            if let column = profiles.indices.first(where: { column in
                profiles[column].header.map { HeaderVocabulary.roles(of: $0).contains { $0.role == .date } } == true
            }), let sample = profiles[column].values.first(where: { !$0.isEmpty }) {
                problems.append(
                    "no date column found: column \(column + 1) \"\(profiles[column].header ?? "")\" is headed as "
                        + "dates, but no known format reads its cells (\"\(sample)\"): set date-format, and date if "
                        + "the dates are in another column")
            } else {
                problems.append("no date column found: set date (a header name or a position)")
            }
        }
        if columns[.vendor] == nil {
            problems.append("no payee column found: set vendor (a header name or a position)")
        }
        if columns[.amount] == nil {
            switch (columns[.debit], columns[.credit]) {
            case (nil, nil) where amountCandidates.count > 1:
                let named = amountCandidates.map { column in
                    profiles[column].header.flatMap { $0.isEmpty ? nil : "\(column + 1) \"\(CellQuote.text($0))\"" }
                        ?? "column \(column + 1)"
                }
                problems.append(
                    "no amount column found: \(named.count) columns hold amounts (\(named.joined(separator: ", "))): "
                        + "set amount to the one that moved, or debit and credit")
            case (nil, nil): problems.append("no amount column found: set amount, or debit and credit")
            case (nil, _): problems.append("a credit column but no debit column: set debit")
            case (_, nil): problems.append("a debit column but no credit column: set credit")
            default: break
            }
        }
    }

    private func isTaken(_ column: Int) -> Bool { columns.values.contains(column) }
}
