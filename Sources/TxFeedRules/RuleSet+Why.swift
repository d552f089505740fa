import TxFeedModel

/// `txfeed rules why`: the way of one record through the rules, rule by rule.
extension RuleSet {
    /// What each rule made of one record, in order, and the outcome (the same as ``apply(to:)``'s).
    public struct Trace: Sendable {
        public struct Step: Sendable {
            public var rule: Rule
            public var matched: Bool
            /// For a rule that matched, each condition as it held; for one that did not, the
            /// first condition that failed.
            public var conditions: [String] = []
            /// What a rule that matched did: `category "Expenses:Groceries"`, what it could not
            /// set as an earlier rule had, `skip`, `stop`.
            public var actions: [String] = []
        }

        public var record: RuleRecord
        public var steps: [Step] = []
        /// The rules never tried, after a `stop` or a `skip`.
        public var untried = 0
        public var outcome = RuleOutcome()

        /// The trace as `rules why` prints it.
        public var lines: [String] {
            var lines = ["record: \(record.description)"]
            for step in steps {
                let head = "\(step.rule.label) at \(step.rule.place): "
                if step.matched {
                    lines.append(
                        head + "matched: "
                            + (step.conditions.isEmpty ? "match = {}" : step.conditions.joined(separator: "; ")))
                    lines += step.actions.map { "  " + $0 }
                } else {
                    lines.append(head + "no: " + step.conditions.joined(separator: "; "))
                }
            }
            if untried > 0 { lines.append("\(untried) later \("rule".plural(untried)) not tried") }
            if let reason = outcome.skipped {
                lines.append("result: skipped: \(reason)")
                return lines
            }
            let category = outcome.category.map { "\"\($0)\"" } ?? "none"
            let vendor = outcome.vendor.map { "\"\($0)\"" } ?? "\"\(record.vendor)\" (the bank's)"
            let tags = outcome.tags.isEmpty ? "none" : outcome.tags.map { "\"\($0)\"" }.joined(separator: ", ")
            let memo = outcome.memo ?? record.memo
            let memoText =
                memo.map { "\"\($0)\"" + (outcome.memo == nil ? " (the bank's)" : "") } ?? "none"
            lines.append("result: category \(category), vendor \(vendor), tags \(tags), memo \(memoText)")
            return lines
        }
    }

    /// The way of `record` through the rules, as ``apply(to:)`` takes it.
    public func trace(_ record: RuleRecord) -> Trace {
        var trace = Trace(record: record)
        var setBy: [String: Rule] = [:]
        for (i, rule) in rules.enumerated() {
            var step = Trace.Step(rule: rule, matched: false)
            var captures: [String?]?
            for condition in rule.match.conditions {
                if condition.holds(for: record, captures: &captures) {
                    step.conditions.append(condition.held(for: record))
                } else {
                    step.conditions = [condition.failed(for: record)]
                    break
                }
            }
            guard let found = rule.match.captures(for: record) else {
                trace.steps.append(step)
                continue
            }
            step.matched = true
            if let reason = rule.skip {
                step.actions.append("skip: \(reason)")
                trace.steps.append(step)
                trace.outcome = RuleOutcome(skipped: reason)
                trace.untried = rules.count - i - 1
                return trace
            }
            func set(_ field: String, _ template: Template?, _ value: inout String?) {
                guard let template else { return }
                let text = field == "vendor" ? template.vendor(for: record, captures: found) : template.expand(found)
                if value == nil {
                    value = text
                    setBy[field] = rule
                    step.actions.append("sets \(field) \"\(text)\"")
                } else {
                    step.actions.append(
                        "\(field) \"\(text)\" not set: \(setBy[field]?.label ?? "an earlier rule") set it first")
                }
            }
            set("category", rule.category, &trace.outcome.category)
            set("vendor", rule.vendor, &trace.outcome.vendor)
            set("memo", rule.memo, &trace.outcome.memo)
            for tag in rule.tags {
                if trace.outcome.tags.contains(tag) {
                    step.actions.append("tag \"\(tag)\" already there")
                } else {
                    trace.outcome.tags.append(tag)
                    step.actions.append("adds tag \"\(tag)\"")
                }
            }
            if rule.stop {
                step.actions.append("stop: no later rule applies")
                trace.steps.append(step)
                trace.untried = rules.count - i - 1
                return trace
            }
            trace.steps.append(step)
        }
        return trace
    }
}

