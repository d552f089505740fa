import StatementText

/// Follows libxml2's nodes through the OFX tree: which statement and transaction they belong
/// to, and the element path for messages. Keeps one transaction's leaves at a time.
struct OFXWalk {
    let names: OFXNames
    /// Reads the file's `SECLIST`, for investment transactions' vendors and memos: called once,
    /// at the first of them, so a bank or card statement never pays for it.
    let loadSecurities: () -> OFXSecurities
    private var securities: OFXSecurities?
    /// What the walk reads of the transactions.
    let pass: Pass
    private var stack: [OFXNames.ID] = []
    private var statementsSeen: [OFXNames.ID: Int] = [:]
    private var statement: OFXStatement?
    /// `STMTRS[0].STMTTRN[`: the start of the statement's `STMTTRN`s' locations.
    private var locationPrefix = ""
    /// The stack's depth with the statement's element on top; 0 while no statement is open.
    /// Tested instead of `statement != nil`, which copies the statement (retaining each of its
    /// texts and tables) to compare it: a copy at every start tag, 8% of reading a file.
    private var statementDepth = 0
    private var began = false
    private var fields = OFXTransactionFields()
    /// The open transaction's `TRNTYPE` and `TRNAMT` as read, in a ``Pass/debitSigns`` walk.
    private var debit: (type: [UInt8], amount: [UInt8]) = ([], [])
    /// The stack's depth with the open transaction's element on top; 0 outside one.
    private var transactionDepth = 0
    /// The open transaction's element: `STMTTRN`, or an investment one (`BUYSTOCK`…).
    private var transactionElement = OFXNames.transaction
    /// The open transaction's index among the statement's elements of its name.
    private var transactionIndex = 0
    /// How many of each transaction element the statement has shown.
    private var transactionsSeen: [OFXNames.ID: Int] = [:]
    /// The `FITID`s of the statement's transactions read so far, each with an FNV-1a hash of its
    /// bytes, for ``OFXStatement/repeatedFITIDs``: sorted by hash once, at the statement's end (a
    /// dictionary of them, looked up at each transaction, was 1,200 instructions a transaction).
    private var fitids: [(hash: UInt64, id: String)] = []
    /// A `STATUS` of the sign-on or of a statement's response, as it is read.
    private var status = OFXStatus()
    /// A `STATUS` that is not success, or a transaction begun inside another: reading stops
    /// there, and the file fails.
    private(set) var refusal: (path: String, message: String)?

    /// Each bank or card statement's `DEBIT`s by sign, by path (a ``Pass/debitSigns`` walk's): how
    /// its amounts are read. A statement not in it reads them as written.
    let debitSigns: [String: OFXDebitSigns]

    enum Pass {
        /// Only the statements (their accounts and ledger balances): a statement counts none.
        case statements
        /// The statements, each bank or card statement's `DEBIT`s counted by sign in its
        /// ``OFXStatement/debitSigns``: the pass that decides how its amounts read.
        case debitSigns
        /// The statements and their transactions, each one's leaves kept and resolved.
        case transactions
    }

    init(
        names: OFXNames, pass: Pass = .transactions, debitSigns: [String: OFXDebitSigns] = [:],
        loadSecurities: @escaping () -> OFXSecurities = { [:] }
    ) {
        self.names = names
        self.debitSigns = debitSigns
        self.pass = pass
        self.loadSecurities = loadSecurities
    }

    /// How many statements the file has shown so far.
    var statementCount: Int { statementsSeen.values.reduce(0, +) }

    /// The statement read now; began: whether ``OFXEvent/statementBegan(_:)`` was sent for it.
    var openStatement: (statement: OFXStatement, began: Bool)? { statement.map { ($0, began) } }

    /// The open elements' names, outermost first.
    var openNames: [String] { stack.map(names.string) }

    /// `OFX.BANKMSGSRSV1.STMTTRNRS.STMTRS[0].BANKTRANLIST.STMTTRN[3]`: where the walk is.
    var path: String { path(depth: stack.count) }

