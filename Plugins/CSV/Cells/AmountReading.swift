/// Why a cell is not an amount, without a message yet: column scoring reads many cells that are not
/// amounts, and building a message for each would allocate per cell.
enum AmountFailure: Error, Sendable {
    case empty, notAnAmount, separatorsOutOfPlace, twoMarks, tooManyDigits, twoSigns, unbalancedParenthesis
    case twoCurrencies

    /// The reason a reject shows after the quoted cell.
    var reason: String {
        switch self {
        case .empty: "empty"
        case .notAnAmount: "not an amount"
        case .separatorsOutOfPlace: "thousands separators out of place"
        case .twoMarks: "more than one decimal mark"
        case .tooManyDigits: "amount has too many digits"
        case .twoSigns: "more than one sign"
        case .unbalancedParenthesis: "unbalanced parenthesis"
        case .twoCurrencies: "more than one currency"
        }
    }
}

/// An amount with what its text showed, which decimal-mark inference weighs.
struct AmountReading: Sendable {
    var amount: DecimalAmount
    /// A thousands separator was read (`1,234`).
    var grouped: Bool
    /// The decimal mark was read (`12.5`, `1,234.56`).
    var markSeen: Bool
}