extension RuleRecord: CustomStringConvertible {
    /// `vendor "TESCO", amount -4.50, memo "…"`: the fields it has.
    public var description: String {
        var parts = ["vendor \"\(vendor)\"", "amount \(amountText)"]
        if let memo { parts.append("memo \"\(memo)\"") }
        if let id { parts.append("id \"\(id)\"") }
        if !account.isEmpty { parts.append("account \"\(account)\"") }
        if !source.isEmpty { parts.append("source \"\(source)\"") }
        if let currency { parts.append("currency \"\(currency)\"") }
        if let date { parts.append("date \(Self.dateText(date))") }
        parts.append(isPending ? "pending" : "booked")
        return parts.joined(separator: ", ")
    }

    var amountText: String { RuleDecimal(mantissa: amountMinor, decimals: scale).text }

    /// `"-4.50"` as minor units and decimals (`-450`, 2); nil when it is not such an amount.
    public static func amount(_ text: String) -> (minor: Int64, scale: Int)? {
        RuleDecimal(text.trimmingSpaces).map { ($0.mantissa, $0.decimals) }
    }
}

extension RuleDecimal {
    /// `-4.50`.
    var text: String { Money.plainDecimal(mantissa, scale: decimals) }
}

extension AmountTest {
    /// `< 0`, `10..50`.
    var text: String {
        if let upper { return "\(value.text)..\(upper.text)" }
        return "\(comparison.rawValue) \(value.text)"
    }
}

extension Condition {
    private static func quoted(_ texts: [String]) -> String { texts.map { "\"\($0)\"" }.joined(separator: ", ") }

    /// How it held for `record`: `vendor contains "tesco"`, `amount -4.50 < 0`.
    func held(for record: RuleRecord) -> String {
        switch self {
        case let .contains(field, needles):
            let lowered = record.text(field).map(Condition.folded) ?? ""
            return "\(field.rawValue) contains \"\(needles.first { lowered.contains($0) } ?? "")\""
        case let .regex(field, pattern): return "\(field.rawValue) matches '\(pattern.source)'"
        case let .status(pending): return "status \(pending ? "pending" : "booked")"
        case let .transfer(linked): return linked ? "a linked transfer" : "no transfer"
        case let .amount(test):
            return test.upper == nil
                ? "amount \(record.amountText) \(test.text)" : "amount \(record.amountText) in \(test.text)"
        case let .day(test):
            let value = test.name(of: test.value(of: record.date ?? 0))
            return test.days.nonzeroBitCount == 1
                ? "\(test.unit.rawValue) \(value)" : "\(test.unit.rawValue) \(value) in \(test.text)"
        case let .any(groups): return "any: one of \(groups.count) tables holds"
        case .not: return "not: its table does not hold"
        }
    }

    /// Why it failed for `record`: `vendor "WAITROSE" does not contain "tesco"`.
    func failed(for record: RuleRecord) -> String {
        switch self {
        case let .contains(field, needles):
            guard let text = record.text(field) else { return "no \(field.rawValue)" }
            return needles.count == 1
                ? "\(field.rawValue) \"\(text)\" does not contain \"\(needles[0])\""
                : "\(field.rawValue) \"\(text)\" contains none of \(Self.quoted(needles))"
        case let .regex(field, pattern):
            guard let text = record.text(field) else { return "no \(field.rawValue)" }
            return "\(field.rawValue) \"\(text)\" does not match '\(pattern.source)'"
        case let .status(pending):
            return "status is \(pending ? "booked" : "pending"), not \(pending ? "pending" : "booked")"
        case let .transfer(linked): return linked ? "not half of a linked transfer" : "half of a linked transfer"
        case let .amount(test):
            return test.upper == nil
                ? "amount \(record.amountText) is not \(test.text)"
                : "amount \(record.amountText) is not in \(test.text)"
        case let .day(test):
            guard let date = record.date else { return "no date (\(test.unit.rawValue) \(test.text))" }
            let value = test.name(of: test.value(of: date))
            return test.days.nonzeroBitCount == 1
                ? "\(test.unit.rawValue) \(value) is not \(test.text)"
                : "\(test.unit.rawValue) \(value) is not in \(test.text)"
        case let .any(groups): return "any: none of \(groups.count) tables holds"
        case .not: return "not: its table holds"
        }
    }
}
