/// A feed's booked records with a currency, sorted by currency, magnitude and day (stably): the order
/// in which the transfers pass finds each amount's other sign, by looking along the run of
/// records of that currency and magnitude, no further than the window.
///
/// A sort of small keys, where hashing a million amounts cost more than the matching itself.
/// Each record is one 64-bit word: its currency, magnitude, day and index packed, when they fit
/// (unless amounts reach about 10^13 minor units), so the sort compares integers and holds 8
/// bytes a record; else its index, sorted by the fields.
struct TransferOrder {
    /// A record's currency (numbered from 1), magnitude, day (since 1970-01-01) and index.
    struct Entry {
        var currency: Int
        var magnitude: Int64
        var day: Int64
        var index: Int
    }

    private var words: [UInt64]
    private let layout: Layout?
    private let transactions: [Transaction]
    private let currencyOf: [Int]

    /// Where each field lies in a word, from the lowest bit: the index, the day from the
    /// first, the magnitude, the currency.
    private struct Layout {
        var dayShift: Int
        var magnitudeShift: Int
        var currencyShift: Int
        var firstDay: Int64
    }

    /// `currencyOf` numbers each account's currency from 1, 0 for none (such records are left
    /// out, as pending ones are: a pending amount may still change, and a journal under
    /// `--state` writes it only once booked, so a transfer waits for both halves to book).
    init(_ transactions: [Transaction], currencyOf: [Int]) {
        self.transactions = transactions
        self.currencyOf = currencyOf
        func bits(_ largest: Int) -> Int { Int.bitWidth - largest.leadingZeroBitCount }
        var (currencies, magnitudes, days, count) = (0, Int64(0), (first: Int64.max, last: Int64.min), 0)
        var negative = false
        for t in transactions where currencyOf[Int(t.account)] != 0 && !t.isPending {
            let day = TransactionDate.days(ofUnixSeconds: t.unixSeconds)
            currencies = max(currencies, currencyOf[Int(t.account)])
            magnitudes = max(magnitudes, t.amountMinor)
            negative = negative || t.amountMinor < 0
            days = (min(days.first, day), max(days.last, day))
            count += 1
        }
        let (span, overflows) = days.last.subtractingReportingOverflow(days.first)
        let indexBits = bits(transactions.count), dayBits = overflows ? 64 : bits(Int(max(span, 0)))
        let magnitudeBits = bits(Int(magnitudes))
        if !negative, !overflows, indexBits + dayBits + magnitudeBits + bits(currencies) <= 64 {
            let layout = Layout(
                dayShift: indexBits, magnitudeShift: indexBits + dayBits,
                currencyShift: indexBits + dayBits + magnitudeBits, firstDay: days.first)
            var words: [UInt64] = []
            words.reserveCapacity(count)
            for (i, t) in transactions.enumerated() where currencyOf[Int(t.account)] != 0 && !t.isPending {
                let day = TransactionDate.days(ofUnixSeconds: t.unixSeconds)
                words.append(
                    UInt64(currencyOf[Int(t.account)]) << layout.currencyShift
                        | UInt64(t.amountMinor) << layout.magnitudeShift
                        | UInt64(day - layout.firstDay) << layout.dayShift | UInt64(i))
            }
            // Sorted on the bits above the index alone: the words come in index order and the
            // sort is stable, so records of one currency, magnitude and day stay in it (sorting
            // the index's bits too was two passes of five).
            let keyBits = layout.currencyShift + bits(currencies) - layout.dayShift
            let dayShift = UInt64(layout.dayShift)
            RadixSort.sort(&words, bits: keyBits) { $0 >> dayShift }
            self.words = words
            self.layout = layout
        } else {
            var words = transactions.indices.filter {
                currencyOf[Int(transactions[$0].account)] != 0 && !transactions[$0].isPending
            }.map {
                UInt64($0)
            }
            self.layout = nil
            func key(_ word: UInt64) -> (Int, Int64, Int64, UInt64) {
                let t = transactions[Int(word)]
                return (
                    currencyOf[Int(t.account)], t.amountMinor, TransactionDate.days(ofUnixSeconds: t.unixSeconds), word
                )
            }
            words.sort { key($0) < key($1) }
            self.words = words
        }
    }

    var count: Int { words.count }

    subscript(n: Int) -> Entry {
        let word = words[n]
        guard let layout else {
            let t = transactions[Int(word)]
            return Entry(
                currency: currencyOf[Int(t.account)], magnitude: t.amountMinor,
                day: TransactionDate.days(ofUnixSeconds: t.unixSeconds), index: Int(word))
        }
        return Entry(
            currency: Int(word >> layout.currencyShift),
            magnitude: Int64(Self.field(word, from: layout.magnitudeShift, to: layout.currencyShift)),
            day: Int64(Self.field(word, from: layout.dayShift, to: layout.magnitudeShift)) + layout.firstDay,
            index: Self.index(word, layout))
    }

    /// ``Entry/day`` of the record at `n`, without the rest of its entry.
    @inline(__always)
    private func day(_ n: Int) -> Int64 {
        guard let layout else { return TransactionDate.days(ofUnixSeconds: transactions[Int(words[n])].unixSeconds) }
        return Int64(Self.field(words[n], from: layout.dayShift, to: layout.magnitudeShift)) + layout.firstDay
    }

