/// Finds the same money seen twice as it moves between two of the user's own accounts: a debit
/// in one and a credit of the same amount and currency in another, within a window of days.
///
/// Amounts alone say little (a purchase in one account and a refund of it in another look the
/// same), so a pair is a candidate only with evidence: the other account's number in the text, a
/// transfer word, or the same day; and a currency both name. It is linked only when
/// unambiguous: each is the other's only candidate. Every other candidate set is linked to
/// nothing and listed, for a person (or a rule) to settle: two equal transfers on the same days
/// between the same accounts cannot be told apart by the data, and guessing would put a wrong
/// pair in a journal.
public enum TransferMatcher {
    /// One record that could be half of a transfer.
    public struct Candidate: Sendable, Equatable {
        /// The record's place in the caller's order (its row).
        public var row: Int
        public var account: Int
        public var currency: String
        /// Signed minor units: negative is money out.
        public var signedMinor: Int64
        /// Days since 1970-01-01 (the day the record is shown on).
        public var day: Int64
        /// The payee and memo, where a transfer word or the other account's number would be.
        public var text: String

        public init(row: Int, account: Int, currency: String, signedMinor: Int64, day: Int64, text: String) {
            self.row = row
            self.account = account
            self.currency = currency
            self.signedMinor = signedMinor
            self.day = day
            self.text = text
        }

        /// A record whose payee and memo are where a transfer word or a number would be.
        public init(
            row: Int, account: Int, currency: String, signedMinor: Int64, day: Int64, payee: String, memo: String?
        ) {
            self.init(
                row: row, account: account, currency: currency, signedMinor: signedMinor, day: day,
                text: payee + " " + (memo ?? ""))
        }
    }

    /// A debit and the credit it became, and what linked them.
    public struct Link: Sendable, Equatable {
        public var debit: Int
        public var credit: Int
        /// `only candidate`, `account number`, `transfer word`, `same day`.
        public var evidence: String

        public init(debit: Int, credit: Int, evidence: String) {
            self.debit = debit
            self.credit = credit
            self.evidence = evidence
        }
    }

    public struct Result: Sendable, Equatable {
        public var links: [Link] = []
        /// Rows that had candidates but no unambiguous partner, grouped as they could pair.
        public var ambiguous: [[Int]] = []

        public init(links: [Link] = [], ambiguous: [[Int]] = []) {
            self.links = links
            self.ambiguous = ambiguous
        }
    }

    /// - Parameters:
    ///   - accountNumbers: each account's own identifiers (IBAN, number), as written anywhere.
    ///   - window: the most days between a debit and its credit.
    public static func match(_ candidates: [Candidate], accountNumbers: [[String]], window: Int64 = 4) -> Result {
        let debits = candidates.indices.filter { candidates[$0].signedMinor < 0 }
        // Each amount's credits by day, so that a debit meets only those within the window: a
        // round amount (a salary, 100.00) can have thousands of credits in a year.
        var creditsByKey: [Key: [Int]] = [:]
        for index in candidates.indices where candidates[index].signedMinor > 0 {
            creditsByKey[Key(candidates[index]), default: []].append(index)
        }
        for key in creditsByKey.keys { creditsByKey[key]!.sort { candidates[$0].day < candidates[$1].day } }
        // An amount whose debits and credits make more pairs within the window than any data
        // could settle (thousands of one amount on a few days) is one set not paired, its pairs
        // never looked at one by one: that was quadratic (6,000 + 6,000 took a minute and 1 GB).
        let crowded = crowdedAmounts(candidates, debits: debits, creditsByKey: creditsByKey, window: window)
        let digits = accountNumbers.map { $0.map(Self.digits).filter { $0.count >= 6 } }
        // A candidate's digits and transfer words, found once, when first asked.
        var textDigits = [String?](repeating: nil, count: candidates.count)
        var hasWord = [Bool?](repeating: nil, count: candidates.count)
        func digitsOf(_ i: Int) -> String {
            if let known = textDigits[i] { return known }
            let found = Self.digits(candidates[i].text)
            textDigits[i] = found
            return found
        }
        func wordIn(_ i: Int) -> Bool {
            if let known = hasWord[i] { return known }
            let found = TransferWords.appear(in: candidates[i].text)
            hasWord[i] = found
            return found
        }
        func evidence(_ d: Int, _ c: Int) -> String? {
            let debit = candidates[d]
            let credit = candidates[c]
            if digits[credit.account].contains(where: { digitsOf(d).contains($0) })
                || digits[debit.account].contains(where: { digitsOf(c).contains($0) })
            {
                return "account number"
            }
            if wordIn(d) || wordIn(c) { return "transfer word" }
            if debit.day == credit.day { return "same day" }
            return nil
        }
        // Both ways: each debit's credits, each credit's debits, with evidence.
        var forDebit: [Int: [Int]] = [:]
        var forCredit: [Int: [Int]] = [:]
        for d in debits where !candidates[d].currency.isEmpty {
            let debit = candidates[d]
            let key = Key(debit).opposite
            guard let credits = creditsByKey[key], !crowded.contains(key) else { continue }
            // The first credit on or after the window's first day.
            var low = 0, high = credits.count
            while low < high {
                let middle = (low + high) / 2
                if candidates[credits[middle]].day < debit.day - window { low = middle + 1 } else { high = middle }
            }
            for c in credits[low...] {
                guard candidates[c].day <= debit.day + window else { break }
                guard candidates[c].account != debit.account, evidence(d, c) != nil else { continue }
                forDebit[d, default: []].append(c)
                forCredit[c, default: []].append(d)
            }
        }
        var result = Result()
        var linked = Set<Int>()
        for d in debits {
            guard let credits = forDebit[d], credits.count == 1, forCredit[credits[0]]!.count == 1 else { continue }
            result.links.append(Link(debit: d, credit: credits[0], evidence: evidence(d, credits[0])!))
            linked.formUnion([d, credits[0]])
        }
        // What is left with candidates, grouped by what it could pair with.
        var seen = Set<Int>()
        for d in debits where forDebit[d] != nil && !linked.contains(d) && !seen.contains(d) {
            var group: Set<Int> = []
            var queue = [d]
            while let next = queue.popLast() {
                guard group.insert(next).inserted else { continue }
                let partners = (forDebit[next] ?? []) + (forCredit[next] ?? [])
                queue += partners.filter { !linked.contains($0) }
            }
            seen.formUnion(group)
            if group.count > 1 { result.ambiguous.append(group.map { candidates[$0].row }.sorted()) }
        }
        for key in crowded.sorted(by: { ($0.currency, $0.minor) < ($1.currency, $1.minor) }) {
            let rows = candidates.indices.filter {
                !candidates[$0].currency.isEmpty && [key, key.opposite].contains(Key(candidates[$0]))
            }
            result.ambiguous.append(rows.map { candidates[$0].row }.sorted())
        }
        result.links = result.links.map {
            Link(debit: candidates[$0.debit].row, credit: candidates[$0.credit].row, evidence: $0.evidence)
        }
        .sorted { $0.debit < $1.debit }
        return result
    }

