import StatementText

/// A statement's `TxsSummry` as the bank wrote it: how many entries it holds and what its
/// credits and debits sum to. It is the check of a statement whose balances cannot check it (a
/// Wise statement states its closing balance only): entries missing from the file, or read
/// twice, show as a count or a sum the bank did not state.
public struct CAMTSummary: Equatable, Sendable {
    /// `TtlNtries/NbOfNtries`.
    public var entries: String?
    /// `TtlCdtNtries/NbOfNtries` and `Sum`.
    public var credits: String?
    public var creditSum: String?
    /// `TtlDbtNtries/NbOfNtries` and `Sum` (which some banks write negative).
    public var debits: String?
    public var debitSum: String?

    public init() {}

    public var isStated: Bool { entries != nil || credits != nil || debits != nil }

    /// Why `tallies` disagree with the summary, or nil when one of them agrees with every figure
    /// stated: banks differ on whether pending and `INFO` entries are in it, so each of every
    /// entry's, the entries but `INFO`, and the booked ones may be the one meant. The message
    /// names the figures of the first, every entry's.
    func disagreement(with tallies: [CAMTTally], decimals: Int) -> String? {
        guard isStated, let every = tallies.first else { return nil }
        if tallies.contains(where: { differences($0, decimals: decimals).isEmpty }) { return nil }
        return "its TxsSummry does not agree with its entries: "
            + differences(every, decimals: decimals).joined(separator: "; ")
    }

    private func differences(_ tally: CAMTTally, decimals: Int) -> [String] {
        var found: [String] = []
        func count(_ stated: String?, _ name: String, _ counted: Int, _ what: String) {
            guard let stated, let number = Int(stated), number != counted else { return }
            found.append("\(name) says \(number) \(what), the statement holds \(counted)")
        }
        func sum(_ stated: String?, _ name: String, _ summed: StatementAmount) {
            guard let stated else { return }
            let magnitude = stated.hasPrefix("-") ? String(stated.dropFirst()) : stated
            guard let amount = StatementAmount(text: magnitude), amount.units != summed.units else { return }
            found.append(
                "\(name) says \(amount.plain(decimals: decimals)), they sum to \(summed.plain(decimals: decimals))")
        }
        count(entries, "TtlNtries/NbOfNtries", tally.entries, "entries")
        // An entry whose side could not be read leaves the sides' counts and sums unknown.
        guard tally.sidesKnown else { return found }
        count(credits, "TtlCdtNtries/NbOfNtries", tally.credits, "credits")
        sum(creditSum, "TtlCdtNtries/Sum", tally.creditSum)
        count(debits, "TtlDbtNtries/NbOfNtries", tally.debits, "debits")
        sum(debitSum, "TtlDbtNtries/Sum", tally.debitSum)
        return found
    }
}

/// Entries counted and summed by side, for ``CAMTSummary``.
public struct CAMTTally: Equatable, Sendable {
    public var entries = 0
    public var credits = 0
    public var debits = 0
    public var creditSum = StatementAmount.zero
    public var debitSum = StatementAmount.zero
    /// False once an entry's amount or side could not be read: it is in no side's count or sum.
    public var sidesKnown = true

    public init() {}

    /// An entry of `magnitude` on the side `debit` says (nil: not readable).
    mutating func add(debit: Bool?, magnitude: StatementAmount?) {
        entries += 1
        guard let debit, let magnitude else {
            sidesKnown = false
            return
        }
        if debit {
            debits += 1
            debitSum = debitSum + magnitude
        } else {
            credits += 1
            creditSum = creditSum + magnitude
        }
    }
}
