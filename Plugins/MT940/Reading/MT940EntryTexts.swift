import StatementText

/// Entries written as UTF-8 into one byte arena, each field a range of it: what the plugin hands
/// the host as it is, with no String made per field. Each text is written once, where it is read.
public struct MT940EntryTexts: Sendable {
    public var bytes: [UInt8] = []
    /// Each entry's fields as ranges of ``bytes``; ranges may overlap (a vendor that is its memo,
    /// or the memo's first line).
    public var entries: [EntryRanges] = []
    /// Where each entry's bytes begin: everything after is its own.
    private var starts: [Int] = []

    public init() {}

    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
    }

    /// The text at `range`.
    public func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// Writes the entry of a `:61:` line that can be one (`held` is its field's text, `details`
    /// the `:86:` after it, already written): what names it is the first of the details'
    /// vendor, the line's supplementary details, its customer's reference and its type.
    mutating func add(
        _ line: MT940StatementLine, of held: Span<UInt8>, details: MT940Details?, date: MT940Day,
        pending: Bool, line number: Int, start: Int
    ) {
        var customer: Range<Int>?
        let vendor: Range<Int>
        var memo = details?.memo
        if let name = line.name, details.map({ $0.dialect == .free || $0.vendor == nil }) ?? true {
            // The line's own name is the other party; free `:86:` text is what the payment said.
            vendor = appendText(held.extracting(name))
            memo = memo ?? details?.vendor
        } else if let named = details?.vendor {
            vendor = named
        } else if let supplementary = line.details {
            vendor = appendCollapsed(held.extracting(supplementary))
        } else if let reference = line.customerReference {
            customer = appendText(held.extracting(reference))
            vendor = customer!
        } else if let type = line.type {
            vendor = appendRepaired(held.extracting(type))
        } else {
            vendor = appendASCII("?")
        }
        // Only the bank's reference names a booking: the customer's is the account owner's or
        // the payer's (PostFinance writes a transaction type's code there on every line).
        let id = line.bankReference.map { appendText(held.extracting($0)) }
        entries.append(
            EntryRanges(
                date: appendDay(date), vendor: vendor, amount: appendAmount(line.decimal, negative: line.isDebit),
                id: id, memo: memo, location: appendLine(number), pending: pending))
        starts.append(start)
    }

    /// Takes the last entry out as Strings, and its bytes with it (the event path's entries).
    mutating func removeLastEntry() -> StatementEntry {
        let entry = entries.removeLast()
        let start = starts.removeLast()
        let made = StatementEntry(
            date: string(entry.date), vendor: string(entry.vendor), amount: string(entry.amount),
            id: entry.id.map(string), memo: entry.memo.map(string), pending: entry.pending,
            location: string(entry.location))
        bytes.removeSubrange(start...)
        return made
    }
}
