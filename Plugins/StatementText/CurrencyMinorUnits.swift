/// How many decimals a currency's amounts have (ISO 4217 minor units), as the host counts them
/// (docs/INPUT.md): the plugin rejects an entry the host would reject, so the entry is named
/// by its place in the statement rather than by the host's generic path.
public enum CurrencyMinorUnits {
    static let none: Set<String> = [
        "BIF", "BYR", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV",
        "XAF", "XOF", "XPF",
        // Withdrawn (ISO 4217's historic list): old statements are in them.
        "BEF", "ESP", "GRD", "ITL", "LUF", "PTE", "TRL",
    ]
    static let three: Set<String> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]
    static let four: Set<String> = ["CLF", "UYW"]
    /// The codes of two decimals: with the three sets above, every code the host takes
    /// (`CurrencyScale` in TxFeedModel, which a test compares with this list).
    static let two: Set<String> = Set(
        """
        AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP \
        BYN BZD CAD CDF CHE CHF CHW CNY COP COU CRC CUC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR \
        FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IRR JMD KES KGS KHR \
        KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR \
        MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK \
        SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN \
        UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG ZWL \
        ATS BGL CYP DEM EEK FIM FRF GHC IEP LTL LVL MRO MTL NLG ROL SIT SKK STD VEF ZMK
        """.split(separator: " ").map(String.init))

    /// Every ISO 4217 code of a currency with minor units, in capitals.
    public static let codes: Set<String> = none.union(three).union(four).union(two)

    /// Minor-unit digits of `code`; 2 for any code not listed otherwise (the host decides
    /// whether the code is real: ``codes``).
    public static func decimals(of code: String?) -> Int {
        guard let code else { return 2 }
        if none.contains(code) { return 0 }
        if three.contains(code) { return 3 }
        if four.contains(code) { return 4 }
        return 2
    }
}