    /// The path of the outermost `depth` open elements.
    func path(depth: Int) -> String {
        stack.prefix(depth).enumerated().map { depth, id in
            if depth + 1 == statementDepth, let statement { return statement.path }
            if depth + 1 == transactionDepth { return "\(names.string(id))[\(transactionIndex)]" }
            return names.string(id)
        }.joined(separator: ".")
    }

    /// Takes one node, which `reader` returned last; false when `visit` said stop.
    mutating func take(_ node: OFXNode, _ reader: OFXXMLReader, _ visit: (OFXEvent) -> Bool) -> Bool {
        switch node {
        case let .start(name, isEmpty):
            guard start(name, visit) else { return false }
            return isEmpty ? end(name, visit) : true
        case .text:
            reader.withText { text($0) }
            return true
        case let .end(name):
            return end(name, visit)
        case .other:
            return true
        }
    }

    // MARK: Nodes

    private mutating func start(_ name: OFXNames.ID, _ visit: (OFXEvent) -> Bool) -> Bool {
        if let open = unclosed(before: name) {
            let open = names.string(open)
            refusal = (
                path, "\(names.string(name)) begins before this \(open) ends: its </\(open)> is missing or damaged"
            )
            return false
        }
        stack.append(name)
        if transactionDepth > 0 {
            if pass == .transactions { fields.open(names.bytes[Int(name)]) }
        } else if statementDepth == 0 && Self.isStatement(name) {
            let index = statementsSeen[name, default: 0]
            statementsSeen[name] = index + 1
            var statement = OFXStatement(element: names.string(name), index: index)
            statement.debitSigns = debitSigns[statement.path] ?? OFXDebitSigns()
            self.statement = statement
            locationPrefix = statement.path + ".STMTTRN["
            statementDepth = stack.count
            began = false
            transactionsSeen.removeAll()
            fitids.removeAll(keepingCapacity: true)
        } else if statementDepth > 0 {
            let parent = stack[stack.count - 2]
            if name == OFXNames.transaction {
                return beginTransaction(name, location: locationPrefix, visit)
            } else if name == OFXNames.pendingTransaction {
                return beginTransaction(name, location: "\(statement!.path).STMTTRNP[", visit)
            } else if parent == OFXNames.investmentList, statement!.isInvestment, name != OFXNames.investmentBank,
                name != OFXNames.listStart, name != OFXNames.listEnd
            {
                return beginTransaction(name, location: "\(statement!.path).\(names.string(name))[", visit)
            } else if stack.count == statementDepth + 1, name == OFXNames.bankList || name == OFXNames.investmentList {
                self.statement!.hasTransactionList = true
            } else if parent == OFXNames.positionList {
                self.statement!.positions += 1
            }
        } else if name == OFXNames.status {
            status = OFXStatus()
        }
        return true
    }

    /// The open transaction or statement `name` cannot begin inside, its end tag missing or
    /// damaged (`</STMT`). Read on, the next transaction's leaves would be the open one's
    /// children and its money lost, the next statement's transactions the open one's account's,
    /// without a word.
    private func unclosed(before name: OFXNames.ID) -> OFXNames.ID? {
        if transactionDepth > 0,
            name == transactionElement || name == OFXNames.transaction || name == OFXNames.pendingTransaction
        {
            return transactionElement
        }
        return statementDepth > 0 && Self.isStatement(name) ? stack[statementDepth - 1] : nil
    }

    private static func isStatement(_ name: OFXNames.ID) -> Bool {
        name == OFXNames.bankStatement || name == OFXNames.cardStatement || name == OFXNames.investmentStatement
    }

