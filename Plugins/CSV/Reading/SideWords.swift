import CSVCells
import StatementText

/// The words that say which way money went, in an indicator column (`DR`/`CR`, `S`/`H`…).
///
/// Compared after ``HeaderVocabulary/normalise(_:)``, so case and accents do not matter.
public struct SideWords: Sendable, Equatable {
    public private(set) var debit: [String]
    public private(set) var credit: [String]
    // The words as bytes, for a per-row check without a String.
    private var debitBytes: [[UInt8]]
    private var creditBytes: [[UInt8]]

    /// The defaults: English, German, Dutch, French, Spanish, Portuguese (Millennium bcp's
    /// `Tipo`: `Débito`, `Crédito`), Chinese, and the usual abbreviations.
    public static let defaultDebit = [
        "DR", "D", "Debit", "S", "Soll", "Af", "Débit", "Withdrawal", "Cargo", "Débito",
        // BCA (Indonesia): `DB` beside `CR`.
        "DB",
        // Alipay's and WeChat Pay's `收/支`: expense and income.
        "支出",
        // Russian banks' `Тип операции`: expense (`Расход`) or a write-off (`Списание`).
        "Расход", "Списание",
    ]
    public static let defaultCredit = [
        "CR", "C", "Credit", "H", "Haben", "Bij", "Crédit", "Deposit", "Abono", "Crédito", "收入",
        // Income, a credit, a top-up.
        "Приход", "Зачисление", "Пополнение",
    ]
    public static let defaults = SideWords(debit: defaultDebit, credit: defaultCredit)

    public init(debit: [String], credit: [String]) {
        self.debit = debit.map(HeaderVocabulary.normalise).filter { !$0.isEmpty }
        self.credit = credit.map(HeaderVocabulary.normalise).filter { !$0.isEmpty }
        debitBytes = self.debit.map { Array($0.utf8) }
        creditBytes = self.credit.map { Array($0.utf8) }
    }

    public enum Side: Sendable { case debit, credit }

    /// The side a cell names, or nil when it is neither word.
    public func side(of cell: String) -> Side? {
        guard cell.utf8.count <= HeaderVocabulary.longestWordCell else { return nil }
        let key = HeaderVocabulary.normalise(cell)
        if debit.contains(key) { return .debit }
        if credit.contains(key) { return .credit }
        return nil
    }

    /// The same for a cell's bytes: ASCII cells are compared in place, others through a String.
    func side(of cell: Span<UInt8>) -> Side? {
        var start = 0
        var end = cell.count
        while start < end, cell[start] == 0x20 || cell[start] == 0x09 { start += 1 }
        while end > start, cell[end - 1] == 0x20 || cell[end - 1] == 0x09 { end -= 1 }
        let trimmed = cell.extracting(start..<end)
        guard trimmed.indices.allSatisfy({ trimmed[$0] < 0x80 && trimmed[$0] != UInt8(ascii: ".") }) else {
            return side(of: SpanBytes.string(trimmed))
        }
        if debitBytes.contains(where: { equalsIgnoringCase(trimmed, $0) }) { return .debit }
        if creditBytes.contains(where: { equalsIgnoringCase(trimmed, $0) }) { return .credit }
        return nil
    }

    private func equalsIgnoringCase(_ cell: Span<UInt8>, _ word: [UInt8]) -> Bool {
        guard cell.count == word.count else { return false }
        for index in 0..<word.count {
            var byte = cell[index]
            if byte >= 0x41, byte <= 0x5A { byte += 0x20 }
            if byte != word[index] { return false }
        }
        return true
    }
}
