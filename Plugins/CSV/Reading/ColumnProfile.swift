import CSVCells
import StatementText

/// What a column's cells look like over the sampled rows: the content half of role scoring.
struct ColumnProfile: Sendable {
    /// The column's header, or nil when the file has none.
    var header: String?
    /// Every sampled cell, trimmed, and its row's line.
    var values: [String] = []
    var lines: [Int] = []
    var nonBlank = 0
    var dateLike = 0
    /// Cells that are a pending status word (`Pending`): where a card's export writes the date
    /// of a charge not booked yet.
    var pendingWords = 0
    var amountLike = 0
    var negative = 0
    var sideWords = 0
    var currencyLike = 0
    /// Cells of a date's shape that no known format reads (OTP's `2026.09.15.`), or of a time
    /// of day's (PayPal's `Čas` and `時間`: `11:52:55`).
    var dateShaped = 0
    var distinct = 0

    init(header: String?) {
        self.header = header
    }

    mutating func observe(_ cell: String, line: Int, sideWords words: SideWords) {
        values.append(cell)
        lines.append(line)
        guard !cell.isEmpty else { return }
        nonBlank += 1
        let bytes = Array(cell.utf8)
        do {
            let cell = bytes.span
            if DatePattern.looksLikeDate(cell) {
                dateLike += 1
            } else if Self.hasDateShape(cell) || Self.hasTimeShape(cell) {
                dateShaped += 1
            } else if CSVRowReader.statusKind(of: cell) == .pending {
                pendingWords += 1
            }
            if AmountText.looksLikeAmount(cell) {
                amountLike += 1
                if bytes.contains(UInt8(ascii: "-")) || bytes.first == UInt8(ascii: "(") { negative += 1 }
            }
        }
        if words.side(of: cell) != nil { sideWords += 1 }
        // Codes are written in one case (`EUR`, `usd`): `Bob` and `Ann` are payees.
        if cell.utf8.count == 3,
            cell.utf8.allSatisfy({ (0x41...0x5A).contains($0) }) || cell.utf8.allSatisfy({ (0x61...0x7A).contains($0) })
        {
            currencyLike += 1
        }
    }

    /// A few distinct words, each one a status word (``CSVRowReader/statusKind(of:)``), and one
    /// of them pending or never moved: a status column whatever its header.
    var isStatusWords: Bool {
        guard nonBlank > 0, distinct <= 6 else { return false }
        var telling = false
        for value in Set(values) where !value.isEmpty {
            let kind = CSVRowReader.statusKind(of: Array(value.utf8).span)
            guard kind != .booked || CSVRowReader.bookedWords.contains(HeaderVocabulary.normalise(value)) else {
                return false
            }
            if kind != .booked { telling = true }
        }
        return telling
    }

    /// One token with a digit in every cell and no two alike (UUIDs, `tx_0000…`, `2024-0015`,
    /// card numbers): an identifier, never a payee.
    var isIdentifiers: Bool {
        if nonBlank > 0, values.allSatisfy({ $0.isEmpty || Self.isIBAN($0) }) { return true }
        return nonBlank >= 2 && distinct == nonBlank
            && values.allSatisfy { $0.isEmpty || (!$0.contains(" ") && $0.contains(where: \.isNumber)) }
    }

    /// Shaped as an IBAN (`DE44200400000538917600`, `LT21 1111 2222 3333 4444`): two capital
    /// letters, two digits, then 11 to 30 capitals or digits. An account, never a payee, even on
    /// the one row of a file that cannot show a column of them is all alike or all different.
    static func isIBAN(_ cell: String) -> Bool {
        let bytes = Array(cell.utf8.filter { $0 != UInt8(ascii: " ") })
        guard (15...34).contains(bytes.count) else { return false }
        let letter = { (byte: UInt8) in (0x41...0x5A).contains(byte) }
        let digit = { (byte: UInt8) in (0x30...0x39).contains(byte) }
        return letter(bytes[0]) && letter(bytes[1]) && digit(bytes[2]) && digit(bytes[3])
            && bytes[4...].allSatisfy { letter($0) || digit($0) }
    }

