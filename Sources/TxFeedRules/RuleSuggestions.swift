import TxFeedModel

/// `txfeed rules suggest`: the records no rule categorised, grouped by their clean payee
/// (``PayeeCleaner``), and a draft `[[rule]]` for each of the biggest groups, for a person to
/// finish. A draft's `category = ""` does not load (`rules test` and `--rules` refuse it, naming
/// the rule) until someone writes the category in: nothing is applied unreviewed.
public struct RuleSuggestions: Sendable {
    /// Records that share a clean payee.
    public struct Group: Sendable {
        /// The clean payee, as the cleaner writes it (`Amazon Mktpl`).
        public var name: String
        public var records: [RuleRecord]
    }

    /// Every group, biggest first (then by name, ignoring case).
    public var groups: [Group]
    /// How many records the groups hold.
    public var records: Int

    /// Groups `records` (the uncategorised ones) by their clean payee.
    public init(records: [RuleRecord]) {
        var index: [String: Int] = [:]
        var groups: [Group] = []
        for record in records {
            let name = PayeeCleaner.clean(record.vendor)
            let key = name.lowercased()
            if let n = index[key] {
                groups[n].records.append(record)
            } else {
                index[key] = groups.count
                groups.append(Group(name: name, records: [record]))
            }
        }
        self.groups = groups.sorted {
            $0.records.count != $1.records.count
                ? $0.records.count > $1.records.count : $0.name.lowercased() < $1.name.lowercased()
        }
        self.records = records.count
    }

    /// The records of `feed` that no rule categorised (every record, without rules), as rules
    /// read them: with the bank's vendor, not a rule's.
    public static func uncategorised(in feed: Feed) -> [RuleRecord] {
        var records: [RuleRecord] = []
        for i in feed.transactions.indices {
            let labels = feed.labels?.labels(at: i)
            guard labels?.category == nil else { continue }
            let t = feed.transactions[i]
            let details = feed.details(of: t)
            let account = feed.accounts[Int(t.account)]
            records.append(
                RuleRecord(
                    vendor: labels?.originalVendor ?? feed.vendors.name(of: t.vendor), memo: details?.memo,
                    id: details?.id ?? feed.fingerprint(at: i)?.text, amountMinor: t.signedMinor, scale: account.scale,
                    account: account.name, source: feed.sources[account.source].name, currency: account.currency,
                    isPending: t.isPending))
        }
        return records
    }

    /// The records the first `top` groups hold.
    public func covered(top: Int) -> Int { groups.prefix(top).reduce(0) { $0 + $1.records.count } }

    /// `N uncategorised records in M groups; drafts for the top K (covering P%)`, P rounded down.
    public func summary(top: Int) -> String {
        let k = min(top, groups.count)
        let percent = records == 0 ? 0 : covered(top: top) * 100 / records
        return
            "\(records) uncategorised \("record".plural(records)) in \(groups.count.counted("group")); drafts for the top \(k) (covering \(percent)%)"
    }

    /// The draft rules file for the first `top` groups.
    public func draft(top: Int) -> String {
        var out = """
            # Draft rules from `txfeed rules suggest`: one rule for each of the biggest groups of
            # records no rule categorised, grouped by their clean payee (docs/RULES.md).
            #
            # Nothing here applies until a person reviews it: each category = "" must be filled in
            # (Expenses:Groceries …) or its rule deleted; until then this file does not load, and
            # `txfeed rules test` and --rules name the rule that is not finished.

            """
        for group in groups.prefix(top) {
            out += "\n" + Self.draft(group)
        }
        return out
    }

    static func draft(_ group: Group) -> String {
        let n = group.records.count
        // Money in everywhere: a hint of Income, else of Expenses.
        let income = group.records.allSatisfy { $0.amountMinor > 0 }
        var out = "[[rule]]\n"
        out += "name = \(quoted(group.name))\n"
        out += "match = { vendor = \(match(group)) }\n"
        out +=
            "category = \"\"  # \(n.counted("record")): fill in, e.g. \"\(income ? "Income" : "Expenses"):…\"\n"
        for record in examples(group) {
            out += "\n  [[rule.example]]\n"
            out += "  vendor = \(quoted(record.vendor))\n"
            out += "  amount = \"\(amountText(record.amountMinor, scale: record.scale))\"\n"
        }
        return out
    }

    /// The text every record's vendor contains, ignoring case, as `vendor = "…"` reads it: the
    /// clean name when each contains it, else the longest run of its words they all contain
    /// (three characters or more), else the list of their vendors.
    static func match(_ group: Group) -> String {
        let vendors = group.records.map { $0.vendor.lowercased() }
        if vendors.allSatisfy({ $0.contains(group.name.lowercased()) }) { return quoted(group.name) }
        if let shared = sharedWords(of: group.name, in: vendors) { return quoted(shared) }
        var distinct: [String] = []
        for record in group.records where !distinct.contains(record.vendor) { distinct.append(record.vendor) }
        return "[" + distinct.map(quoted).joined(separator: ", ") + "]"
    }

    /// The longest run of `name`'s words (by characters) that every one of `texts` contains.
    static func sharedWords(of name: String, in texts: [String]) -> String? {
        let words = name.lowercased().split(separator: " ")
        var best: String?
        for start in words.indices {
            for end in start..<words.count {
                let run = words[start...end].joined(separator: " ")
                guard run.count >= 3, run.count > best?.count ?? 0, texts.allSatisfy({ $0.contains(run) }) else {
                    continue
                }
                best = run
            }
        }
        return best
    }

    /// Two of the group's records, as the feed has them: the first, and the first after it
    /// with another vendor text or amount.
    static func examples(_ group: Group) -> [RuleRecord] {
        guard let first = group.records.first else { return [] }
        let second = group.records.dropFirst().first {
            $0.vendor != first.vendor || $0.amountMinor != first.amountMinor || $0.scale != first.scale
        }
        return [first] + (second.map { [$0] } ?? [])
    }

    static func amountText(_ minor: Int64, scale: Int) -> String {
        let sign = minor < 0 ? "-" : ""
        let digits = String(minor.magnitude)
        guard scale > 0 else { return sign + digits }
        let padded = String(repeating: "0", count: max(0, scale + 1 - digits.count)) + digits
        return sign + padded.dropLast(scale) + "." + padded.suffix(scale)
    }

    /// A TOML basic string.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
