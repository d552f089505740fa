import TxFeedTestSupport

/// The mutations of DecoderDifferentialFuzzTests: each the kind of change fuzzing found to make
/// the scanner and jansson disagree, or either of them disagree with JSON.
enum EnvelopeMutation {
    static let count = 10

    /// Applies mutation `kind` (0..<count) to `text` at places drawn from `random`.
    static func apply(_ kind: Int, _ text: inout [UInt8], _ random: inout SplitMix64) {
        guard !text.isEmpty else { return }
        switch kind {
        case 0:  // one byte becomes a byte that matters to JSON
            text[random.below(text.count)] = random.pick(interestingBytes)
        case 1:  // one byte more
            text.insert(random.pick(interestingBytes), at: random.below(text.count + 1))
        case 2:  // one byte less, or the text cut short
            if random.below(3) == 0 {
                text.removeLast(text.count - random.below(text.count))
            } else {
                text.remove(at: random.below(text.count))
            }
        case 3:  // a letter spelled as a \u escape: in a key it is the same key
            let letters = text.indices.filter { isLetter(text[$0]) && isInString(text, $0) }
            guard !letters.isEmpty else { return }
            let at = random.pick(letters)
            text.replaceSubrange(at...at, with: Array(unicodeEscape(text[at]).utf8))
        case 4:  // an escape in a string: NUL, lone surrogates, pairs, quotes
            let quotes = text.indices.filter { text[$0] == UInt8(ascii: "\"") }
            guard !quotes.isEmpty else { return }
            text.insert(contentsOf: Array(random.pick(stringEscapes).utf8), at: random.pick(quotes) + 1)
        case 5:  // a number at an edge of what jansson, a double or the money rules hold
            replaceToken(in: &text, random: &random, where: { $0 == UInt8(ascii: "-") || isDigit($0) }, with: numbers)
        case 6:  // a date at an edge of the contract's forms and years
            let dates = occurrences(of: #""date":""#, in: text)
            guard let at = dates.isEmpty ? nil : random.pick(dates) else { return }
            let start = at + 8
            guard let end = text[start...].firstIndex(of: UInt8(ascii: "\"")) else { return }
            text.replaceSubrange(start..<end, with: Array(random.pick(edgeDates).utf8))
        case 7:  // a duplicate member, the first or the last of its object
            let bodies = occurrences(of: #""body":{"#, in: text)
            guard !bodies.isEmpty else { return }
            let at = random.pick(bodies) + 8
            text.insert(contentsOf: Array(random.pick(duplicates).utf8), at: at)
        case 8:  // a whole body again, plainly or escaped, after the envelope's own
            guard let close = text.lastIndex(of: UInt8(ascii: "}")) else { return }
            text.insert(contentsOf: Array(random.pick(shadowBodies).utf8), at: close)
        default:  // a line break anywhere: NDJSON or not
            text.insert(UInt8(ascii: "\n"), at: random.below(text.count + 1))
        }
    }

    static let interestingBytes: [UInt8] =
        Array(#"{}[],:"\0 -.e1x"#.utf8) + [0x00, 0x0A, 0x0D, 0x09, 0xFF, 0xC3, 0xED, 0x80, 0x7F]

    static let stringEscapes = [
        #"\u0000"#, #"\ud800"#, #"\udfff"#, #"\ud83d\ude00"#, #"\ud83d"#, #"\""#, #"\\"#, #"\n"#, "\t", #"\u00e9"#,
        #"\x"#, #"\u12"#, "é",
    ]

    static let numbers = [
        "1e400", "-1e400", "1e-400", "99999999999999999999", "-9223372036854775808", "9223372036854775807",
        "9223372036854775808", "1e13", "9999999999999.99", "0.1", "1.005", "-0", "-0.0", "12.50", "1E2", "01", "1.",
        ".5", "--1", "-", "0", "1", "2", "200", "4.5e0", "123456789012.345",
    ]

    static let edgeDates = [
        "9999-12-31T23:00:00-05:00", "0000-01-01T00:00:00+01:00", "0000-01-01T00:00:00Z", "9999-12-31",
        "2021-02-29", "2024-02-29", "2021-01-01T00:00:00.5Z", "2021-01-01T24:00:00", "2021-01-01 00:00:00Z",
        "2021-01-01T00:00:00+2400", "2021-01-01T00:00:00-2359",
    ]

    static let duplicates = [
        #""currency":"JPY","#, #""currency":null,"#, #""name":"Dup","#, #""transactions":[],"#,
        #""transactions":5,"#, #""transaction\u0073":[{"type":0,"vendor":"D","amount":2,"date":"2021-01-01"}],"#,
        #""currency":"XAU","#, #""currentBalance":1e400,"#, #""name":"a\u0000b","#,
    ]

    static let shadowBodies = [
        #","body":{"name":"Shadow","currency":"KWD","transactions":[{"type":0,"vendor":"S","amount":1.5,"date":"2021-01-01"}]}"#,
        #","bo\u0064y":{"name":"Escaped","currency":"JPY","transactions":[]}"#,
        #","body":null"#, #","status":200"#, #","status":404"#,
    ]

    /// Replaces a token made of `isPart` bytes with one of `choices`.
    private static func replaceToken(
        in text: inout [UInt8], random: inout SplitMix64, where isPart: (UInt8) -> Bool, with choices: [String]
    ) {
        let starts = text.indices.filter {
            isPart(text[$0]) && ($0 == 0 || !isPart(text[$0 - 1])) && !isInString(text, $0)
        }
        guard !starts.isEmpty else { return }
        let start = random.pick(starts)
        var end = start
        while end < text.count,
            isPart(text[end]) || text[end] == UInt8(ascii: ".") || text[end] | 0x20 == UInt8(ascii: "e")
                || text[end] == UInt8(ascii: "+")
        {
            end += 1
        }
        text.replaceSubrange(start..<end, with: Array(random.pick(choices).utf8))
    }

    private static func occurrences(of needle: String, in text: [UInt8]) -> [Int] {
        let bytes = Array(needle.utf8)
        guard text.count >= bytes.count else { return [] }
        return (0...(text.count - bytes.count)).filter { text[$0..<($0 + bytes.count)].elementsEqual(bytes) }
    }

    /// Whether `index` is inside a string, by counting unescaped quotes before it.
    private static func isInString(_ text: [UInt8], _ index: Int) -> Bool {
        var inside = false
        var i = 0
        while i < index {
            if text[i] == UInt8(ascii: "\\") && inside {
                i += 2
                continue
            }
            if text[i] == UInt8(ascii: "\"") { inside.toggle() }
            i += 1
        }
        return inside
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private static func unicodeEscape(_ byte: UInt8) -> String {
        let hex = Array("0123456789abcdef")
        return "\\u00" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
    }
}