    /// ``Entry/index`` of the record at `n`.
    @inline(__always)
    private func index(_ n: Int) -> Int { Self.index(words[n], layout) }

    /// Whether the records at `n` and `m` have one currency and magnitude: in packed words,
    /// their bits above the day (unpacking each record to compare was a tenth of the pass).
    @inline(__always)
    private func sameRun(_ n: Int, _ m: Int) -> Bool {
        if let layout { return words[n] >> layout.magnitudeShift == words[m] >> layout.magnitudeShift }
        let (a, b) = (self[n], self[m])
        return a.currency == b.currency && a.magnitude == b.magnitude
    }

    /// The bits of `word` from `low` up to `high` (not included).
    @inline(__always)
    private static func field(_ word: UInt64, from low: Int, to high: Int) -> UInt64 {
        (word >> low) & (UInt64.max >> (64 - (high - low)))
    }

    /// The record a word stands for.
    private static func index(_ word: UInt64, _ layout: Layout?) -> Int {
        guard let layout else { return Int(word) }
        return Int(Self.field(word, from: 0, to: layout.dayShift))
    }

    /// The index of each record that has one of the other sign, in another group (an account,
    /// `0..<groups`), of its currency and magnitude, at most `window` days before or after it
    /// (an index may come more than once); `side` gives a record's sign and group.
    ///
    /// Along each run of one currency and magnitude, sorted by day, each record is looked at
    /// beside the next ones within the window, as few as most amounts have; a run where they
    /// are many (thousands of one amount in a few days) is swept instead, counting what lies
    /// within the window by sign and by group, in linear time. (Looking at every two records
    /// within the window alone was quadratic there: 12,000 debits of one amount and day took
    /// 29 s; sweeping every run alone cost 10% of a run of 10⁵ small accounts, `side` reading
    /// each record where the look-ahead reads only those with a neighbour.)
    func withOpposite(within window: Int64, groups: Int, side: (Int) -> (isDebit: Bool, group: Int)) -> [Int] {
        var found: [Int] = []
        var sweep = Sweep(groups: groups)
        var start = 0
        while start < words.count {
            var end = start + 1
            while end < words.count, sameRun(start, end) { end += 1 }
            defer { start = end }
            guard end - start > 1 else { continue }
            if pairsWithinWindow(start..<end, window: window, atMost: 8 * (end - start) + 64) {
                for i in start..<end {
                    let (day, index) = (self.day(i), self.index(i))
                    var j = i + 1
                    while j < end, self.day(j) - day <= window {
                        let other = self.index(j)
                        let (a, b) = (side(index), side(other))
                        if a.isDebit != b.isDebit && a.group != b.group { found += [index, other] }
                        j += 1
                    }
                }
            } else {
                sweep.run(self, start..<end, window: window, side: side) { found.append($0) }
            }
        }
        return found
    }

    /// Whether the run has at most `limit` pairs of records within the window of each other.
    private func pairsWithinWindow(_ run: Range<Int>, window: Int64, atMost limit: Int) -> Bool {
        var pairs = 0
        for i in run {
            let day = self.day(i)
            var j = i + 1
            while j < run.upperBound, self.day(j) - day <= window {
                pairs += 1
                if pairs > limit { return false }
                j += 1
            }
        }
        return true
    }

    /// The counts of a sweep along a dense run: records within the window by sign, and by
    /// group and sign (`group * 2 + sign`); zero again after each run.
    private struct Sweep {
        var inWindow = (credits: 0, debits: 0)
        var byGroup: [Int]
        let groups: Int

        init(groups: Int) {
            self.groups = max(groups, 0)
            byGroup = [Int](repeating: 0, count: self.groups * 2)
        }

        mutating func run(
            _ order: TransferOrder, _ run: Range<Int>, window: Int64, side: (Int) -> (isDebit: Bool, group: Int),
            _ found: (Int) -> Void
        ) {
            var (low, high) = (run.lowerBound, run.lowerBound)
            for n in run {
                let entry = order[n]
                while high < run.upperBound, order[high].day - entry.day <= window {
                    count(side(order[high].index), 1)
                    high += 1
                }
                while entry.day - order[low].day > window {
                    count(side(order[low].index), -1)
                    low += 1
                }
                let (isDebit, group) = side(entry.index)
                let opposite = isDebit ? inWindow.credits : inWindow.debits
                let own = group >= 0 && group < groups ? byGroup[group * 2 + (isDebit ? 0 : 1)] : 0
                if opposite - own > 0 { found(entry.index) }
            }
            while low < high {
                count(side(order[low].index), -1)
                low += 1
            }
        }

        private mutating func count(_ side: (isDebit: Bool, group: Int), _ step: Int) {
            if side.isDebit { inWindow.debits += step } else { inWindow.credits += step }
            if side.group >= 0 && side.group < groups { byGroup[side.group * 2 + (side.isDebit ? 1 : 0)] += step }
        }
    }

    /// Keeps the records whose index `keep` holds, in their order.
    mutating func keep(_ keep: (Int) -> Bool) {
        let layout = layout
        words.removeAll { !keep(Self.index($0, layout)) }
    }
}
