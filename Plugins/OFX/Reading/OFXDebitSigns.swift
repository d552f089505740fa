import Glibc

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

/// A pass over a file that counts each bank and card statement's `DEBIT`s by sign, before its
/// transactions are read: OFX writes no opening balance and no flag for unsigned amounts, so the
/// whole statement's `DEBIT`s are the evidence, and the first transaction already needs it.
struct OFXDebitSurvey {
    let names: OFXNames
    /// By statement path (`STMTRS[0]`), each statement read to its end tag.
    private(set) var statements: [String: OFXDebitSigns] = [:]
    private var stack: [OFXNames.ID] = []
    private var statementsSeen: [OFXNames.ID: Int] = [:]
    /// The open bank or card statement's path; nil in an investment one.
    private var path: String?
    private var signs = OFXDebitSigns()
    private var statementDepth = 0
    private var transactionDepth = 0
    private var type: [UInt8] = []
    private var amount: [UInt8] = []

    init(names: OFXNames) { self.names = names }

    mutating func take(_ node: OFXNode) {
        switch node {
        case let .start(name, isEmpty):
            stack.append(name)
            start(name)
            if isEmpty { end() }
        case let .text(value):
            guard transactionDepth > 0, stack.count == transactionDepth + 1 else { return }
            if stack[stack.count - 1] == OFXNames.transactionType { type.append(contentsOf: value) }
            if stack[stack.count - 1] == OFXNames.amount { amount.append(contentsOf: value) }
        case .end:
            end()
        case .other:
            break
        }
    }

    /// Statements and transactions open as the walk opens them (``OFXWalk``), so their paths agree.
    private mutating func start(_ name: OFXNames.ID) {
        if statementDepth == 0 {
            guard
                name == OFXNames.bankStatement || name == OFXNames.cardStatement
                    || name == OFXNames.investmentStatement
            else { return }
            let index = statementsSeen[name, default: 0]
            statementsSeen[name] = index + 1
            statementDepth = stack.count
            path = name == OFXNames.investmentStatement ? nil : "\(names.string(name))[\(index)]"
            signs = OFXDebitSigns()
        } else if path != nil, transactionDepth == 0,
            name == OFXNames.transaction || name == OFXNames.pendingTransaction
        {
            transactionDepth = stack.count
            type.removeAll(keepingCapacity: true)
            amount.removeAll(keepingCapacity: true)
        }
    }

    private mutating func end() {
        if transactionDepth > 0, stack.count == transactionDepth {
            transactionDepth = 0
            count()
        } else if statementDepth > 0, stack.count == statementDepth {
            statementDepth = 0
            if let path { statements[path] = signs }
            path = nil
        }
        stack.removeLast()
    }

    /// Counts the closed transaction when it is a `DEBIT` with an amount other than zero.
    private mutating func count() {
        let isDebit = type.withUnsafeBufferPointer {
            OFXText.string(OFXText.trimmed($0)).uppercased() == "DEBIT"
        }
        guard isDebit, let amount = amount.withUnsafeBufferPointer(OFXAmount.normalized),
            !OFXAmount.isZero(amount)
        else { return }
        if amount.hasPrefix("-") { signs.negative += 1 } else { signs.positive += 1 }
    }

    /// Whether some transaction of the file may be a `DEBIT` written positive: a `<TRNTYPE>DEBIT`
    /// and a `<TRNAMT>` without a `-` between one `<STMTTRN` and the next. When none is, every
    /// statement reads as written and the pass is not made: a search of the bytes costs a small
    /// part of a parse. It may say yes wrongly (a comment, a statement's last transaction followed
    /// by another element's), never no.
    static func mayHavePositiveDebit(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
        let all = UnsafeBufferPointer(start: base, count: bytes.count)
        var start = OFXText.firstOffset(of: transactionTag, in: all, from: 0)
        while let begin = start {
            let next = OFXText.firstOffset(of: transactionTag, in: all, from: begin + transactionTag.count)
            let segment = UnsafeBufferPointer(rebasing: all[begin..<(next ?? all.count)])
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
    private static func valueStart(after tag: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard var index = OFXText.firstOffset(of: tag, in: bytes, from: 0).map({ $0 + tag.count }) else { return nil }
        while index < bytes.count, OFXText.isASCIIWhitespace(bytes[index]) { index += 1 }
        return index < bytes.count ? index : nil
    }

    private static func startsWithDebit(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let word = Array("DEBIT".utf8)
        guard index + word.count <= bytes.count else { return false }
        for (offset, letter) in word.enumerated() where bytes[index + offset] & 0xDF != letter { return false }
        let after = index + word.count
        return after == bytes.count
            || !(bytes[after] & 0xDF >= UInt8(ascii: "A") && bytes[after] & 0xDF <= UInt8(ascii: "Z"))
    }
}
