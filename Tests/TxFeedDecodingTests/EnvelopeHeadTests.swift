import CJansson
import TxFeedModel
import TxFeedTestSupport
import XCTest

@testable import TxFeedDecoding

/// ``EnvelopeHead`` against jansson: whatever it reads, jansson reads too and ``EnvelopeReader``
/// gets the same account (or the same failures) from both; whatever jansson refuses, it declines.
final class EnvelopeHeadTests: XCTestCase {
    /// What the reader made of an envelope, from either parser.
    func read<V: EnvelopeValue>(_ root: V) -> String {
        var failures: [String] = []
        guard let a = EnvelopeReader(sourceIndex: 0, origin: "o").readAccount(root, place: "p", failures: &failures)
        else { return "failed: \(failures)" }
        let balance = a.balance.map { "\($0.minorUnits)/\($0.scale)" } ?? "-"
        return "\(a.name)|\(a.id ?? "-")|\(balance)|\(a.currency ?? "-")|\(a.scale)|\(String(describing: a.profile))"
    }

    /// The envelope as jansson reads it; nil when jansson refuses the text.
    func janssonRead(_ text: [UInt8]) -> String? {
        var error = json_error_t()
        let root = text.withUnsafeBufferPointer { b in
            b.withMemoryRebound(to: CChar.self) { json_loadb($0.baseAddress, $0.count, 0, &error) }
        }
        guard let root else { return nil }
        defer { json_decref(root) }
        return read(JanssonValue(pointer: root))
    }

    func headRead(_ text: [UInt8]) -> String? {
        text.withUnsafeBufferPointer { b in EnvelopeHead.read(b) { $0?.withRoot(read) } }
    }

    /// Checks one text; returns whether the head read it.
    @discardableResult
    func check(_ text: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let jansson = janssonRead(text)
        guard let head = headRead(text) else { return false }
        XCTAssertEqual(head, jansson, DecoderDifferentialFuzzTests.printable(text), file: file, line: line)
        return true
    }

    func testPlainEnvelopesAreReadAsJanssonReadsThem() {
        let plain = [
            #"{"status":200,"message":"ok","body":{"name":"Travel Fund ••1824193","currentBalance":1710.24,"currency":"USD","profile":{"id":"1824193","firstName":"Ann","lastName":"Lee"},"transactions":[]}}"#,
            #"{"body":{"profile":{"name":"inner","id":12},"name":"outer","id":123456789012345678,"currency":null,"transactions":[ ]}}"#,
            #"{"body":{"name":"A","name":"B","currency":"EUR","currency":"JPY","currentBalance":-0,"transactions":[]},"status":404,"status":200}"#,
            #"{"body":{"name":"A","currentBalance":-12.5e1,"transactions":[1,[2,{"x":[]}],true,false,null,"s"]},"extra":{"a":[{}]}}"#,
            #"{"body":{"name":"A","currentBalance":1e-400,"transactions":[]}}"#,
            #"{"body":{"name":"A\#u{7F}","currentBalance":1E2,"transactions":{}}}"#,
            #"{"body":null,"message":"down","status":503}"#,
            " {\n\t\"body\" : { \"name\" : \"\u{10FFFF}é\" , \"transactions\" : [ ] } }\r\n",
        ]
        for text in plain { XCTAssertTrue(check(Array(text.utf8)), text) }
    }

    /// A lookup steps over a member's own members: the outer `name` and `id`, not the profile's.
    func testALookupStepsOverNestedMembers() {
        let lookups =
            #"{"body":{"name":"outer name long enough","profile":{"name":"inner","id":"7"},"id":"x","transactions":[]}}"#
        XCTAssertTrue(check(Array(lookups.utf8)))
        XCTAssertEqual(headRead(Array(lookups.utf8))?.hasPrefix("outer name long enough|x|"), true)
    }

    /// The head says where the envelope ends, arrays of elements and all.
    func testTheHeadSaysWhereTheEnvelopeEnds() {
        for text in [
            #"{"body":{"name":"A","transactions":[ ],"x":{}}} "#, #"{"body":{"name":"A","transactions":[{"type":1}]}}"#,
        ] {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer {
                XCTAssertEqual(EnvelopeHead.read($0) { $0?.end }, text.hasSuffix(" ") ? bytes.count - 1 : bytes.count)
            }
        }
    }