    /// Opens a transaction (`STMTTRN`, or an investment one such as `BUYSTOCK`) at the top of
    /// the stack; its location is `location` and its index.
    private mutating func beginTransaction(_ name: OFXNames.ID, location: String, _ visit: (OFXEvent) -> Bool)
        -> Bool
    {
        guard begin(visit) else { return false }
        transactionIndex = transactionsSeen[name, default: 0]
        transactionsSeen[name] = transactionIndex + 1
        transactionElement = name
        if pass == .transactions {
            let pending = stack[statementDepth...].contains { names.isPending[Int($0)] }
            fields.begin(
                element: names.bytes[Int(name)], location: location + String(transactionIndex) + "]", pending: pending)
        } else if pass == .debitSigns {
            debit.type.removeAll(keepingCapacity: true)
            debit.amount.removeAll(keepingCapacity: true)
        }
        transactionDepth = stack.count
        return true
    }

    private mutating func text(_ value: Span<UInt8>) {
        if transactionDepth > 0 {
            let below = stack.count - transactionDepth
            guard pass != .statements, below > 0 else { return }
            if pass == .debitSigns {
                let leaf = stack[stack.count - 1]
                if below == 1, leaf == OFXNames.transactionType { SpanBytes.append(value, to: &debit.type) }
                if below == 1, leaf == OFXNames.amount { SpanBytes.append(value, to: &debit.amount) }
                return
            }
            guard transactionElement == OFXNames.transaction || transactionElement == OFXNames.pendingTransaction else {
                let leaf = investmentLeaf()
                if leaf == .currencySymbol { fields.currencyPath = currencyPath }
                fields.add(leaf, underPayee: false, value)
                return
            }
            let first = stack[transactionDepth]
            let leaf: OFXTransactionFields.Leaf?
            switch (below, stack[stack.count - 1]) {
            case (1, OFXNames.amount): leaf = .amount
            case (1, OFXNames.posted): leaf = .posted
            case (1, OFXNames.transactionDate): leaf = .transactionDate
            case (1, OFXNames.user): leaf = .user
            case (1, OFXNames.name): leaf = .name
            case (1, OFXNames.memo): leaf = .memo
            case (1, OFXNames.fitid): leaf = .fitid
            case (1, OFXNames.transactionType): leaf = .transactionType
            case (1, OFXNames.checkNumber): leaf = .checkNumber
            case (1, OFXNames.correctAction): leaf = .correctAction
            case (1, OFXNames.correctFITID): leaf = .correctFITID
            case (2, OFXNames.name) where first == OFXNames.payee: leaf = .payeeName
            case (2, OFXNames.currencySymbol) where first == OFXNames.currency:
                leaf = .currencySymbol
                fields.currencyPath = currencyPath
            default: leaf = nil
            }
            fields.add(leaf, underPayee: below > 1 && first == OFXNames.payee, value)
            return
        }
        guard statementDepth > 0, stack.count > statementDepth else {
            if stack.count >= 3, stack[stack.count - 2] == OFXNames.status {
                status.take(stack[stack.count - 1], OFXText.trimmedString(value))
            }
            return
        }
        let trimmed = OFXText.trimmedString(value)
        let within = stack[statementDepth...].map(names.string).joined(separator: ".")
        switch within {
        // An empty CURDEF names no currency: the account has none (and a note says so), not "".
        case "CURDEF": statement!.currency = trimmed.isEmpty ? nil : trimmed
        case "BANKACCTFROM.ACCTID", "CCACCTFROM.ACCTID", "INVACCTFROM.ACCTID": statement!.accountID = trimmed
        case "BANKACCTFROM.ACCTTYPE": statement!.accountType = trimmed
        case "LEDGERBAL.BALAMT": statement!.balanceText = trimmed
        case "LEDGERBAL.DTASOF": statement!.balanceDate = OFXDate.converted(trimmed) ?? trimmed
        case "INVBAL.AVAILCASH": statement!.availableCash = trimmed
        // A LEDGERBAL below another element of the statement is not its balance, and is not
        // read as one; but a balance is never dropped without a word.
        case _ where within.hasSuffix(".LEDGERBAL.BALAMT") && !trimmed.isEmpty:
            statement!.misplacedBalance = statement!.misplacedBalance ?? OFXStatement.Leaf(path: within, text: trimmed)
        default: break
        }
    }

