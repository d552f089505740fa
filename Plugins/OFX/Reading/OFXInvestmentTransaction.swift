/// An investment transaction (`BUYSTOCK`, `SELLMF`, `INCOME`, `REINVEST`…) read as the one
/// entry of its cash effect: `TOTAL`, signed as the account's cash sees it (a buy's is negative).
extension OFXTransactionFields {
    /// Investment transactions that move no cash: units only (`TRANSFER`, `SPLIT`, `JRNLSEC`,
    /// `CLOSUREOPT`), or cash between the account's own sub-accounts (`JRNLFUND`). Counted in
    /// a note, not read.
    static let withoutCashEffect: Set<String> = ["TRANSFER", "SPLIT", "JRNLSEC", "CLOSUREOPT", "JRNLFUND"]

    /// Whether `kind` spends the account's cash: a buy, or a `REINVEST` (its `TOTAL` is the
    /// purchase). A sale (`SELL…`) receives it; income and expenses keep `TOTAL`'s sign either
    /// way (a reversed dividend is negative).
    static func spends(kind: String) -> Bool { kind.hasPrefix("BUY") || kind == "REINVEST" }

    /// The entry, or the first field that stops it: `TOTAL`, then the date (`INVTRAN/DTSETTLE`,
    /// else `DTTRADE`, as `DTPOSTED` goes before `DTUSER`: the day the cash moves first).
    func resolvedInvestment(kind: String, securities: OFXSecurities, currency: String?, decimals: Int?) -> Result<
        OFXTransaction, OFXReject
    > {
        let amount: String, date: String
        switch amountAndDate(
            (.total, "TOTAL"), (.settle, "DTSETTLE"), else: (.trade, "DTTRADE"), within: "INVTRAN.")
        {
        case let .success(read): (amount, date) = read
        case let .failure(reject): return .failure(reject)
        }
        // OFX signs amounts from the customer's side (spec 3.2.9.2: an investment buy's amount
        // is negative, a sale's positive; Vanguard's SELLMF of -42.123 units is +4212.3). A sign
        // the other way is a file at odds with itself, not a guess to make.
        let negative = amount.hasPrefix("-")
        let nonZero = amount.contains { $0 >= "1" && $0 <= "9" }
        if nonZero, !negative, Self.spends(kind: kind) {
            return reject("TOTAL", "\(amount) is positive, but a \(kind) spends cash: OFX writes its TOTAL negative")
        }
        if nonZero, negative, kind.hasPrefix("SELL") {
            return reject("TOTAL", "\(amount) is negative, but a \(kind) receives cash: OFX writes its TOTAL positive")
        }
        if let foreign: Result<OFXTransaction, OFXReject> = foreignCurrency(statement: currency) { return foreign }
        if let excess: Result<OFXTransaction, OFXReject> = moreDecimals(amount, "TOTAL", .total, currency, decimals) {
            return excess
        }
        let uniqueID = value(.uniqueID).map(string)
        let securityID = uniqueID.map { id in value(.uniqueIDType).map { "\(string($0)) \(id)" } ?? id }
        let security = securityID.flatMap { securities[$0] }
        // The vendor is the security (its SECLIST name, else its ticker or id); the memo says
        // what happened to how many units of it: `BUYSTOCK 100 units of ACME (CUSIP 000000001) at 25.50`.
        let vendor = security?.name ?? security?.ticker ?? securityID ?? kind
        var parts = [kind]
        if let type = value(.incomeType) { parts.append(string(type)) }
        let units = value(.units).map(string)
        if let units { parts.append("\(units) units") }
        if let securityID {
            let named = security?.ticker.map { "\($0) (\(securityID))" } ?? securityID
            parts.append(units == nil ? named : "of \(named)")
        }
        if let price = value(.unitPrice) { parts.append("at \(string(price))") }
        var memo = parts.joined(separator: " ")
        if let note = value(.memo) { memo += "; " + string(note) }
        return .success(
            OFXTransaction(
                date: date, vendor: vendor, amount: amount, id: value(.fitid).map(string), memo: memo,
                pending: false, location: location, raw: rawText))
    }
}

