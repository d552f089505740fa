import ArgumentParser
import TxFeedModel
import TxFeedOutput
import TxFeedRules

/// `txfeed rules`: rules files are code, and are tested like code.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules", abstract: "Work with --rules files (docs/RULES.md).",
        subcommands: [RulesTestCommand.self, RulesCheckCommand.self, RulesWhyCommand.self, RulesSuggestCommand.self])
}

struct RulesTestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Check every rule's examples (they must match it) and counterexamples (they must not).")

    @OptionGroup var rulesFiles: RulesFiles

    func run() throws {
        let rules = try rulesFiles.load()
        let report = rules.testExamples()
        let checked =
            "\(report.examples.counted("example")) and \(report.counterexamples.counted("counterexample")) of \(report.rules.counted("rule"))"
        guard report.failures.isEmpty else {
            StandardStreams.error(report.failures.map { "txfeed: \($0)\n" }.joined())
            let total = report.examples + report.counterexamples
            throw failure("\(report.failures.count) of \(total) examples failed (\(checked))", status: .nothingWritten)
        }
        StandardStreams.output("\(rulesFiles.files.joined(separator: ", ")): \(checked) pass\n")
    }
}

struct RulesCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Lint rules files: rules that can never fire, categories that are likely typos (docs/RULES.md).")

    @OptionGroup var rulesFiles: RulesFiles

    func run() throws {
        let rules = try rulesFiles.load()
        let report = rules.check()
        let notes = report.notes.count
        let noted = notes == 0 ? "" : " (\(notes.counted("note")))"
        StandardStreams.error(
            report.notes.map { "txfeed: note: \($0)\n" }.joined() + report.findings.map { "txfeed: \($0)\n" }.joined())
        let checked = report.rules.counted("rule")
        guard report.findings.isEmpty else {
            let n = report.findings.count
            throw failure("\(n.counted("finding")) in \(checked)\(noted)", status: .nothingWritten)
        }
        StandardStreams.output("\(rulesFiles.files.joined(separator: ", ")): \(checked), no findings\(noted)\n")
    }
}

struct RulesWhyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "why",
        abstract: "Show the way of one record through the rules: each rule, matched or not, and what it set.")

    @OptionGroup var rulesFiles: RulesFiles

    @Option(help: "The record's vendor, as the bank wrote it.")
    var vendor = ""

    @Option(parsing: .unconditional, help: "The signed amount: -4.50 for money out.")
    var amount = "0"

    @Option(help: "The record's memo.")
    var memo: String?

    @Option(help: "The record's id (the bank's, else its fingerprint).")
    var id: String?

    @Option(help: "The account's name.")
    var account = ""

    @Option(help: "The source's name.")
    var source = ""

    @Option(help: "The account's currency code.")
    var currency: String?

    @Option(help: "pending or booked.")
    var status = "booked"

    @Option(
        help:
            "The record's date: a day (2024-03-01), or a date with a time as a feed writes it (2024-03-01T23:30:00-05:00), whose day is taken in --tz as run takes it."
    )
    var date: String?

    @Option(help: "The time zone run shows days in (its --tz; IANA name); UTC by default.")
    var tz: String?

    @Flag(help: "The record is half of a transfer the run linked (rules' transfer = true).")
    var transfer = false

    func validate() throws {
        guard RuleRecord.amount(amount) != nil else {
            throw ValidationError("--amount must be a signed amount such as -4.50, not '\(amount)'")
        }
        guard status == "pending" || status == "booked" else {
            throw ValidationError("--status must be pending or booked, not '\(status)'")
        }
        if let date {
            do { _ = try TransactionDate.read(date) } catch { throw ValidationError("--date: \(error)") }
        }
        if let tz, DayFormat.timeZone(named: tz) == nil {
            throw ValidationError("--tz: unknown time zone '\(tz)' (use an IANA name such as Europe/Berlin, or UTC)")
        }
    }

    /// The day run would show a record of `--date` on, as days since 1970-01-01: a day as given,
    /// a time's day in `--tz` (the sinks' rule, ``DayFormat/localSeconds(of:)``).
    private var day: Int64? {
        guard let date, let read = try? TransactionDate.read(date) else { return nil }
        var days = DayFormat(timeZone: tz.flatMap(DayFormat.timeZone(named:)))
        let instant = Transaction(
            unixSeconds: read.unixSeconds, amountMinor: 0, vendor: 0, account: 0, isDebit: false,
            isCivilDate: read.isCivil)
        return TransactionDate.days(ofUnixSeconds: days.localSeconds(of: instant))
    }

    func run() throws {
        let rules = try rulesFiles.load()
        let (minor, scale) = RuleRecord.amount(amount)!
        let record = RuleRecord(
            vendor: vendor, memo: memo, id: id, amountMinor: minor, scale: scale, account: account, source: source,
            currency: currency, isPending: status == "pending", date: day, isTransfer: transfer)
        StandardStreams.output(rules.trace(record).lines.map { $0 + "\n" }.joined())
    }
}

/// The rules files a `rules` subcommand reads: one or more, loaded as `--rules` loads them.
struct RulesFiles: ParsableArguments {
    @Argument(help: "Rules files (TOML), read as --rules reads them.", completion: .file(extensions: ["toml"]))
    var files: [String]

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("name a rules file") }
    }

    /// The files' rules; a file that does not read is a usage error (exit 2).
    func load() throws -> RuleSet {
        do { return try RuleSet.load(files: files) } catch { throw usageFailure(error.description) }
    }
}