    /// `CURRENCY.CURSYM`, `INVBUY.CURRENCY.CURSYM`: the open leaf's path below the transaction.
    private var currencyPath: String { stack[transactionDepth...].map(names.string).joined(separator: ".") }

    /// The leaf of an investment transaction at the top of the stack, by its name and its
    /// parent's: `INVTRAN`'s and `SECID`'s own, the others at any depth (a buy or sell wraps
    /// them in `INVBUY`/`INVSELL`).
    private func investmentLeaf() -> OFXTransactionFields.Leaf? {
        guard stack.count - transactionDepth >= 1 else { return nil }
        let parent = stack[stack.count - 2]
        switch stack[stack.count - 1] {
        case OFXNames.fitid where parent == OFXNames.investment: return .fitid
        case OFXNames.memo where parent == OFXNames.investment: return .memo
        case OFXNames.settle where parent == OFXNames.investment: return .settle
        case OFXNames.trade where parent == OFXNames.investment: return .trade
        case OFXNames.uniqueID where parent == OFXNames.security: return .uniqueID
        case OFXNames.uniqueIDType where parent == OFXNames.security: return .uniqueIDType
        case OFXNames.units: return .units
        case OFXNames.unitPrice: return .unitPrice
        case OFXNames.total: return .total
        case OFXNames.incomeType: return .incomeType
        case OFXNames.subAccountFund: return .subAccountFund
        case OFXNames.source401k: return .source401k
        case OFXNames.currencySymbol where parent == OFXNames.currency: return .currencySymbol
        default: return nil
        }
    }

    private mutating func end(_ name: OFXNames.ID, _ visit: (OFXEvent) -> Bool) -> Bool {
        defer { stack.removeLast() }
        if transactionDepth > 0 {
            guard stack.count == transactionDepth else {
                if pass == .transactions { fields.close(names.bytes[Int(name)]) }
                return true
            }
            transactionDepth = 0
            let element = transactionElement
            if element != OFXNames.transaction,
                OFXTransactionFields.withoutCashEffect.contains(names.string(element))
            {
                statement!.skipped[names.string(element), default: 0] += 1
                return true
            }
            guard pass == .transactions else {
                if pass == .debitSigns, !statement!.isInvestment {
                    statement!.debitSigns.count(type: debit.type, amount: debit.amount)
                }
                return true
            }
            fields.close(names.bytes[Int(element)])
            let resolved: Result<OFXTransaction, OFXReject>
            if element == OFXNames.transaction || element == OFXNames.pendingTransaction {
                resolved = fields.resolved(
                    currency: statement!.currency, decimals: statement!.decimals,
                    reading: statement!.debitSigns.reading, card: statement!.isCard)
            } else {
                if securities == nil { securities = loadSecurities() }
                resolved = fields.resolvedInvestment(
                    kind: names.string(element), securities: securities!, currency: statement!.currency,
                    decimals: statement!.decimals)
            }
            switch resolved {
            case let .success(entry):
                statement!.include(day: entry.date)
                if let id = entry.id { fitids.append((ReferenceHash.of(id.utf8.span), id)) }
                if let note = entry.note { guard visit(.note(note)) else { return false } }
                // A REINVEST is income bought back into the security at once: its TOTAL is the
                // purchase, and the income it spends is in no INCOME of the file (the spec
                // reports a reinvestment as the one transaction). Both are written, so the cash
                // moves by nothing and each half is seen, its location naming which
                // (`REINVEST[0].income`, `REINVEST[0].purchase`), as the host's rejects do.
                var entry = entry
                if element == OFXNames.reinvest {
                    statement!.transactions += 1
                    guard visit(.transaction(entry.reinvestedIncome)) else { return false }
                    entry.location += ".purchase"
                } else if element != OFXNames.transaction, element != OFXNames.pendingTransaction,
                    let outside = fields.outsideFunding(kind: names.string(element)), !OFXAmount.isZero(entry.amount)
                {
                    // A buy paid for, or a sale paid out, outside the account's cash (a 401(k)'s
                    // payroll contributions): its other half is written beside it, as a
                    // REINVEST's, so the cash moves by nothing. Read as cash alone, Vanguard's
                    // 401(k) spent 2,019.00 the account never had.
                    let buying = entry.amount.hasPrefix("-")
                    let half = entry.outsideHalf(outside, buying: buying)
                    entry.location += buying ? ".purchase" : ".sale"
                    statement!.transactions += 2
                    guard visit(.transaction(buying ? half : entry)) else { return false }
                    return visit(.transaction(buying ? entry : half))
                }
                statement!.transactions += 1
                return visit(.transaction(entry))
            case let .failure(reject):
                statement!.rejects += 1
                return visit(.reject(reject))
            }
        }
        if statementDepth == 0, name == OFXNames.status, stack.count >= 2,
            OFXStatus.answers.contains(names.string(stack[stack.count - 2])), let message = status.refusal
        {
            refusal = (path, message)
            return false
        }
        guard stack.count == statementDepth, var statement else { return true }
        guard begin(visit) else { return false }
        statement.repeatedFITIDs = Self.repeats(among: &fitids)
        self.statement = nil
        statementDepth = 0
        return visit(.statementEnded(statement))
    }