extension OFXTransactionFields {
    /// What says a buy's money came from, or a sale's went, outside the account's cash: its
    /// `SUBACCTFUND` is `OTHER` (spec 13.9: where the money came from or went; a 401(k)'s
    /// contributions, Vanguard's and the spec's own 401(k) example), with its `INV401KSOURCE`:
    /// `SUBACCTFUND OTHER, 401(k) source PRETAX`. Nil for any other transaction.
    func outsideFunding(kind: @autoclosure () -> String) -> String? {
        guard let fund = value(.subAccountFund), string(fund).uppercased() == "OTHER" else { return nil }
        let kind = kind()
        guard kind.hasPrefix("BUY") || kind.hasPrefix("SELL") else { return nil }
        return "SUBACCTFUND OTHER" + (value(.source401k).map { ", 401(k) source \(string($0))" } ?? "")
    }
}

extension OFXTransaction {
    /// For a buy paid for, or a sale paid out, outside the account's cash
    /// (``OFXTransactionFields/outsideFunding(kind:)``): that money, the same amount the other
    /// way, its id and location the trade's with `.funding` or `.payout`.
    func outsideHalf(_ why: String, buying: Bool) -> OFXTransaction {
        var half = self
        let suffix = buying ? ".funding" : ".payout"
        half.amount = OFXAmount.negated(amount)
        half.id = id.map { $0 + suffix }
        half.location = location + suffix
        half.memo =
            (buying ? "paid in from outside the account's cash (" : "paid out of the account (") + why + "): "
            + (memo ?? "")
        return half
    }

    /// For a `REINVEST` read as its purchase: the income it reinvests, the same amount the other
    /// way, its id and location the purchase's with `.income`.
    var reinvestedIncome: OFXTransaction {
        var income = self
        income.amount = OFXAmount.negated(amount)
        income.id = id.map { $0 + ".income" }
        income.location = location + ".income"
        income.memo = "income reinvested: " + (memo ?? "")
        return income
    }
}

/// What `SECLISTMSGSRSV1/SECLIST` says of each security, by its `SECID` (`CUSIP 037833100`).
public typealias OFXSecurities = [String: OFXSecurity]

public struct OFXSecurity: Sendable, Equatable {
    /// `SECINFO/SECNAME`.
    public var name: String?
    /// `SECINFO/TICKER`.
    public var ticker: String?
}

/// Collects a file's `SECLIST`: a pass of its own before the statements are read, because OFX
/// writes it after them.
struct OFXSecurityList {
    let names: OFXNames
    private(set) var securities: OFXSecurities = [:]
    private var stack: [OFXNames.ID] = []
    private var uniqueID = ""
    private var uniqueIDType = ""
    private var current = OFXSecurity()

    init(names: OFXNames) { self.names = names }

    /// Takes one node, which `reader` returned last.
    mutating func take(_ node: OFXNode, _ reader: OFXXMLReader) {
        switch node {
        case let .start(name, isEmpty):
            stack.append(name)
            if name == OFXNames.securityInfo {
                uniqueID = ""
                uniqueIDType = ""
                current = OFXSecurity()
            }
            if isEmpty { end() }
        case .text:
            let text = reader.withText(OFXText.trimmedString)
            guard stack.count >= 2, !text.isEmpty else { return }
            switch (stack[stack.count - 2], stack[stack.count - 1]) {
            case (OFXNames.security, OFXNames.uniqueID) where stack.dropLast(2).last == OFXNames.securityInfo:
                uniqueID += text
            case (OFXNames.security, OFXNames.uniqueIDType) where stack.dropLast(2).last == OFXNames.securityInfo:
                uniqueIDType += text
            case (OFXNames.securityInfo, OFXNames.securityName): current.name = (current.name ?? "") + text
            case (OFXNames.securityInfo, OFXNames.ticker): current.ticker = (current.ticker ?? "") + text
            default: break
            }
        case .end:
            end()
        case .other:
            break
        }
    }

    private mutating func end() {
        if stack.popLast() == OFXNames.securityInfo, !uniqueID.isEmpty {
            securities[uniqueIDType.isEmpty ? uniqueID : "\(uniqueIDType) \(uniqueID)"] = current
        }
    }
}
