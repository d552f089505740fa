import Foundation
import TxFeedModel
import TxFeedTestSupport
import XCTest

@testable import TxFeedDecoding

/// The byte scanner and jansson together against Python's `json` module, on a seeded mutation
/// of a small corpus of envelopes: a bounded differential fuzz test, run with every test run.
///
/// "Agree" means: for every text, txfeed's decoder and `Tests/Fixtures/envelopes/reference_decoder.py`
/// (docs/INPUT.md's rules written over Python's `json`, none of txfeed's code) report the same
/// number of failed documents and envelopes; the same accounts, in order, with the same name and
/// currency, the same count of kept records and the same sum of their signed minor units; and the
/// same rejected records (`transactions[N]`), in order. So when Python's `json` rejects a text (or
/// an NDJSON line), txfeed fails it and keeps nothing of it; when it accepts it, txfeed reads what
/// the contract says of it. Reasons and dates' instants are not compared, only kept or rejected.
final class DecoderDifferentialFuzzTests: XCTestCase {
    /// 400 cases with a fixed seed; `TXFEED_FUZZ_CASES` and `TXFEED_FUZZ_SEED` explore further.
    static let cases = ProcessInfo.processInfo.environment["TXFEED_FUZZ_CASES"].flatMap { Int($0) } ?? 400
    static let seed =
        ProcessInfo.processInfo.environment["TXFEED_FUZZ_SEED"].flatMap { UInt64($0) }
        ?? 0x7458_6665_6564_0015

    func testTheDecoderAgreesWithPythonsJSONOnMutatedEnvelopes() throws {
        let python = try runCommand(try TestPython.system(), ["-c", "import json, sys; sys.set_int_max_str_digits"])
        try XCTSkipUnless(python.status == 0, "python3 (3.11 or later) is the reference")
        let folder = try TemporaryFolder()
        let casesFolder = folder.path + "/cases"
        try FileManager.default.createDirectory(atPath: casesFolder, withIntermediateDirectories: true)

        var random = SplitMix64(seed: Self.seed)
        var texts: [String: [UInt8]] = [:]
        for n in 0..<Self.cases {
            var text = Self.corpus[n % Self.corpus.count]
            if n >= Self.corpus.count {
                for _ in 0...random.below(3) {
                    EnvelopeMutation.apply(random.below(EnvelopeMutation.count), &text, &random)
                }
            }
            let name = String(format: "case-%04d.json", n)
            texts[name] = text
            try Data(text).write(to: URL(fileURLWithPath: casesFolder + "/" + name))
        }
        let scales = try writeScales(to: folder.path + "/scales.json")
        let reference = try runCommand(
            try TestPython.system(),
            [BuiltProducts.fixtures + "/envelopes/reference_decoder.py", casesFolder, scales])
        XCTAssertEqual(reference.status, 0, reference.stderr)
        let expected = try XCTUnwrap(JSONSerialization.jsonObject(with: reference.stdout) as? [String: Any])
        XCTAssertEqual(expected.count, Self.cases)

        var disagreements: [String] = []
        var kinds = (failed: 0, rejected: 0, kept: 0)
        for (name, text) in texts.sorted(by: { $0.key < $1.key }) {
            let want = Outcome(python: try XCTUnwrap(expected[name] as? [String: Any]))
            let got = text.withUnsafeBufferPointer {
                Outcome(DocumentDecoder(origin: name, sourceIndex: 0, threads: 1).decode(text: $0))
            }
            kinds.failed += want.failures > 0 ? 1 : 0
            kinds.rejected += want.rejects.isEmpty ? 0 : 1
            kinds.kept += want.accounts.contains { $0.kept > 0 } ? 1 : 0
            if got != want {
                disagreements.append("\(name): txfeed \(got)\n  python \(want)\n  text \(Self.printable(text))")
            }
        }
        XCTAssert(
            disagreements.isEmpty,
            "\(disagreements.count) disagreements:\n" + disagreements.prefix(8).joined(separator: "\n"))
        // The corpus must keep reaching every outcome, or the comparison proves little.
        XCTAssertGreaterThan(kinds.failed, Self.cases / 10, "texts that fail")
        XCTAssertGreaterThan(kinds.rejected, Self.cases / 10, "texts with rejected records")
        XCTAssertGreaterThan(kinds.kept, Self.cases / 4, "texts with kept records")
    }