    /// One number of eight digits or more on every row, without a mark or a sign: the account's
    /// own number (easybank's and Livebank's first column), never the money.
    var isAccountNumber: Bool {
        guard nonBlank >= 2, distinct == 1, let value = values.first(where: { !$0.isEmpty }) else { return false }
        return value.utf8.count >= 8 && value.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// A handful of words repeated down the column: at most ten, each on four rows on average.
    var isFewRepeatedWords: Bool { nonBlank > 0 && distinct <= 10 && distinct * 4 <= nonBlank }

    /// Called once every sampled cell is in.
    mutating func finish() {
        distinct = Set(values.filter { !$0.isEmpty }).count
    }

    // MARK: - What the content says

    /// The two words every sampled row holds one of, in the order first met (`Uznanie`,
    /// `Obciążenie`), or nil: words, not numbers, dates or codes, on two rows at least.
    var twoWords: [String]? {
        guard distinct == 2, nonBlank == values.count, nonBlank >= 2, amountLike == 0, dateLike == 0,
            dateShaped == 0
        else { return nil }
        var words: [String] = []
        for value in values where !words.contains(value) { words.append(value) }
        guard words.allSatisfy({ $0.count <= 24 && $0.unicodeScalars.contains { $0.properties.isAlphabetic } })
        else { return nil }
        return words
    }

    /// Reads as dates nearly everywhere (a summary row or two may not).
    /// `Pending` in place of a date (HSBC's UK cards) is no evidence against the column.
    var isDates: Bool { dateLike > pendingWords && (dateLike + pendingWords) * 10 >= nonBlank * 8 }
    /// Reads as amounts nearly everywhere, and not as dates.
    var isAmounts: Bool { nonBlank > 0 && amountLike * 10 >= nonBlank * 8 && !isDates }
    /// A few repeated debit/credit words: an indicator, never a payee.
    var isIndicator: Bool { nonBlank > 0 && sideWords == nonBlank && distinct <= 4 }
    /// Enough for a column whose header names an indicator: debit/credit words on most rows
    /// among a few others (Alipay's `不计收支`, money between the holder's own accounts, whose
    /// rows are rejected as neither).
    var isMostlyIndicator: Bool { sideWords > 0 && sideWords * 2 >= nonBlank && distinct <= 6 }
    /// Reads as amounts more often than not: enough to confirm a header that says so, when a
    /// few cells are broken (they become rejects, not a reason to lose the column).
    var isMostlyAmounts: Bool { nonBlank > 0 && amountLike * 2 >= nonBlank && !isDates }
    /// The same for dates.
    var isMostlyDates: Bool { nonBlank > 0 && dateLike * 2 >= nonBlank }
    var isCurrencies: Bool { nonBlank > 0 && currencyLike == nonBlank && distinct <= 8 }
    /// Codes, every one a currency's (`USD`, `eur`): a currency column whatever its header, or
    /// without one. Words of three letters such as `POS` or `ATM` are not.
    var isISOCurrencies: Bool {
        isCurrencies && values.allSatisfy { $0.isEmpty || CurrencyMinorUnits.codes.contains($0.uppercased()) }
    }
    var isEmpty: Bool { nonBlank == 0 }
    /// Dates, read or only shaped like one, nearly everywhere: never a payee.
    var isDateShaped: Bool { nonBlank > 0 && (dateLike + dateShaped) * 10 >= nonBlank * 8 }

    /// Digits in three groups of one to four, split by `.`, `/` or `-` (a trailing one allowed),
    /// one group of four: a date written in a format none of ours reads, not a payee's name.
    static func hasDateShape(_ cell: Span<UInt8>) -> Bool {
        var groups = 0
        var year = false
        var run = 0
        for index in 0...cell.count {
            let byte = index < cell.count ? cell[index] : UInt8(ascii: ".")
            if byte >= 0x30 && byte <= 0x39 {
                run += 1
            } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "-") {
                guard run <= 4 else { return false }
                if run > 0 { groups += 1 }
                if run == 4 { year = true }
                run = 0
            } else if byte != 0x20 {
                return false
            }
        }
        return groups == 3 && year
    }

    /// `9:05`, `11:52:55`, `06:50 PM`: two or three groups of one or two digits split by `:`,
    /// an AM or PM after them allowed. A time of day, never a payee.
    static func hasTimeShape(_ cell: Span<UInt8>) -> Bool {
        var end = cell.count
        if end >= 3, cell[end - 3] == 0x20, cell[end - 1] | 0x20 == UInt8(ascii: "m"),
            cell[end - 2] | 0x20 == UInt8(ascii: "a") || cell[end - 2] | 0x20 == UInt8(ascii: "p")
        {
            end -= 3
        }
        var groups = 0
        var run = 0
        for index in 0...end {
            if index < end, cell[index] >= 0x30, cell[index] <= 0x39 {
                run += 1
            } else if index == end || cell[index] == UInt8(ascii: ":") {
                guard (1...2).contains(run) else { return false }
                groups += 1
                run = 0
            } else {
                return false
            }
        }
        return groups == 2 || groups == 3
    }

    /// The first two non-blank values, for `sniff`.
    var samples: [String] {
        var found: [String] = []
        for value in values where !value.isEmpty && !found.contains(value) {
            found.append(value)
            if found.count == 2 { break }
        }
        return found
    }
}