    /// Each id that `fitids` holds more than once, with how many times: the hashes sorted, and the
    /// ids of a hash that repeats counted (two ids of one hash that differ are no repeat).
    private static func repeats(among fitids: inout [(hash: UInt64, id: String)]) -> [String: Int] {
        guard fitids.count > 1 else { return [:] }
        fitids.sort { $0.hash < $1.hash }
        var repeats: [String: Int] = [:]
        var start = 0
        while start < fitids.count {
            var end = start + 1
            while end < fitids.count && fitids[end].hash == fitids[start].hash { end += 1 }
            if end - start > 1 {
                var counts: [String: Int] = [:]
                for k in start..<end { counts[fitids[k].id, default: 0] += 1 }
                for (id, count) in counts where count > 1 { repeats[id] = count }
            }
            start = end
        }
        return repeats
    }

    /// Sends ``OFXEvent/statementBegan(_:)`` once a statement: its account precedes its
    /// transactions in every OFX file, so it is known by now.
    private mutating func begin(_ visit: (OFXEvent) -> Bool) -> Bool {
        guard !began, let statement else { return true }
        began = true
        return visit(.statementBegan(statement))
    }
}

/// A response's `STATUS`: `CODE` 0 is success; any other code with a `SEVERITY` other than
/// `INFO` means the bank sent no statement (`15500` a wrong password, `2000` its own error).
struct OFXStatus {
    /// The responses whose `STATUS` decides whether the file holds what was asked for.
    static let answers: Set<String> = ["SONRS", "STMTTRNRS", "CCSTMTTRNRS", "INVSTMTTRNRS"]

    var code = ""
    var severity = ""
    var message = ""

    mutating func take(_ leaf: OFXNames.ID, _ text: String) {
        switch leaf {
        case OFXNames.code: code += text
        case OFXNames.severity: severity += text
        case OFXNames.message: message += text
        default: break
        }
    }

    /// `the bank answered with STATUS 15500 (ERROR): Invalid user ID or password`; nil for success.
    var refusal: String? {
        guard !code.isEmpty, code.contains(where: { $0 != "0" }), severity.uppercased() != "INFO" else { return nil }
        let severity = self.severity.isEmpty ? "" : " (\(self.severity))"
        return "the bank answered with STATUS \(code)\(severity): \(message.isEmpty ? "no MESSAGE" : message)"
    }
}
