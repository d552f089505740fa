/// How many decimals a currency's amounts have (ISO 4217 minor units), as the host counts them
/// (docs/INPUT.md): the plugin rejects an entry the host would reject, so the entry is named
/// by its place in the statement rather than by the host's generic path.
public enum CurrencyMinorUnits {
    static let none: Set<String> = [
        "BIF", "BYR", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV",
        "XAF", "XOF", "XPF",
    ]
    static let three: Set<String> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]
    static let four: Set<String> = ["CLF", "UYW"]

    /// Minor-unit digits of `code`; 2 for any code not listed otherwise (the host decides
    /// whether the code is real).
    public static func decimals(of code: String?) -> Int {
        guard let code else { return 2 }
        if none.contains(code) { return 0 }
        if three.contains(code) { return 3 }
        if four.contains(code) { return 4 }
        return 2
    }
}
