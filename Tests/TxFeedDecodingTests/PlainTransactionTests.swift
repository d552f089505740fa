import CJansson
import TxFeedModel
import TxFeedTestSupport
import XCTest

@testable import TxFeedDecoding

/// A transaction read from ``EnvelopeHead``'s nodes (``TransactionNormaliser/transaction(plain:scale:location:account:vendors:details:)``)
/// against the same element read by jansson: whatever the plain path reads is the transaction
/// jansson's path makes, to the bit; whatever jansson's path rejects or cannot load, it leaves.
final class PlainTransactionTests: XCTestCase {
    let normaliser = TransactionNormaliser(origin: "o", scale: 2, keepsLocations: true)

    /// A transaction in words both paths can say: nil for anything but a transaction.
    func describe(_ t: Transaction, _ vendors: VendorTable, _ details: [TransactionDetails]) -> String {
        let d = t.details == Transaction.noDetails ? nil : details[Int(t.details)]
        return "\(t.unixSeconds) \(t.amountMinor) \(vendors.name(of: t.vendor)) \(t.account) \(t.flags.rawValue) "
            + "\(d?.id ?? "-") \(d?.memo ?? "-") \(d?.location ?? "-")"
    }

    func plain(_ text: [UInt8], scale: Int = 2) -> String? {
        var vendors = VendorTable()
        var details: [TransactionDetails] = []
        var normaliser = normaliser
        normaliser.scale = scale
        let t = text.withUnsafeBufferPointer { raw in
            EnvelopeHead.read(raw) { head in
                head?.withRoot {
                    TransactionNormaliser.transaction(
                        plain: $0, scale: scale, location: normaliser.jsonLocation(index: 3), account: 1,
                        vendors: &vendors, details: &details)
                }
            }
        }
        if t == nil { XCTAssertTrue(details.isEmpty && vendors.count == 0, "a declined element leaves no trace") }
        return t.map { describe($0, vendors, details) }
    }

    /// jansson's path: the transaction, or nil for a reject or an element it cannot load.
    func jansson(_ text: [UInt8], scale: Int = 2) -> String? {
        var error = json_error_t()
        let json = text.withUnsafeBufferPointer { b in
            b.withMemoryRebound(to: CChar.self) { json_loadb($0.baseAddress, $0.count, Int(JSON_DECODE_ANY), &error) }
        }
        guard let json else { return nil }
        defer { json_decref(json) }
        var vendors = VendorTable()
        var details: [TransactionDetails] = []
        var normaliser = normaliser
        normaliser.scale = scale
        let outcome = text.withUnsafeBufferPointer {
            normaliser.normalise(json, index: 3, raw: $0, account: 1, vendors: &vendors, details: &details)
        }
        guard case .transaction(let t) = outcome else { return nil }
        return describe(t, vendors, details)
    }

    /// Checks one element; returns whether the plain path read it.
    @discardableResult
    func check(_ text: [UInt8], scale: Int = 2, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let want = jansson(text, scale: scale)
        let got = plain(text, scale: scale)
        let shown = DecoderDifferentialFuzzTests.printable(text)
        if want == nil { XCTAssertNil(got, "jansson's path rejects: \(shown)", file: file, line: line) }
        if let got { XCTAssertEqual(got, want, shown, file: file, line: line) }
        return got != nil
    }

    func testPlainElementsAreReadAsJanssonsPathReadsThem() {
        let read = [
            #"{"type":1,"vendor":"Starbucks","amount":4.5,"date":"2021-09-01 08:15:00"}"#,
            #"{"type":0,"vendor":"Payroll","amount":5000,"date":"2021-09-01T08:15:00.250Z","id":"A1","status":"pending","memo":"pay"}"#,
            #"{"type":1,"vendor":"Uber","amount":12.34,"date":"2024-03-01","id":7,"status":null,"memo":null}"#,
            #"{"type":1,"type":0,"vendor":"A","vendor":"Last","amount":-0,"date":"x","date":"2024-03-01","id":"","memo":""}"#,
            #"{"type":0,"vendor":"Ä ☕","amount":1e-400,"date":"9999-12-31T23:59:59Z","status":"booked","x":{"y":[1,2]}}"#,
            #" {"amount":1E2,"date":"2021-08-26T12:00:00-0530","vendor":"v","type":0} "#,
            #"{"type":1,"vendor":"V\u0041 \u0141\u00f3d\u017a \"q\"","amount":1,"date":"2021-01-01","memo":"a\nb\ud83d\ude00"}"#,
        ]
        for text in read { XCTAssertTrue(check(Array(text.utf8)), text) }
    }

