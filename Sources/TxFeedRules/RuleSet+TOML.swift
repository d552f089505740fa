import Foundation
import Glibc
import TOMLKit
import TxFeedModel

extension RuleSet {
    /// Reads the rules files, in order. Any mistake is a ``UsageError`` naming the file, and a
    /// line: where the TOML does not parse, or the `[[rule]]` that is wrong (by its number in
    /// the file and its `name`).
    public static func load(files: [String]) throws(UsageError) -> RuleSet {
        var set = RuleSet(files: files)
        for file in files {
            guard !file.isEmpty else { throw UsageError("--rules is empty; name a file") }
            let text: String
            do {
                text = try String(contentsOfFile: file, encoding: .utf8)
            } catch {
                throw UsageError(
                    "--rules \(file): \(access(file, R_OK) == 0 ? "not UTF-8 text" : "\(SystemError.current)")")
            }
            let parsed = try parse(text, file: file)
            set.rules += parsed.rules
            for (account, ledger) in parsed.accounts { set.accounts[account] = ledger }
        }
        return set
    }

    /// One file's rules and accounts.
    public static func parse(_ text: String, file: String) throws(UsageError) -> RuleSet {
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let at = error.source.begin
            throw UsageError("\(file):\(at.line):\(at.column): \(error.description)")
        } catch {
            throw UsageError("\(file): \(error)")
        }
        var set = RuleSet(files: [file])
        try RuleReader.check(root, allowed: ["rule", "accounts"], at: file)
        if let accounts = root["accounts"] {
            guard let table = accounts.table else { throw UsageError("\(file): accounts must be a table") }
            for key in table.keys {
                guard let ledger = table[key]?.string, RuleReader.isColonPath(ledger) else {
                    let place = keyLine(text, key, under: "[accounts]").map { "\(file):\($0)" } ?? file
                    throw UsageError(
                        "\(place): accounts: '\(key)' must be a colon path such as \"Assets:Bank:Checking\"")
                }
                set.accounts[key] = ledger
            }
        }
        guard let rules = root["rule"] else { return set }
        guard let array = rules.array else {
            let place = keyLine(text, "rule", under: nil).map { "\(file):\($0)" } ?? file
            throw UsageError("\(place): rules are [[rule]] tables, one after another")
        }
        let lines = ruleLines(text, count: array.count)
        for (n, value) in array.enumerated() {
            let place = lines.map { "\(file):\($0[n])" } ?? file
            guard let table = value.table else { throw UsageError("\(place): rule \(n + 1) must be a table") }
            var reader = RuleReader(file: file, number: n + 1, place: place, name: table["name"]?.string)
            var rule = try reader.rule(table)
            rule.line = lines?[n]
            set.rules.append(rule)
        }
        return set
    }

    /// The line where `key` is given a value (`key =`, `"key" =`), in the table whose header is
    /// `header` (nil: before any header); nil when it is not found so (then no line, never a
    /// wrong one).
    private static func keyLine(_ text: String, _ key: String, under header: String?) -> Int? {
        var inside = header == nil
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let bare = line.trimmingCharacters(in: .whitespaces)
            if bare.hasPrefix("[") {
                inside = bare.filter { $0 != " " && $0 != "\t" } == header
                continue
            }
            guard inside else { continue }
            for spelled in [key, "\"\(key)\"", "'\(key)'"] where bare.hasPrefix(spelled) {
                if bare.dropFirst(spelled.count).trimmingCharacters(in: .whitespaces).hasPrefix("=") { return n + 1 }
            }
        }
        return nil
    }

    /// The line of each `[[rule]]` header, when there are as many as rules (a rule written in
    /// another form leaves the messages without lines, never with wrong ones).
    private static func ruleLines(_ text: String, count: Int) -> [Int]? {
        var lines: [Int] = []
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let bare = line.filter { $0 != " " && $0 != "\t" }
            if bare.hasPrefix("[[rule]]") { lines.append(n + 1) }
        }
        return lines.count == count ? lines : nil
    }
}

