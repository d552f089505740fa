/// What a `!` line starts: a block of transactions, an account description, a block to skip,
/// or a switch (`!Option:AutoSwitch`) that says how account descriptions are meant.
enum QIFHeader: Sendable, Equatable {
    /// `!Type:Bank`, `CCard`, `Cash`, `Oth A`, `Oth L`, with the type as the file writes it.
    case transactions(String)
    case account
    case autoSwitchOn
    case autoSwitchOff
    /// `!Option:MDY` or `!Option:DMY`: the order of month and day in every `D` after it (true
    /// for month first), as Quicken writes it when its dates are other than the US order's.
    case dateOrder(monthFirst: Bool)
    /// Any other `!Option:` or `!Clear:` line (`!Option:AllXfr`): a setting, which begins no
    /// block, so the block it stands in goes on.
    case option
    /// Any other header: its block is skipped.
    case other

    static let transactionTypes: Set<String> = ["bank", "ccard", "cash", "oth a", "oth l"]

    /// Reads a `!` line, case ignored as Quicken ignores it.
    init(_ line: String) {
        let lowered = line.lowercased()
        if lowered.hasPrefix("!type:") {
            let type = String(line.dropFirst(6)).trimmingBlanks()
            self = Self.transactionTypes.contains(type.lowercased()) ? .transactions(type) : .other
        } else if lowered == "!account" {
            self = .account
        } else if lowered.hasPrefix("!option:autoswitch") {
            self = .autoSwitchOn
        } else if lowered.hasPrefix("!clear:autoswitch") {
            self = .autoSwitchOff
        } else if lowered.trimmingBlanks() == "!option:mdy" || lowered.trimmingBlanks() == "!option:dmy" {
            self = .dateOrder(monthFirst: lowered.trimmingBlanks() == "!option:mdy")
        } else if lowered.hasPrefix("!option:") || lowered.hasPrefix("!clear:") {
            self = .option
        } else {
            self = .other
        }
    }

    /// Whether a file's head starts as a QIF file does.
    static func startsQIF(_ head: some Collection<UInt8>) -> Bool {
        // Most files a folder holds start with something else: told from the first byte.
        guard head.first == UInt8(ascii: "!") else { return false }
        let text = String(decoding: head.prefix(16), as: UTF8.self).lowercased()
        return ["!type:", "!account", "!option:", "!clear:"].contains { text.hasPrefix($0) }
    }
}
