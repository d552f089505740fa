/// An exact amount of money: an integer count of minor units and the number of decimals they carry.
///
/// Amounts are converted from JSON once, at the edge, and are never held, summed or printed as binary
/// floating point afterwards, so `0.1 + 0.2` is `0.30` and a cent is never lost in a total.
public struct Money: Hashable, Sendable {
    /// The amount in minor units (cents for a scale of 2). Non-negative for parsed amounts.
    public var minorUnits: Int64
    /// The number of decimals, 0...5 (ISO 4217 uses at most 4).
    public var scale: Int

    /// The largest scale for which every accepted amount (below 10^13 major units) fits in `Int64`.
    public static let maximumScale = 5

    public init(minorUnits: Int64, scale: Int) {
        precondition((0...Money.maximumScale).contains(scale), "Money scale \(scale) is not 0...5")
        self.minorUnits = minorUnits
        self.scale = scale
    }

    /// Accepts an amount that JSON gave as an integer number of major units.
    public static func parse(integer: Int64, scale: Int) throws(AmountError) -> Money {
        precondition((0...maximumScale).contains(scale), "Money scale \(scale) is not 0...5")
        if integer < 0 { throw .negative }
        if integer >= majorLimit { throw .tooLarge }
        return Money(minorUnits: integer * powersOfTen[scale], scale: scale)
    }

    /// Accepts an amount that JSON gave as a double, rounding it once to whole minor units.
    ///
    /// The decimal text was rounded to the nearest double and scaling by 10^scale rounds once more:
    /// together at most 1.5 ulp of the scaled value. So a value within 2 ulp of a whole number of minor
    /// units is that number, and one further away (`1.005` at scale 2) had more decimals than allowed.
    /// Both hold below 2^50 minor units, i.e. for every accepted amount at scales 0...2. Above that
    /// (scale 3 or more and over about 10^12 major units) a double cannot carry every minor unit and
    /// the amount is rounded to the nearest one: the JSON parser has already lost the exact text.
    public static func parse(real: Double, scale: Int) throws(AmountError) -> Money {
        precondition((0...maximumScale).contains(scale), "Money scale \(scale) is not 0...5")
        guard real.isFinite else { throw .notFinite }
        if real < 0 { throw .negative }  // -0.0 is not below zero: it is a zero amount.
        if real >= Double(majorLimit) { throw .tooLarge }
        let scaled = real * Double(powersOfTen[scale])
        let whole = scaled.rounded()
        let tolerance = 2 * Swift.max(scaled.ulp, whole.ulp)  // the larger binade's ulp
        if abs(scaled - whole) > tolerance { throw .tooManyDecimals(scale: scale) }
        let minor = Int64(whole)
        if minor >= majorLimit * powersOfTen[scale] { throw .tooLarge }
        return Money(minorUnits: minor, scale: scale)
    }

    /// Appends the amount as a plain decimal (`-4.50`, `0.05`, `1234.56`, `12` at scale 0):
    /// no thousands separators and no exponent, so spreadsheets and scripts read it back exactly.
    ///
    /// A zero amount is written without a sign (`0.00`) even when `negative` is true.
    public func appendPlainDecimal(to buffer: inout [UInt8], negative: Bool) {
        if minorUnits != 0 && negative != (minorUnits < 0) { buffer.append(UInt8(ascii: "-")) }
        appendUnsignedDecimal(to: &buffer)
    }

    /// The plain decimal of the amount without a sign, as `appendPlainDecimal` writes it.
    public var plainDecimal: String {
        var bytes: [UInt8] = []
        appendPlainDecimal(to: &bytes, negative: false)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the magnitude as a plain decimal, whatever the sign of `minorUnits`.
    package func appendUnsignedDecimal(to buffer: inout [UInt8]) {
        let magnitude = minorUnits.magnitude
        let scale = self.scale
        buffer.appendASCII(maximumCount: 32) { out in
            guard scale > 0 else { return out.writeASCIIDecimal(magnitude, minimumDigits: 1) }
            let divisor = UInt64(Money.powersOfTen[scale])
            let integerDigits = out.writeASCIIDecimal(magnitude / divisor, minimumDigits: 1)
            out[integerDigits] = UInt8(ascii: ".")
            let fraction = out + integerDigits + 1
            return integerDigits + 1 + fraction.writeASCIIDecimal(magnitude % divisor, minimumDigits: scale)
        }
    }

    /// Amounts must stay below 10^13 major units (the contract's limit).
    package static let majorLimit: Int64 = 10_000_000_000_000
    package static let powersOfTen: [Int64] = [1, 10, 100, 1_000, 10_000, 100_000]
}

/// Why an amount was rejected; `description` is the reason shown to the user.
public enum AmountError: Error, Equatable, CustomStringConvertible {
    case notANumber
    /// A plugin's amount text that is not a plain decimal (`1,234.56`, `12 EUR`).
    case notPlainDecimal(String)
    case notFinite
    case negative
    case tooManyDecimals(scale: Int)
    case tooLarge