/// Reads one `[[rule]]` table, every mistake named with the rule.
struct RuleReader {
    let file: String
    let number: Int
    /// `FILE:LINE`, or the file alone.
    let place: String
    let name: String?

    static let ruleKeys = [
        "name", "match", "category", "vendor", "memo", "tags", "skip", "stop", "example", "counterexample",
    ]
    static let exampleKeys = [
        "vendor", "memo", "id", "amount", "account", "source", "currency", "status", "date", "transfer",
    ]
    /// Every condition `match` knows, for the message that lists them.
    static let conditionKeys: [String] =
        TextField.allCases.filter { $0 != .status }.flatMap { [$0.rawValue, $0.rawValue + "_regex"] }
        + ["amount", "status", "transfer", "day", "weekday", "any", "not"]

    private var label: String { name.map { "rule \(number) (\"\($0)\")" } ?? "rule \(number)" }

    func fail(_ what: String) -> UsageError { UsageError("\(place): \(label): \(what)") }

    mutating func rule(_ table: TOMLTable) throws(UsageError) -> Rule {
        try Self.check(table, allowed: Self.ruleKeys) { fail($0) }
        if let name = table["name"], name.string == nil { throw fail("name must be a string") }
        guard let matchValue = table["match"] else {
            throw fail("no match: a rule needs conditions (match = {} applies to every record)")
        }
        guard let matchTable = matchValue.table else { throw fail("match must be a table of conditions") }
        let match = try self.match(matchTable, at: "match")
        var rule = Rule(
            number: number, name: name, file: file, line: nil, match: match, category: nil, vendor: nil, memo: nil,
            tags: [],
            skip: nil, stop: false, examples: [], counterexamples: [])
        let groups = match.conditions.lazy.compactMap { if case .regex(_, let p) = $0 { p.groups } else { nil } }.first
        func template(_ key: String) throws(UsageError) -> Template? {
            guard let value = table[key] else { return nil }
            guard let text = value.string, !text.isEmpty else { throw fail("\(key) must be a non-empty string") }
            let t = Template(text)
            if t.highestCapture > 0 {
                guard let groups else {
                    throw fail(
                        "\(key) uses $\(t.highestCapture), but the match has no regular expression (vendor_regex …)")
                }
                guard t.highestCapture <= groups else {
                    throw fail(
                        "\(key) uses $\(t.highestCapture), but the first regular expression has \(groups.counted("group"))"
                    )
                }
            }
            return t
        }
        rule.category = try template("category")
        if let category = rule.category,
            !RuleReader.isColonPath(category.expand(Array(repeating: "X", count: 10)))
        {
            throw fail("category '\(table["category"]?.string ?? "")' is not a colon path such as Expenses:Groceries")
        }
        rule.vendor = try template("vendor")
        rule.memo = try template("memo")
        if let tags = table["tags"] {
            let list = tags.string.map { [$0] } ?? tags.array?.compactMap(\.string)
            guard let list, list.count == (tags.array?.count ?? 1), list.allSatisfy({ !$0.isEmpty }) else {
                throw fail("tags must be a list of non-empty strings, such as [\"food\", \"weekly\"]")
            }
            rule.tags = list
        }
        if let skip = table["skip"] {
            guard let reason = skip.string, !reason.isEmpty else {
                throw fail("skip must give its reason, such as skip = \"transfer between own accounts\"")
            }
            guard rule.category == nil && rule.vendor == nil && rule.memo == nil && rule.tags.isEmpty else {
                throw fail("skip drops the record: it takes no category, vendor, memo or tags")
            }
            rule.skip = reason
        }
        if let stop = table["stop"] {
            guard let flag = stop.bool else { throw fail("stop must be true or false") }
            rule.stop = flag
        }
        guard
            rule.category != nil || rule.vendor != nil || rule.memo != nil || !rule.tags.isEmpty
                || rule.skip != nil || rule.stop
        else {
            throw fail("does nothing: give it category, vendor, memo, tags, skip or stop")
        }
        rule.examples = try examples(table["example"], key: "example")
        rule.counterexamples = try examples(table["counterexample"], key: "counterexample")
        return rule
    }