    /// Every reject, and whatever the head declines, is left to jansson's path.
    func testRejectsAndDeclinedElementsAreLeftToJanssonsPath() {
        let left = [
            #"{"type":2,"vendor":"V","amount":1,"date":"2021-01-01"}"#,
            #"{"type":1.0,"vendor":"V","amount":1,"date":"2021-01-01"}"#,
            #"{"type":1,"vendor":"","amount":1,"date":"2021-01-01"}"#,
            #"{"type":1,"vendor":"V","amount":-1,"date":"2021-01-01"}"#,
            #"{"type":1,"vendor":"V","amount":1.005,"date":"2021-01-01"}"#,
            #"{"type":1,"vendor":"V","amount":"1","date":"2021-01-01"}"#,
            #"{"type":1,"vendor":"V","amount":1234567890123456789,"date":"2021-01-01"}"#,
            #"{"type":1,"vendor":"V","amount":1,"date":"2021-02-30"}"#,
            #"{"type":1,"vendor":"V","amount":1,"date":"2021-01-01","id":1.5}"#,
            #"{"type":1,"vendor":"V","amount":1,"date":"2021-01-01","status":"PENDING"}"#,
            #"{"type":1,"vendor":"V","amount":1,"date":"2021-01-01","memo":7}"#,
            #"{"type":1,"vendor":"V\u0000","amount":1,"date":"2021-01-01"}"#,
            #"{"type":1,"vendor":"V","date":"2021-01-01"}"#,
            #"[{"type":1,"vendor":"V","amount":1,"date":"2021-01-01"}]"#,
            #"{"type":1,"vendor":"V","amount":1,"date":"2021-01-01""#,
        ]
        for text in left { XCTAssertNil(plain(Array(text.utf8)), text) }
        XCTAssertNil(plain(Array(#"{"type":1,"vendor":"V","amount":1.5,"date":"2021-01-01"}"#.utf8), scale: 0))
        XCTAssertNotNil(plain(Array(#"{"type":1,"vendor":"V","amount":1.5,"date":"2021-01-01"}"#.utf8), scale: 1))
        let long =
            #"{"type":1,"vendor":"\#(String(repeating: "v", count: TextLimits.vendor + 1))","amount":1,"date":"2021-01-01"}"#
        XCTAssertNil(plain(Array(long.utf8)))
    }

    /// Mutated elements (the fuzz test's mutations): the plain path agrees with jansson's on each
    /// it reads, leaves each jansson's path rejects, and reads a good share.
    func testThePlainPathAgreesWithJanssonsOnMutatedElements() {
        let corpus = [
            #"{"type":1,"vendor":"Starbucks","amount":4.5,"date":"2021-09-01 08:15:00"}"#,
            #"{"type":0,"vendor":"Payroll","amount":5000,"date":"2021-09-01T08:15:00.250Z","id":"A1","status":"pending","memo":"pay"}"#,
            #"{"type":1,"vendor":"Uber","amount":12.34,"date":"2024-03-01","id":7}"#,
            #"{"type": 0, "vendor": "Shop", "amount": 1200, "date": "2021-08-26T12:00:00+02:00", "memo": null}"#,
        ].map { Array($0.utf8) }
        var random = SplitMix64(seed: 0x506C_6169_6E)
        var read = 0
        let cases = 20_000
        for n in 0..<cases {
            var text = corpus[n % corpus.count]
            for _ in 0...random.below(3) {
                EnvelopeMutation.apply(random.below(EnvelopeMutation.count), &text, &random)
            }
            for scale in [0, 2, 3] where check(text, scale: scale) { read += 1 }
        }
        XCTAssertGreaterThan(read, cases / 4, "elements the plain path read")
    }
}

/// A small envelope read whole from ``EnvelopeHead``'s nodes
/// (``DocumentDecoder/decodePlainEnvelope(_:in:into:)``) against the full path on the same
/// text: whatever the one parse reads is the account and records the full path makes; it
/// leaves the rest (a reject, a failure, what the head declines) to the full path, untouched.
final class PlainEnvelopeTests: XCTestCase {
    let decoder = DocumentDecoder(origin: "in.ndjson", sourceIndex: 2, threads: 1)

    /// What a decode made, in words both paths can say.
    func describe(_ data: SourceData) -> String {
        let accounts = data.accounts.map {
            "\($0.name)|\($0.id ?? "-")|\($0.currency ?? "-")|\($0.scale)|\($0.balance.map { "\($0.minorUnits)" } ?? "-")|\($0.source)"
        }
        let records = data.transactions.map { t -> String in
            let d = t.details == Transaction.noDetails ? nil : data.details[Int(t.details)]
            return "\(t.unixSeconds) \(t.amountMinor) \(data.vendors.name(of: t.vendor)) \(t.account) "
                + "\(t.flags.rawValue) \(d?.id ?? "-") \(d?.memo ?? "-")"
        }
        return (accounts + records + ["documents \(data.documents)"]).joined(separator: "\n")
    }

    /// Checks one text; returns whether the one parse read it.
    @discardableResult
    func check(_ text: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> Bool {
        text.withUnsafeBufferPointer { buffer in
            var plain = SourceData()
            let read = decoder.decodePlainEnvelope(0..<buffer.count, in: buffer, into: &plain)
            guard read else {
                XCTAssertEqual(describe(plain), describe(SourceData()), "left untouched", file: file, line: line)
                return false
            }
            var full = SourceData()
            let failure =
                (try? decoder.decodeEnvelope(
                    at: JSONScanner(buffer).skipWhitespace(from: 0, to: buffer.count), limit: buffer.count, in: buffer,
                    positions: nil, into: &full)) == nil
            XCTAssertFalse(failure, DecoderDifferentialFuzzTests.printable(text), file: file, line: line)
            XCTAssertTrue(full.rejects.isEmpty && full.failures.isEmpty, "\(full.rejects) \(full.failures)")
            XCTAssertEqual(
                describe(plain), describe(full), DecoderDifferentialFuzzTests.printable(text), file: file, line: line)
            return true
        }
    }

    func testSmallEnvelopesReadInOneParseAreTheFullPaths() {
        let record = #"{"type":1,"vendor":"Starbucks","amount":4.5,"date":"2021-09-01 08:15:00"}"#
        let read = [
            #"{"status":200,"message":"ok","body":{"name":"Checking","id":7,"currency":"USD","currentBalance":-12.5,"profile":{"id":"p","firstName":"A"},"transactions":[\#(record),{"type":0,"vendor":"Payroll","amount":5000,"date":"2021-09-01T08:15:00.250Z","id":"A1","status":"pending","memo":"pay"}]}}"#,
            #"{"body":{"name":"Empty","transactions":[]}}"#,
            #"{"body":{"name":"A","transactions":[\#(record)]},"body":{"name":"Last","currency":"JPY","transactions":[{"type":1,"vendor":"V","amount":3,"date":"2021-01-01"}]}}"#,
        ]
        for text in read + [#"{"body":{"name":"Esc\u0061ped","transactions":[]}}"#] {
            XCTAssertTrue(check(Array(text.utf8)), text)
        }
        let left = [
            #"{"status":503,"message":"down","body":null}"#,
            #"{"body":{"name":"A","transactions":[{"type":2,"vendor":"V","amount":1,"date":"2021-01-01"}]}}"#,
            #"{"body":{"name":"A","currency":"XXX","transactions":[]}}"#,
            #"{"body":{"n\u0061me":"Escaped key","transactions":[]}}"#,
            #"{"body":{"name":"A","transactions":[\#(record)]}"#,
        ]
        for text in left { XCTAssertFalse(check(Array(text.utf8)), text) }
    }

    /// The fuzz test's mutated envelopes: each the one parse reads is the full path's, and it
    /// reads a good share of them.
    func testTheOneParseAgreesWithTheFullPathOnMutatedEnvelopes() {
        var random = SplitMix64(seed: 0x4F6E_6550_6172_7365)
        var read = 0
        let cases = 10_000
        let corpus = DecoderDifferentialFuzzTests.corpus.flatMap { text in
            // Each NDJSON line of the corpus on its own: the one parse takes a whole document.
            text.split(separator: UInt8(ascii: "\n")).map(Array.init).filter { $0.first == UInt8(ascii: "{") }
        }
        for n in 0..<cases {
            var text = corpus[n % corpus.count]
            for _ in 0...random.below(3) {
                EnvelopeMutation.apply(random.below(EnvelopeMutation.count), &text, &random)
            }
            if check(text) { read += 1 }
        }
        XCTAssertGreaterThan(read, cases / 50, "envelopes the one parse read")
    }
}