    public var description: String {
        switch self {
        case .notANumber: return "amount is not a number"
        case .notPlainDecimal(let text):
            return "amount \"\(text)\" is not a plain decimal (expected digits, one '.', an optional sign: -1234.56)"
        case .notFinite: return "amount is not a finite number"
        case .negative: return "amount is negative"
        case .tooManyDecimals(let scale):
            return scale == 0
                ? "amount has decimals but the currency has no minor units"
                : "amount has more than \(scale.counted("decimal"))"
        case .tooLarge: return "amount is 10^13 or more"
        }
    }
}

/// How many decimals (ISO 4217 minor units) each currency's amounts carry.
///
/// An account without a `currency` uses 2; an unknown or malformed code gives `nil` so that the
/// caller rejects the account instead of guessing a scale and printing wrong amounts. Withdrawn
/// national currencies are read too (ISO 4217's historic list: `DEM`, `FRF`, `ITL`…): old
/// statements are in them, and their minor units are as fixed as a current code's.
public enum CurrencyScale {
    /// The minor units of `code`: 2 for `nil`, `nil` for a code that is not three uppercase ASCII
    /// letters or not an ISO 4217 currency with minor units (metals and funds such as `XAU` have none).
    public static func decimals(forCurrencyCode code: String?) -> Int? {
        guard let code else { return decimals(forCurrencyCodeBytes: nil) }
        return decimals(forCurrencyCodeBytes: code.utf8.span)
    }

    /// ``decimals(forCurrencyCode:)`` of a code's bytes, as a decoder read them.
    public static func decimals(forCurrencyCodeBytes code: Span<UInt8>?) -> Int? {
        guard let code else { return 2 }
        guard let place = place(ofCode: code) else { return nil }
        let decimals = table[place]
        return decimals < 0 ? nil : Int(decimals)
    }

    /// A code of three letters A–Z read as a number in base 26, below ``places``; nil for any
    /// other text. A table of that many entries finds a code's fact without hashing it.
    public static func place(ofCode code: Span<UInt8>) -> Int? {
        guard code.count == 3 else { return nil }
        var place = 0
        for i in 0..<3 {
            let letter = code[i] &- UInt8(ascii: "A")
            guard letter < 26 else { return nil }
            place = place * 26 + Int(letter)
        }
        return place
    }

    /// How many codes of three letters A–Z there are.
    public static let places = 26 * 26 * 26

    /// Every code of three letters A–Z at its place in base 26, -1 where none: read once per
    /// account, and a dictionary's hashing of the code was most of a small account's envelope.
    private static let table: [Int8] = {
        var table = [Int8](repeating: -1, count: places)
        let groups: [(Int, String)] = [
            (0, "BIF BYR CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF"),
            (0, withdrawnWithoutMinorUnits),
            (2, withdrawnWithTwoDecimals),
            (3, "BHD IQD JOD KWD LYD OMR TND"),
            (4, "CLF UYW"),
            (
                2,
                """
                AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP \
                BYN BZD CAD CDF CHE CHF CHW CNY COP COU CRC CUC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR \
                FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IRR JMD KES KGS KHR \
                KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR \
                MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK \
                SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN \
                UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG ZWL
                """
            ),
        ]
        for (decimals, codes) in groups {
            for code in codes.split(separator: " ") {
                table[place(ofCode: String(code).utf8.span)!] = Int8(decimals)
            }
        }
        return table
    }()

    /// Withdrawn codes (ISO 4217's historic list) of national currencies, by their minor units:
    /// the euro's predecessors and others replaced this century.
    static let withdrawnWithoutMinorUnits = "BEF ESP GRD ITL LUF PTE TRL"
    static let withdrawnWithTwoDecimals =
        "ATS BGL CYP DEM EEK FIM FRF GHC IEP LTL LVL MRO MTL NLG ROL SIT SKK STD VEF ZMK"

    /// Why `code` gives no scale: not a currency code, or one of ISO 4217's codes without minor
    /// units (`XXX` is no currency; `XAU`, `XAG`, `XPT`, `XPD` metals; `XDR` and the other `X…`
    /// units of account and funds), which no amount of money is counted in.
    public static func refusal(of code: String) -> String {
        let shown = "\"\(code.prefix(40))\""
        guard code.count == 3, code.hasPrefix("X"), code.allSatisfy({ $0 >= "A" && $0 <= "Z" }) else {
            return "currency \(shown) is not an ISO 4217 currency code"
        }
        return "currency \(shown) is not one txfeed counts money in: ISO 4217 gives the X codes (XXX no currency, "
            + "XAU and the other metals, XDR and the units of account) no minor units"
    }
}