    /// A group of conditions, in a fixed order: the first regular expression whose captures an
    /// action reads is the first of vendor, memo, id, account, source, currency.
    func match(_ table: TOMLTable, at path: String) throws(UsageError) -> Match {
        for key in table.keys where !Self.conditionKeys.contains(key) {
            throw fail("\(path): unknown condition '\(key)'; conditions: \(Self.conditionKeys.joined(separator: ", "))")
        }
        var conditions: [Condition] = []
        for field in TextField.allCases where field != .status {
            if let value = table[field.rawValue] {
                let list = value.string.map { [$0] } ?? value.array?.compactMap(\.string)
                guard let list, list.count == (value.array?.count ?? 1), !list.isEmpty,
                    list.allSatisfy({ !$0.isEmpty })
                else {
                    throw fail("\(path).\(field.rawValue) must be a non-empty text, or a list of them")
                }
                conditions.append(.contains(field, list.map(Condition.folded)))
            }
            let regexKey = field.rawValue + "_regex"
            if let value = table[regexKey] {
                guard let pattern = value.string, !pattern.isEmpty else {
                    throw fail("\(path).\(regexKey) must be a regular expression, as a string")
                }
                do {
                    conditions.append(
                        .regex(field, try RulePattern(pattern, place: "\(place): \(label): \(path).\(regexKey)")))
                } catch {
                    throw fail("\(path).\(regexKey): '\(pattern)' is not a regular expression that compiles")
                }
            }
        }
        if let value = table["amount"] {
            let text = value.string ?? value.int.map { String($0) } ?? value.double.map { String($0) }
            if let text, AmountTest.runsBackwards(text) {
                throw fail("\(path).amount \"\(text)\" runs backwards: write the smaller amount first")
            }
            guard let text, let test = AmountTest(parsing: text) else {
                throw fail(
                    "\(path).amount must be an amount such as \"-4.50\", \"< 0\", \">= 100\" or \"10..50\", not \(value)"
                )
            }
            conditions.append(.amount(test))
        }
        for unit in [DayTest.Unit.day, .weekday] {
            if let value = table[unit.rawValue] { conditions.append(.day(try dayTest(unit, value, at: path))) }
        }
        if let value = table["status"] {
            guard let text = value.string, text == "pending" || text == "booked" else {
                throw fail("\(path).status must be \"pending\" or \"booked\"")
            }
            conditions.append(.status(pending: text == "pending"))
        }
        if let value = table["transfer"] {
            guard let linked = value.bool else {
                throw fail("\(path).transfer must be true (half of a linked transfer) or false, not \(value)")
            }
            conditions.append(.transfer(linked))
        }
        if let value = table["any"] {
            guard let array = value.array, !array.isEmpty else {
                throw fail(
                    "\(path).any must be a list of condition tables, such as [{ vendor = \"a\" }, { memo = \"b\" }]")
            }
            var groups: [Match] = []
            for (n, item) in array.enumerated() {
                guard let group = item.table else { throw fail("\(path).any[\(n)] must be a table of conditions") }
                groups.append(try match(group, at: "\(path).any[\(n)]"))
            }
            conditions.append(.any(groups))
        }
        if let value = table["not"] {
            guard let group = value.table else { throw fail("\(path).not must be a table of conditions") }
            conditions.append(.not(try match(group, at: "\(path).not")))
        }
        return Match(conditions: conditions)
    }

