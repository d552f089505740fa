/// How an option names a column: by its header (any case) or by its 1-based position.
public enum ColumnReference: Sendable, Equatable, CustomStringConvertible {
    case name(String)
    /// 1-based, as the option gives it.
    case index(Int)

    /// A value of digits alone is a position; anything else a header name.
    init?(option: String) {
        let trimmed = option.trimmingBlanks()
        guard !trimmed.isEmpty else { return nil }
        if trimmed.allSatisfy(\.isASCIIDigit), let index = Int(trimmed) {
            guard index >= 1 else { return nil }
            self = .index(index)
        } else {
            self = .name(trimmed)
        }
    }

    public var description: String {
        switch self {
        case .name(let name): name
        case .index(let index): String(index)
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
