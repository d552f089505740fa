/// Follows libxml2's nodes through the OFX tree: which statement and transaction they belong
/// to, and the element path for messages. Keeps one transaction's leaves at a time.
struct OFXWalk {
    private var stack: [String] = []
    private var statementsSeen: [String: Int] = [:]
    private var statement: OFXStatement?
    /// The stack's depth with the statement's element on top.
    private var statementDepth = 0
    private var began = false
    private var transaction: OFXTransactionFields?
    private var transactionDepth = 0
    private var transactionsSeen = 0

    /// The statement read now; began: whether ``OFXEvent/statementBegan(_:)`` was sent for it.
    var openStatement: (statement: OFXStatement, began: Bool)? { statement.map { ($0, began) } }

    /// The open elements' names, outermost first.
    var names: [String] { stack }

    /// `OFX.BANKMSGSRSV1.STMTTRNRS.STMTRS[0].BANKTRANLIST.STMTTRN[3]`: where the walk is.
    var path: String { path(depth: stack.count) }

    /// The path of the outermost `depth` open elements.
    func path(depth: Int) -> String {
        stack.prefix(depth).enumerated().map { depth, name in
            if depth + 1 == statementDepth, let statement { return statement.path }
            if depth + 1 == transactionDepth, transaction != nil { return "\(name)[\(transactionsSeen - 1)]" }
            return name
        }.joined(separator: ".")
    }

    /// Takes one node; false when `visit` said stop.
    mutating func take(_ node: OFXNode, _ visit: (OFXEvent) -> Bool) -> Bool {
        switch node {
        case let .start(name, isEmpty):
            guard start(name, visit) else { return false }
            return isEmpty ? end(name, visit) : true
        case let .text(value):
            text(value)
            return true
        case let .end(name):
            return end(name, visit)
        case .other:
            return true
        }
    }

    // MARK: Nodes

    private mutating func start(_ name: String, _ visit: (OFXEvent) -> Bool) -> Bool {
        let inside = stack
        stack.append(name)
        if transaction != nil {
            transaction!.open(name)
        } else if statement == nil && (name == OFXStatement.bankElement || name == OFXStatement.cardElement) {
            let index = statementsSeen[name, default: 0]
            statementsSeen[name] = index + 1
            statement = OFXStatement(element: name, index: index)
            statementDepth = stack.count
            began = false
            transactionsSeen = 0
        } else if let statement, name == "STMTTRN" {
            guard begin(visit) else { return false }
            let pending = inside[statementDepth...].contains { $0.hasPrefix("PENDING") }
            transaction = OFXTransactionFields(
                location: "\(statement.path).STMTTRN[\(transactionsSeen)]", pending: pending)
            transactionDepth = stack.count
            transactionsSeen += 1
        }
        return true
    }

    private mutating func text(_ value: String) {
        if transaction != nil {
            let path = stack[transactionDepth...].joined(separator: ".")
            if !path.isEmpty { transaction!.add(path, value) }
            return
        }
        guard statement != nil, stack.count > statementDepth else { return }
        let trimmed = value.trimmingOFXBlanks()
        switch stack[statementDepth...].joined(separator: ".") {
        case "CURDEF": statement!.currency = trimmed
        case "BANKACCTFROM.ACCTID", "CCACCTFROM.ACCTID": statement!.accountID = trimmed
        case "BANKACCTFROM.ACCTTYPE": statement!.accountType = trimmed
        case "LEDGERBAL.BALAMT": statement!.balanceText = trimmed
        case "LEDGERBAL.DTASOF": statement!.balanceDate = OFXDate.converted(trimmed) ?? trimmed
        default: break
        }
    }

    private mutating func end(_ name: String, _ visit: (OFXEvent) -> Bool) -> Bool {
        defer { stack.removeLast() }
        if let fields = transaction {
            guard stack.count == transactionDepth else {
                transaction!.close(name)
                return true
            }
            transaction = nil
            transactionDepth = 0
            switch fields.resolved() {
            case let .success(entry):
                statement!.transactions += 1
                statement!.include(day: String(entry.date.prefix(10)))
                return visit(.transaction(entry))
            case let .failure(reject):
                statement!.rejects += 1
                return visit(.reject(reject))
            }
        }
        guard let statement, stack.count == statementDepth else { return true }
        guard begin(visit) else { return false }
        self.statement = nil
        statementDepth = 0
        return visit(.statementEnded(statement))
    }

    /// Sends ``OFXEvent/statementBegan(_:)`` once a statement: its account precedes its
    /// transactions in every OFX file, so it is known by now.
    private mutating func begin(_ visit: (OFXEvent) -> Bool) -> Bool {
        guard let statement, !began else { return true }
        began = true
        return visit(.statementBegan(statement))
    }
}