    /// `day = 1`, `[1, 15]`, `"25..31"`; `weekday = "sat"`, `["sat", "sun"]`, `"mon..fri"`: a value,
    /// or a list of values, each a day or a range, as amounts' ranges are written.
    func dayTest(_ unit: DayTest.Unit, _ value: TOMLValueConvertible, at path: String) throws(UsageError) -> DayTest {
        let key = "\(path).\(unit.rawValue)"
        let form =
            unit == .day
            ? "a day of the month (1 to 31), a list of them or a range, such as 1, [1, 15] or \"25..31\""
            : "a weekday, a list of them or a range, such as \"sat\", [\"sat\", \"sun\"] or \"mon..fri\""
        let items = value.array.map { Array($0) } ?? [value]
        var test = DayTest(unit: unit, days: 0)
        for item in items {
            guard let text = item.string ?? (unit == .day ? item.int.map { String($0) } : nil) else {
                throw fail("\(key) must be \(form), not \(value)")
            }
            do { try test.add(text) } catch { throw fail("\(key): \(error.message)") }
        }
        guard test.days != 0 else { throw fail("\(key) must be \(form), not an empty list") }
        return test
    }

    func examples(_ value: TOMLValueConvertible?, key: String) throws(UsageError) -> [Example] {
        guard let value else { return [] }
        guard let array = value.array else { throw fail("\(key)s are [[rule.\(key)]] tables") }
        var examples: [Example] = []
        for (n, item) in array.enumerated() {
            let at = "\(key) \(n + 1)"
            guard let table = item.table else { throw fail("\(at) must be a table") }
            try Self.check(table, allowed: Self.exampleKeys) { fail("\(at): \($0)") }
            var record = RuleRecord(vendor: "")
            var parts: [String] = []
            for field in Self.exampleKeys {
                guard let v = table[field] else { continue }
                if field == "amount" {
                    let text = v.string ?? v.int.map { String($0) } ?? v.double.map { String($0) }
                    guard let text, let amount = RuleDecimal(text.trimmingSpaces) else {
                        throw fail("\(at): amount must be a signed amount such as \"-4.50\"")
                    }
                    (record.amountMinor, record.scale) = (amount.mantissa, amount.decimals)
                    parts.append("amount \(text)")
                    continue
                }
                if field == "date" {
                    // A TOML date (`2024-03-01`) or the same in a string; never a time, which
                    // would need a zone to give the day the run shows.
                    let text = v.date.map { String(format: "%04d-%02d-%02d", $0.year, $0.month, $0.day) } ?? v.string
                    guard let text, let date = RuleRecord.date(text) else {
                        throw fail(
                            "\(at): date must be a day such as 2024-03-01, the day the run shows the record on, not \(v)"
                        )
                    }
                    record.date = date
                    parts.append("date \(text)")
                    continue
                }
                if field == "transfer" {
                    guard let linked = v.bool else { throw fail("\(at): transfer must be true or false") }
                    record.isTransfer = linked
                    parts.append("transfer \(linked)")
                    continue
                }
                guard let text = v.string else { throw fail("\(at): \(field) must be a string") }
                switch field {
                case "vendor": record.vendor = text
                case "memo": record.memo = text
                case "id": record.id = text
                case "account": record.account = text
                case "source": record.source = text
                case "currency": record.currency = text
                default:
                    guard text == "pending" || text == "booked" else {
                        throw fail("\(at): status must be \"pending\" or \"booked\"")
                    }
                    record.isPending = text == "pending"
                }
                parts.append("\(field) \"\(text)\"")
            }
            examples.append(Example(record: record, text: parts.joined(separator: ", ")))
        }
        return examples
    }

    static func check(
        _ table: TOMLTable, allowed: [String], fail: (String) -> UsageError
    ) throws(UsageError) {
        for key in table.keys where !allowed.contains(key) {
            throw fail("unknown key '\(key)'; valid keys: \(allowed.joined(separator: ", "))")
        }
    }

    static func check(_ table: TOMLTable, allowed: [String], at file: String) throws(UsageError) {
        try check(table, allowed: allowed) { UsageError("\(file): \($0)") }
    }

    /// `Expenses:Groceries`: parts separated by `:`, none empty or padded with spaces.
    static func isColonPath(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        return parts.allSatisfy { !$0.isEmpty && $0.first != " " && $0.last != " " }
    }
}
