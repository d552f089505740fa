/// Rules' categories as journal accounts: each made a valid name in the journal's syntax, and
/// two that clean to one name kept apart with `-2` (`-3`, …), as feed accounts are. beancount
/// keeps ASCII only: `Expenses:Urlaub:Αθήνα` and `Expenses:Urlaub:Σούπερ μάρκετ` were both
/// `Expenses:Urlaub:Account`, one account holding both sums, with exit 0.
struct JournalCategories {
    let syntax: JournalSink.Syntax
    /// Category → its journal name, and journal name → the category that has it.
    private var names: [String: String] = [:]
    private var holders: [String: String] = [:]

    init(syntax: JournalSink.Syntax) { self.syntax = syntax }

    /// Every journal name given so far: beancount opens each.
    var all: Set<String> { Set(names.values) }

    mutating func name(of category: String) throws(JournalError) -> String {
        if let known = names[category] { return known }
        var name = try JournalAccount.checked(category, "category", syntax: syntax)
        // A capture that matched nothing leaves the root alone (`Expenses:$1` is `Expenses:`):
        // beancount reads no account of one part.
        if syntax == .beancount, !name.contains(":") { name += ":Uncategorized" }
        if let holder = holders[name], holder != category {
            var n = 2
            while holders["\(name)-\(n)"] != nil { n += 1 }
            name = "\(name)-\(n)"
        }
        holders[name] = category
        names[category] = name
        return name
    }
}