    /// Pairs within the window past which an amount is one set not paired.
    static let crowdedPairs = 100_000

    /// The credits' keys of the amounts whose debits and credits make more than
    /// ``crowdedPairs`` pairs within the window (counted, not listed: two pointers along days).
    private static func crowdedAmounts(
        _ candidates: [Candidate], debits: [Int], creditsByKey: [Key: [Int]], window: Int64
    ) -> Set<Key> {
        var debitDays: [Key: [Int64]] = [:]
        for d in debits where !candidates[d].currency.isEmpty {
            let key = Key(candidates[d]).opposite
            if creditsByKey[key] != nil { debitDays[key, default: []].append(candidates[d].day) }
        }
        var crowded = Set<Key>()
        for (key, days) in debitDays where days.count * creditsByKey[key]!.count > crowdedPairs {
            let credits = creditsByKey[key]!.map { candidates[$0].day }
            var (low, high, pairs) = (0, 0, 0)
            for day in days.sorted() {
                while low < credits.count, credits[low] < day - window { low += 1 }
                while high < credits.count, credits[high] <= day + window { high += 1 }
                pairs += high - low
            }
            if pairs > crowdedPairs { crowded.insert(key) }
        }
        return crowded
    }

    private struct Key: Hashable {
        var currency: String
        var minor: Int64
        init(_ candidate: Candidate) {
            currency = candidate.currency
            minor = candidate.signedMinor
        }

        /// The other sign's key: a debit's credits, a credit's debits.
        var opposite: Key {
            var key = self
            key.minor = -minor
            return key
        }
    }

    /// The digits of a text, in order: `DE89 3704 0044` and `DE89370400440` meet in them.
    static func digits(_ text: String) -> String {
        String(text.unicodeScalars.filter { ("0"..."9").contains($0) }.map(Character.init))
    }
}

/// Words banks and people use for money moved between one's own accounts, in the languages the
/// statement readers meet. Matched as whole words, case and accents folded.
public enum TransferWords {
    static let words: Set<String> = [
        "transfer", "xfer", "umbuchung", "ubertrag", "uebertrag", "virement", "overboeking", "traspaso",
        "transferencia", "trasferimento", "giroconto",
    ]

    public static func appear(in text: String) -> Bool {
        var word = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic {
                word.unicodeScalars.append(fold(scalar))
            } else {
                if words.contains(word) { return true }
                word = ""
            }
        }
        return words.contains(word)
    }

    private static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar {
        case "ä", "à", "á", "â": return "a"
        case "ö", "ó", "ò", "ô": return "o"
        case "ü", "ú", "ù", "û": return "u"
        case "é", "è", "ê", "ë": return "e"
        default: return scalar
        }
    }
}
