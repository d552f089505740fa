/// English month names, matched in place: bank exports in any language mostly keep `Jan`…`Dec`.
enum MonthNames {
    /// The month (1...12) whose name is the run of letters at `index`, or 0. `full` asks for
    /// `January`; otherwise `Jan` or `Sept` is expected. Any case.
    @inline(__always)
    static func read(_ cell: Span<UInt8>, _ index: inout Int, _ end: Int, full: Bool) -> Int {
        assert(index >= 0 && end <= cell.count)
        let start = index
        // 0 <= index < end <= cell.count: in bounds.
        while index < end && AmountScan.isLetter(cell[unchecked: index]) { index += 1 }
        let length = index - start
        guard length >= 3 else { return 0 }
        // Every read from here on lies in the letters just read, start..<index: in bounds.
        let key =
            UInt32(cell[unchecked: start] | 0x20) << 16 | UInt32(cell[unchecked: start + 1] | 0x20) << 8
            | UInt32(cell[unchecked: start + 2] | 0x20)
        let month = month(key)
        guard month > 0 else { return 0 }
        if !full {
            if length == 3 { return month }
            return month == 9 && length == 4 && cell[unchecked: start + 3] | 0x20 == UInt8(ascii: "t") ? 9 : 0
        }
        let name = fullName(month)
        guard length == name.utf8CodeUnitCount else { return 0 }
        let letters = name.utf8Start
        for offset in 3..<length where cell[unchecked: start + offset] | 0x20 != letters[offset] { return 0 }
        return month
    }

    /// The month whose lower-case three-letter abbreviation is packed in `key`, or 0.
    @inline(__always)
    private static func month(_ key: UInt32) -> Int {
        switch key {
        case packed("jan"): 1
        case packed("feb"): 2
        case packed("mar"): 3
        case packed("apr"): 4
        case packed("may"): 5
        case packed("jun"): 6
        case packed("jul"): 7
        case packed("aug"): 8
        case packed("sep"): 9
        case packed("oct"): 10
        case packed("nov"): 11
        case packed("dec"): 12
        default: 0
        }
    }

    private static func fullName(_ month: Int) -> StaticString {
        switch month {
        case 1: "january"
        case 2: "february"
        case 3: "march"
        case 4: "april"
        case 5: "may"
        case 6: "june"
        case 7: "july"
        case 8: "august"
        case 9: "september"
        case 10: "october"
        case 11: "november"
        default: "december"
        }
    }

    @inline(__always)
    private static func packed(_ abbreviation: StaticString) -> UInt32 {
        let bytes = abbreviation.utf8Start
        return UInt32(bytes[0]) << 16 | UInt32(bytes[1]) << 8 | UInt32(bytes[2])
    }
}
