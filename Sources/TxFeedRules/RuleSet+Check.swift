/// `txfeed rules check`: what a rules file says that is most likely a mistake, decided from the
/// file alone (docs/RULES.md#txfeed-rules-check).
extension RuleSet {
    /// What the check found.
    public struct CheckReport: Sendable {
        /// One line per finding, naming the file, the line and the rule: each fails the check.
        public var findings: [String] = []
        /// One line per note (a rule without examples): worth knowing, never a failure.
        public var notes: [String] = []
        public var rules = 0
    }

    /// The top-level accounts every journal knows (beancount refuses any other).
    public static let topLevels = ["Expenses", "Income", "Assets", "Liabilities", "Equity"]

    public func check() -> CheckReport {
        var report = CheckReport()
        report.rules = rules.count
        // Each finding with its rule's place in the run, so they come out in the files' order.
        var findings: [(rule: Int, line: String)] = []
        for (j, rule) in rules.enumerated() {
            // Never fires: an earlier rule that ends a record's way (stop, skip) matches every record it could.
            if let earlier = rules[..<j].first(where: { ($0.stop || $0.skip != nil) && $0.match.covers(rule.match) }) {
                let what = earlier.skip != nil ? "skips" : "stops"
                findings.append(
                    (
                        j,
                        "\(rule.place): \(rule.label): can never fire: \(earlier.label) at \(earlier.place) matches every record it could and \(what) them"
                    ))
            }
            if let category = rule.category?.text, let top = category.split(separator: ":").first,
                !top.contains("$"), !Self.topLevels.contains(String(top))
            {
                findings.append(
                    (
                        j,
                        "\(rule.place): \(rule.label): category \"\(category)\" is not under \(Self.topLevels.joined(separator: ", ")) (a journal needs one of them)"
                    ))
            }
        }
        findings += undatedExamples()
        findings += categoryVariants()
        report.findings = findings.enumerated().sorted { ($0.element.rule, $0.offset) < ($1.element.rule, $1.offset) }
            .map(\.element.line)
        for rule in rules where rule.examples.isEmpty {
            report.notes.append("\(rule.place): \(rule.label): no examples: rules test cannot show it matches anything")
        }
        return report
    }

    /// Examples without a `date` of a rule whose match needs one (a `day` or `weekday` beside
    /// its other conditions): such an example can never match, and such a counterexample passes
    /// whatever its other fields say, so it tests nothing.
    private func undatedExamples() -> [(rule: Int, line: String)] {
        var findings: [(rule: Int, line: String)] = []
        for (i, rule) in rules.enumerated() {
            let test = rule.match.conditions.lazy.compactMap { if case .day(let t) = $0 { t } else { nil } }.first
            guard let key = test?.unit.rawValue else { continue }
            for (n, example) in rule.examples.enumerated() where example.record.date == nil {
                findings.append(
                    (
                        i,
                        "\(rule.place): \(rule.label): example \(n + 1) has no date, so it cannot match the rule's \(key): give it one (date = 2024-03-01)"
                    ))
            }
            for (n, example) in rule.counterexamples.enumerated() where example.record.date == nil {
                findings.append(
                    (
                        i,
                        "\(rule.place): \(rule.label): counterexample \(n + 1) has no date, so the rule's \(key) alone keeps it from matching and it tests nothing else: give it one (date = 2024-03-01)"
                    ))
            }
        }
        return findings
    }

    /// Categories that differ from another only in case or spacing (`Expenses:groceries`,
    /// `Expenses: Groceries` beside `Expenses:Groceries`): each but the one most rules use (the
    /// first used of them on a tie) is named, at every rule that uses it.
    private func categoryVariants() -> [(rule: Int, line: String)] {
        var uses: [String: [Int]] = [:]
        var order: [String] = []
        for (i, rule) in rules.enumerated() {
            guard let category = rule.category?.text else { continue }
            if uses[category] == nil { order.append(category) }
            uses[category, default: []].append(i)
        }
        func key(_ text: String) -> String { String(text.lowercased().filter { !$0.isWhitespace }) }
        var groups: [String: [String]] = [:]
        for category in order { groups[key(category), default: []].append(category) }
        var findings: [(rule: Int, line: String)] = []
        for category in order {
            let group = groups[key(category)]!
            guard group.count > 1 else { continue }
            let most = group.map { uses[$0]!.count }.max()!
            let reference = group.first { uses[$0]!.count == most }!
            guard category != reference else { continue }
            let other = rules[uses[reference]![0]]
            for i in uses[category]! {
                let rule = rules[i]
                findings.append(
                    (
                        i,
                        "\(rule.place): \(rule.label): category \"\(category)\" differs only in case or spacing from \"\(reference)\" (\(other.label) at \(other.place))"
                    ))
            }
        }
        return findings
    }
}

extension Match {
    /// Whether every record `other` matches surely matches this group too, as far as that is
    /// simply decided: each of this group's conditions must follow from one of `other`'s (an
    /// empty group follows from anything). `not`, and an `any` in `other`, are never decided.
    func covers(_ other: Match) -> Bool {
        conditions.allSatisfy { condition in other.conditions.contains { condition.follows(from: $0) } }
    }
}

extension Condition {
    /// Whether every record `other` holds for, this holds for.
    func follows(from other: Condition) -> Bool {
        switch (self, other) {
        case let (.contains(field, needles), .contains(otherField, otherNeedles)):
            // Each text the other needs contains one of ours (all are lowercased).
            return field == otherField
                && otherNeedles.allSatisfy { text in needles.contains { text.contains($0) } }
        case let (.regex(field, pattern), .regex(otherField, otherPattern)):
            return field == otherField && pattern.source == otherPattern.source
        case let (.status(pending), .status(otherPending)):
            return pending == otherPending
        case let (.transfer(linked), .transfer(otherLinked)):
            return linked == otherLinked
        case let (.amount(test), .amount(otherTest)):
            return test.contains(otherTest)
        case let (.day(test), .day(otherTest)):
            return test.contains(otherTest)
        case let (.any(groups), _):
            return groups.contains { $0.covers(Match(conditions: [other])) }
        default:
            return false
        }
    }
}

extension AmountTest {
    /// An end of the amounts it holds for: nil for none (all amounts that way).
    private typealias End = (value: RuleDecimal?, inclusive: Bool)

    private var ends: (low: End, high: End) {
        switch comparison {
        case .less: return ((nil, false), (value, false))
        case .lessOrEqual: return ((nil, false), (value, true))
        case .greater: return ((value, false), (nil, false))
        case .greaterOrEqual: return ((value, true), (upper, upper != nil))
        case .equal: return ((value, true), (value, true))
        }
    }

    /// Whether every amount `other` holds for, this holds for.
    func contains(_ other: AmountTest) -> Bool {
        let (mine, theirs) = (ends, other.ends)
        func covers(_ a: End, _ b: End, below: Bool) -> Bool {
            guard let av = a.value else { return true }
            guard let bv = b.value else { return false }
            if av == bv { return a.inclusive || !b.inclusive }
            return below ? av < bv : bv < av
        }
        return covers(mine.low, theirs.low, below: true) && covers(mine.high, theirs.high, below: false)
    }
}

extension Template {
    /// As the file wrote it: `$1` for a capture, `$$` for a `$`.
    var text: String {
        pieces.map { piece in
            switch piece {
            case .text(let text): text.map { $0 == "$" ? "$$" : String($0) }.joined()
            case .capture(let n): "$\(n)"
            }
        }.joined()
    }
}