    /// An envelope of more values than the first parse has room for is parsed again with room
    /// for all: the same account as jansson's, whatever the count (a syntax error past the
    /// room is still declined), and a lookup finds the last of many members.
    func testEnvelopesOfMoreValuesThanTheFirstRoomReadWhole() {
        for extra in [0, 1, EnvelopeHead.usualNodes - 8, EnvelopeHead.usualNodes, 200] {
            let members = (0..<extra).map { #""k\#($0)":[\#($0),{"n":null}]"# }.joined(separator: ",")
            let text =
                #"{"status":200,"body":{"#
                + (members.isEmpty ? "" : members + ",")
                + #""name":"Many","currency":"EUR","currentBalance":1.5,"transactions":[]}}"#
            XCTAssertTrue(check(Array(text.utf8)), "\(extra)")
            XCTAssertEqual(headRead(Array(text.utf8))?.hasPrefix("Many|-|150/2|EUR|"), true, "\(extra)")
            let broken = Array(text.utf8.dropLast(2)) + Array("]}".utf8)
            XCTAssertNil(headRead(broken), "\(extra)")
            Array(text.utf8).withUnsafeBufferPointer { bytes in
                XCTAssertEqual(EnvelopeHead.read(bytes) { $0?.nodes.count }, 7 + 4 * extra, "\(extra)")
            }
        }
    }
    /// Each of these jansson reads differently from plain bytes, or refuses: the head declines.
    func testEscapesControlsInvalidUTF8AndEdgeNumbersAreLeftToJansson() {
        let plain: [String] = [
            #"{"bo\u0064y":{"name":"A","transactions":[]}}"#, #"{"body":{"name":"a\u0000b","transactions":[]}}"#,
            #"{"body":{"name":"a\ud800b","transactions":[]}}"#, #"{"body":{"name":"a\udc00b","transactions":[]}}"#,
            #"{"body":{"name":"a\ud83d\u0041","transactions":[]}}"#, #"{"body":{"name":"a\xb","transactions":[]}}"#,
            #"{"body":{"name":"a\u12","transactions":[]}}"#, #"{"body":{"name":"a\u12g4","transactions":[]}}"#,
            #"{"body":{"name":"A","currentBalance":01,"transactions":[]}}"#,
            #"{"body":{"name":"A","currentBalance":1.,"transactions":[]}}"#,
            #"{"body":{"name":"A","currentBalance":1e400,"transactions":[]}}"#,
            #"{"body":{"name":"A","currentBalance":9999999999999999999,"transactions":[]}}"#,
            #"{"body":{"name":"A","currentBalance":-,"transactions":[]}}"#,
            #"{"body":{"name":"A","transactions":[]},}"#,
            #"{"body":{"name":"A","transactions":[]}} x"#, #"{"body":{"name":"A","transactions":[tru]}}"#,
            #"{"body":{"name":"A","transactions":[]}"#,
            String(repeating: "[", count: 40) + String(repeating: "]", count: 40),
        ]
        // A name with these bytes in it: a tab, NUL, a surrogate, an overlong '/', past
        // U+10FFFF, a cut sequence.
        let bytes: [[UInt8]] = [
            [0x09], [0x00], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x80],
        ]
        var declined = plain.map { Array($0.utf8) }
        for inner in bytes {
            declined.append(Array(#"{"body":{"name":"A"#.utf8) + inner + Array(#"","transactions":[]}}"#.utf8))
        }
        declined.append(Array(#"{"body":{"name":"A","transactions":[]}}"#.utf8) + [0xFF])
        for text in declined {
            XCTAssertNil(headRead(text), DecoderDifferentialFuzzTests.printable(text))
        }
    }

    /// JSON's escapes in a string are decoded as jansson decodes them: Python writes non-ASCII
    /// as `\u00e9` by default, and each such record went to jansson.
    func testEscapedStringsAreDecodedAsJanssonDecodesThem() {
        let escaped = [
            #"{"body":{"name":"\u0141\u00f3d\u017a Market","transactions":[]}}"#,
            #"{"body":{"name":"a\"b\\c\/d\b\f\n\r\t","currency":"\u0045UR","transactions":[]}}"#,
            #"{"body":{"name":"\ud83d\ude00 \uD83D\uDE00 caf\u00E9 é\u00e9","transactions":[]}}"#,
            #"{"body":{"name":"\u007f\u0001x","id":"\u20ac","transactions":[]}}"#,
        ]
        for text in escaped { XCTAssertTrue(check(Array(text.utf8)), text) }
        XCTAssertEqual(headRead(Array(escaped[0].utf8))?.hasPrefix("Łódź Market|"), true)
        // Past the first room's nodes and with escapes both.
        let many = (0..<40).map { #""k\#($0)":"vé""# }.joined(separator: ",")
        XCTAssertTrue(check(Array(#"{"body":{"name":"é",\#(many),"transactions":[]}}"#.utf8)))
    }

    /// The eight-byte scan of a string finds the first byte that is not plain text, whatever
    /// the bytes around it: every byte value at every place, after and before others.
    func testTheWordScanFindsTheFirstByteThatIsNotPlainText() {
        func isPlain(_ b: UInt8) -> Bool { b >= 0x20 && b < 0x80 && b != 0x22 && b != 0x5C }
        func firstNotPlain(_ bytes: [UInt8]) -> Int? {
            let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
            let marked = EnvelopeHead.notPlain(word)
            return marked == 0 ? nil : marked.trailingZeroBitCount >> 3
        }
        var random = SplitMix64(seed: 0x5753_4152)
        for place in 0..<8 {
            for value in 0...255 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                bytes[place] = UInt8(value)
                XCTAssertEqual(firstNotPlain(bytes), isPlain(UInt8(value)) ? nil : place, "\(value) at \(place)")
                // Any bytes after it, and plain ones of every kind before.
                for k in place + 1..<8 { bytes[k] = UInt8(random.below(256)) }
                for k in 0..<place { bytes[k] = UInt8(0x20 + random.below(0x60)) }
                let expected = bytes.firstIndex { !isPlain($0) }
                XCTAssertEqual(firstNotPlain(bytes), expected, "\(bytes)")
            }
        }
    }

    /// The fuzz test's mutated corpus, many more cases than it runs through Python: every text
    /// the head reads, jansson reads the same way, and the head reads a good share of them.
    func testTheHeadAgreesWithJanssonOnMutatedEnvelopes() {
        var random = SplitMix64(seed: 0x4865_6164)
        var (read, refusedByJansson) = (0, 0)
        let cases = 20_000
        for n in 0..<cases {
            var text = DecoderDifferentialFuzzTests.corpus[n % DecoderDifferentialFuzzTests.corpus.count]
            for _ in 0...random.below(3) {
                EnvelopeMutation.apply(random.below(EnvelopeMutation.count), &text, &random)
            }
            if janssonRead(text) == nil {
                refusedByJansson += 1
                XCTAssertNil(headRead(text), "jansson refuses: \(DecoderDifferentialFuzzTests.printable(text))")
            } else if check(text) {
                read += 1
            }
        }
        XCTAssertGreaterThan(read, cases / 8, "texts the head read")
        XCTAssertGreaterThan(refusedByJansson, cases / 10, "texts jansson refused")
    }

    /// The head reads most reals without strtod (``EnvelopeHead/exactReal(_:)``): always to the
    /// same bits as strtod, and not at all past what that exact path can hold.
    func testRealsReadWithoutStrtodHaveStrtodsBits() {
        var random = SplitMix64(seed: 0x5265_616C)
        var exact = 0
        for _ in 0..<50_000 {
            let digits = 1 + random.below(20)
            var mantissa = String(1 + random.below(9))
            for _ in 1..<digits { mantissa += String(random.below(10)) }
            let point = random.below(digits + 1)
            var text = random.below(2) == 0 ? "-" : ""
            if point == 0 {
                text += "0." + mantissa
            } else {
                text +=
                    String(mantissa.prefix(point)) + "." + (point < digits ? String(mantissa.dropFirst(point)) : "0")
            }
            if random.below(3) == 0 { text += (random.below(2) == 0 ? "e" : "E-") + String(random.below(30)) }
            let bytes = Array(text.utf8)
            let expected = strtod(text, nil)
            guard let read = bytes.withUnsafeBufferPointer({ EnvelopeHead.exactReal($0) }) else { continue }
            exact += 1
            XCTAssertEqual(read.bitPattern, expected.bitPattern, text)
        }
        XCTAssertGreaterThan(exact, 20_000, "reals read on the exact path")
        for text in ["1e23", "12345678901234567890.5", "9007199254740993.0", "1.5e-23", "-0.0"] {
            let read = Array(text.utf8).withUnsafeBufferPointer { EnvelopeHead.exactReal($0) }
            if text == "-0.0" {
                XCTAssertEqual(read?.bitPattern, (-0.0).bitPattern, text)
            } else {
                XCTAssertNil(read, text)
            }
        }
    }
}
