/// A field's tag, the `NN` or `NNa` of `:NN:`/`:NNa:`, as its bytes packed in one number: told
/// apart without a String made for every field; written out only for a message.
struct MT940Tag: Equatable, CustomStringConvertible {
    /// The two digits and the letter (0 without one), a byte each.
    private var code: UInt32

    /// `text` is two digits and at most one letter, as ``MT940Reader`` finds them.
    @inline(__always)
    init(_ text: Span<UInt8>) {
        code = 0
        for i in 0..<min(text.count, 3) { code = code << 8 | UInt32(text[i]) }
        if text.count < 3 { code <<= 8 }
    }

    /// `MT940Tag("6", "0", "F")`: folded to a constant where it is used (a `static let` was a
    /// lazy global, checked at every use).
    init(_ first: Unicode.Scalar, _ second: Unicode.Scalar, _ letter: Unicode.Scalar = "\0") {
        code = UInt32(first.value) << 16 | UInt32(second.value) << 8 | letter.value
    }

    var description: String {
        let bytes = [UInt8(code >> 16), UInt8(code >> 8 & 0xFF), UInt8(code & 0xFF)].filter { $0 != 0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    static var reference: MT940Tag { MT940Tag("2", "0") }
    static var account: MT940Tag { MT940Tag("2", "5") }
    static var number: MT940Tag { MT940Tag("2", "8", "C") }
    static var oldNumber: MT940Tag { MT940Tag("2", "8") }
    static var floorLimit: MT940Tag { MT940Tag("3", "4", "F") }
    static var dateTime: MT940Tag { MT940Tag("1", "3", "D") }
    static var opening: MT940Tag { MT940Tag("6", "0", "F") }
    static var openingPage: MT940Tag { MT940Tag("6", "0", "M") }
    static var closing: MT940Tag { MT940Tag("6", "2", "F") }
    static var closingPage: MT940Tag { MT940Tag("6", "2", "M") }
    static var available: MT940Tag { MT940Tag("6", "4") }
    static var forward: MT940Tag { MT940Tag("6", "5") }
    static var debits: MT940Tag { MT940Tag("9", "0", "D") }
    static var credits: MT940Tag { MT940Tag("9", "0", "C") }
    static var statementLine: MT940Tag { MT940Tag("6", "1") }
    static var details: MT940Tag { MT940Tag("8", "6") }
    /// `:NS:`, the non-SWIFT field of German `STARTUMS` exports (Sberbank Hungary's too): after a
    /// `:61:`, in place of its `:86:`; after `:28:`, the account holder's (not read).
    static var nonSwift: MT940Tag { MT940Tag("N", "S") }

    /// A field MT940 or MT942 defines (`:21:` and `:25P:` too, read or not). A line starting
    /// with another `:NN:` inside a `:86:` is that text's next line, cut there by the bank
    /// (`:12: vom 01.01.`), not a field.
    var isDefined: Bool {
        switch self {
        case .reference, .account, .number, .oldNumber, .floorLimit, .dateTime, .opening, .openingPage, .closing,
            .closingPage, .available, .forward, .debits, .credits, .statementLine, .details, .nonSwift,
            MT940Tag("2", "1"),
            MT940Tag("2", "5", "P"):
            true
        default: false
        }
    }
}