    /// Every code txfeed has a scale for: the table is data, not a rule under test.
    private func writeScales(to path: String) throws -> String {
        var scales: [String: Int] = [:]
        let letters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { Character(UnicodeScalar($0)) }
        for a in letters {
            for b in letters {
                for c in letters {
                    let code = String([a, b, c])
                    if let scale = CurrencyScale.decimals(forCurrencyCode: code) { scales[code] = scale }
                }
            }
        }
        try JSONSerialization.data(withJSONObject: scales).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func printable(_ text: [UInt8]) -> String {
        String(String(decoding: text, as: UTF8.self).debugDescription.prefix(600))
    }

    // MARK: The corpus

    static let record = #"{"type":1,"vendor":"Starbucks","amount":4.5,"date":"2021-09-01 08:15:00"}"#

    static let corpus: [[UInt8]] = [
        #"{"status":200,"message":"ok","body":{"name":"Checking","currency":"USD","currentBalance":-12.5,"transactions":[\#(record),{"type":0,"vendor":"Payroll","amount":5000,"date":"2021-09-01T08:15:00.250Z","id":"A1","status":"pending","memo":"pay"},{"type":1,"vendor":"Uber","amount":12.34,"date":"2024-03-01","id":7}]}}"#,
        "{\n  \"status\": 200,\n  \"body\": {\n    \"name\": \"Yen\",\n    \"currency\": \"JPY\",\n    \"profile\": {\"id\": 1, \"firstName\": \"K\"},\n    \"transactions\": [\n      {\"type\": 0, \"vendor\": \"Shop\", \"amount\": 1200, \"date\": \"2021-08-26T12:00:00+02:00\"},\n      {\"type\": 1, \"vendor\": \"Cafe\", \"amount\": 12.5, \"date\": \"2021-08-26T12:00:00-0530\"}\n    ]\n  }\n}\n",
        #"{"body":{"name":"Dinar","currency":"KWD","transactions":[{"type":1,"vendor":"V","amount":1.005,"date":"2021-01-01"}]}}"#
            + "\n" + #"{"status":200,"body":{"name":"Euro","currency":"EUR","id":"DE89","transactions":[\#(record)]}}"#
            + "\r\n\n" + #"{"body":{"name":"None","currency":null,"transactions":[\#(record),\#(record)]}}"# + "\n",
        "[" + #"{"body":{"name":"One","transactions":[\#(record)]}}"# + ",\n "
            + #"{"status":503,"message":"down","body":null}"# + ",\n "
            + #"{"body":{"name":"Two","currency":"CLF","transactions":[{"type":0,"vendor":"x","amount":0.0001,"date":"2021-01-01 00:00:00"}]}}"#
            + "]",
        #"{"bo\u0064y":{"name":"Esc\u0061ped","currency":"JPY","transaction\u0073":[{"type":1,"vendor":"V","amount":3,"date":"2021-01-01"}]},"body":{"name":"Last","currency":"USD","transactions":[\#(record)]}}"#,
        #"{"status":503,"message":"maintenance","body":{"name":"Down","transactions":[\#(record),\#(record)]}}"#,
        "{\"body\":{\"profile\":{}\n,\"name\":\"Brace\",\"transactions\":[\(record)]}}\n",
        #"{"body":{"name":"Strings","transactions":[{"type":1,"vendor":"Caf\u00e9 \"Q\" \\ \ud83d\ude00","amount":0.1,"date":"2021-01-01T00:00:00Z"},{"type":0,"vendor":"Ä","amount":-0,"date":"9999-12-31T23:59:59Z","memo":null,"status":"booked"}]}}"#,
    ].map { Array($0.utf8) }
}

/// What a decode kept, in the terms both sides can say.
struct Outcome: Equatable, CustomStringConvertible {
    struct Account: Equatable {
        var name: String
        var currency: String?
        var kept: Int
        var minor: Int64
    }

    var failures: Int
    var accounts: [Account]
    var rejects: [String]

    init(_ data: SourceData) {
        failures = data.failures.count
        accounts = data.accounts.map { Account(name: $0.name, currency: $0.currency, kept: 0, minor: 0) }
        for t in data.transactions {
            accounts[Int(t.account)].kept += 1
            accounts[Int(t.account)].minor += t.isDebit ? -t.amountMinor : t.amountMinor
        }
        rejects = data.rejects.map { reject in
            reject.path.firstIndex(of: "]").map { String(reject.path[...$0]) } ?? reject.path
        }
    }

    init(python: [String: Any]) {
        failures = python["failures"] as? Int ?? -1
        accounts = (python["accounts"] as? [[String: Any]] ?? []).map {
            Account(
                name: $0["name"] as? String ?? "?", currency: $0["currency"] as? String, kept: $0["kept"] as? Int ?? -1,
                minor: ($0["minor"] as? NSNumber)?.int64Value ?? -1)
        }
        rejects = python["rejects"] as? [String] ?? []
    }

    var description: String {
        let list = accounts.map { "\($0.name)/\($0.currency ?? "-"): \($0.kept) kept, \($0.minor)" }
        return "failures \(failures), accounts [\(list.joined(separator: "; "))], rejects \(rejects)"
    }
}
