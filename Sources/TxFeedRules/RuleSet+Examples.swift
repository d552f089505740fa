/// `txfeed rules test`: every rule's examples must match it, its counterexamples must not.
extension RuleSet {
    /// The result of running every example.
    public struct ExampleReport: Sendable {
        /// One line per example that failed, naming its file, rule and example.
        public var failures: [String] = []
        public var examples = 0
        public var counterexamples = 0
        public var rules = 0
    }

    /// Each rule's examples against that rule alone: whatever comes before it, a rule
    /// says what it matches.
    public func testExamples() -> ExampleReport {
        var report = ExampleReport()
        report.rules = rules.count
        for rule in rules {
            for (n, example) in rule.examples.enumerated() {
                report.examples += 1
                if rule.match.captures(for: example.record) == nil {
                    report.failures.append(
                        "\(rule.file): \(rule.label): example \(n + 1) (\(example.text)) does not match")
                }
            }
            for (n, example) in rule.counterexamples.enumerated() {
                report.counterexamples += 1
                if rule.match.captures(for: example.record) != nil {
                    report.failures.append(
                        "\(rule.file): \(rule.label): counterexample \(n + 1) (\(example.text)) matches")
                }
            }
        }
        if let overrun { report.failures.append(overrun) }
        return report
    }
}
