/// The `sign` option: whether a statement's own `DEBIT`s may say that its amounts are unsigned.
public enum OFXSignOption: String, Sendable, CaseIterable {
    /// Each bank or card statement's `DEBIT`s decide (``OFXDebitSigns/reading``).
    case auto
    /// Every `TRNAMT` is read with the sign it is written with, whatever its `TRNTYPE`.
    case asIs = "as-is"
}

/// How a statement's `TRNAMT`s are read, decided by the signs of its `DEBIT`s.
public enum OFXAmountReading: Sendable, Equatable {
    /// As written: OFX signs amounts from the customer's side, money out negative.
    case asWritten
    /// Unsigned: every `DEBIT` is written positive, so the amounts are absolute values and each
    /// one's `TRNTYPE` says which way it went (``OFXDirection``).
    case absolute
    /// As written, but the statement writes `DEBIT`s both ways: each one written positive is
    /// rejected, since nothing says which of its two signs is the mistake.
    case mixed
}

/// How many of a bank or card statement's `DEBIT`s (its `STMTTRN`s and `STMTTRNP`s) are written
/// positive and how many negative; zeros count as neither.
public struct OFXDebitSigns: Sendable, Equatable {
    public var positive = 0
    public var negative = 0

    public init(positive: Int = 0, negative: Int = 0) {
        self.positive = positive
        self.negative = negative
    }

    /// Unsigned amounts need a `DEBIT` written positive and none written negative: a statement
    /// with no `DEBIT` says nothing against the spec's sign.
    public var reading: OFXAmountReading {
        positive == 0 ? .asWritten : negative == 0 ? .absolute : .mixed
    }

    /// What the statement's notes say of its reading; nil when its amounts are read as written.
    var note: String? {
        switch reading {
        case .asWritten:
            return nil
        case .absolute:
            return "amounts read as unsigned, TRNTYPE giving the direction: "
                + (positive == 1 ? "its DEBIT is" : "its \(positive) DEBITs are all")
                + " written positive, where OFX writes money out negative (sign=as-is reads them as written)"
        case .mixed:
            return "\(negative.counted("DEBIT")) written negative and \(positive) positive: amounts read as "
                + "written, and each DEBIT written positive is rejected (sign=as-is reads them as written)"
        }
    }
}

/// Which way a `TRNTYPE` moves money, from the OFX spec's table of transaction types (OFX 2.2,
/// 11.4.4.3), for a statement whose amounts are unsigned.
enum OFXDirection {
    case moneyOut, moneyIn
    /// The spec leaves it to the amount's sign (`INT`, `ATM`, `POS`: "depends on signage of
    /// amount"), or the type does not say (`XFER`, `OTHER`, `HOLD`, a bank's own).
    case open

    /// `card`: a credit-card statement, where a `PAYMENT` (or `REPEATPMT`) is as likely the
    /// holder paying the card, money in, as a charge.
    init(type: String?, card: Bool) {
        switch type?.uppercased() {
        case "DEBIT", "FEE", "SRVCHG", "CHECK", "CASH", "DIRECTDEBIT": self = .moneyOut
        case "PAYMENT", "REPEATPMT": self = card ? .open : .moneyOut
        case "CREDIT", "DEP", "DIRECTDEP", "DIV": self = .moneyIn
        default: self = .open
        }
    }
}

extension OFXDebitSigns {
    /// Counts a bank or card statement's transaction by its `TRNTYPE` and `TRNAMT` as read, when
    /// it is a `DEBIT` with an amount other than zero. OFX writes no opening balance and no flag
    /// for unsigned amounts: the whole statement's `DEBIT`s are the evidence.
    mutating func count(type: [UInt8], amount: [UInt8]) {
        guard OFXText.trimmedString(type.span).uppercased() == "DEBIT", let amount = OFXAmount.normalized(amount.span),
            !OFXAmount.isZero(amount)
        else { return }
        if amount.hasPrefix("-") { negative += 1 } else { positive += 1 }
    }

    /// Whether some transaction of the file may be a `DEBIT` written positive: a `<TRNTYPE>DEBIT`
    /// and a `<TRNAMT>` without a `-` between one `<STMTTRN` and the next. When none is, every
    /// statement reads as written and the pass is not made: a search of the bytes costs a small
    /// part of a parse. It may say yes wrongly (a comment, a statement's last transaction followed
    /// by another element's), never no.
    static func mayHavePositiveDebit(_ all: Span<UInt8>) -> Bool {
        var start = OFXText.firstOffset(of: transactionTag, in: all, from: 0)
        while let begin = start {
            let next = OFXText.firstOffset(of: transactionTag, in: all, from: begin + transactionTag.count)
            let segment = all.extracting(begin..<(next ?? all.count))
            if let type = valueStart(after: typeTag, in: segment), startsWithDebit(segment, at: type),
                let amount = valueStart(after: amountTag, in: segment), segment[amount] != UInt8(ascii: "-")
            {
                return true
            }
            start = next
        }
        return false
    }

    private static let transactionTag = Array("<STMTTRN".utf8)
    private static let typeTag = Array("<TRNTYPE>".utf8)
    private static let amountTag = Array("<TRNAMT>".utf8)

    /// Where the text after `tag` starts, its blanks skipped; nil without the tag or text.
    private static func valueStart(after tag: [UInt8], in bytes: Span<UInt8>) -> Int? {
        guard var index = OFXText.firstOffset(of: tag, in: bytes, from: 0).map({ $0 + tag.count }) else { return nil }
        while index < bytes.count, OFXText.isASCIIWhitespace(bytes[index]) { index += 1 }
        return index < bytes.count ? index : nil
    }

    private static let debitWord = Array("DEBIT".utf8)

    private static func startsWithDebit(_ bytes: Span<UInt8>, at index: Int) -> Bool {
        let word = debitWord
        guard index + word.count <= bytes.count else { return false }
        for (offset, letter) in word.enumerated() where bytes[index + offset] & 0xDF != letter { return false }
        let after = index + word.count
        return after == bytes.count
            || !(bytes[after] & 0xDF >= UInt8(ascii: "A") && bytes[after] & 0xDF <= UInt8(ascii: "Z"))
    }
}
