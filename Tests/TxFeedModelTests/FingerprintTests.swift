import TxFeedTestSupport
import XCTest

@testable import TxFeedModel

/// The fingerprint is an identity that outlives the run, so its value is pinned: a change to the
/// encoding would make yesterday's fingerprints stop matching today's.
final class FingerprintTests: XCTestCase {
    private func fingerprint(_ build: (inout SourceBuilder) -> Void, account: String = "A", id: String? = nil)
        -> Fingerprint
    {
        var source = SourceBuilder(account: account, id: id)
        build(&source)
        return source.data.fingerprints()[0]
    }

    func testTheValueIsPinnedToTheDocumentedEncoding() {
        // Computed apart (Python) from docs/FEED.md's encoding: n, len, name, day, amount, vendor, memo.
        var checking = SourceBuilder()
        checking.add("Starbucks", -450, at: septemberFirst)
        XCTAssertEqual(checking.data.fingerprints(), [Fingerprint(hash: 0x3021_ae37_2045_84aa, occurrence: 1)])
        XCTAssertEqual(checking.data.fingerprints()[0].text, "fp:3021ae37204584aa-1")

        var giro = SourceBuilder(account: "Girokonto", id: "DE89370400440532013000")
        giro.add("Bäckerei", -320, at: 1_709_251_200, memo: "Card 1234")
        XCTAssertEqual(giro.data.fingerprints()[0].text, "fp:6e5ae9a8bb0c90ac-1")
        // Before 1970 the day rounds down: -1 s is day -1.
        XCTAssertEqual(fingerprint({ $0.add("x", 100, at: -1) }).hash, 0x6c6f_9c5a_dc5e_5b12)
    }

    func testTheTextIsSixteenLowerCaseHexDigitsAndTheOccurrence() {
        XCTAssertEqual(Fingerprint(hash: 0x0123_4567_89ab_cdef, occurrence: 12).text, "fp:0123456789abcdef-12")
        XCTAssertEqual(Fingerprint(hash: 0, occurrence: 1).text, "fp:0000000000000000-1")
        XCTAssertEqual(Fingerprint(hash: .max, occurrence: .max).text, "fp:ffffffffffffffff-4294967295")
        XCTAssertEqual(Fingerprint(hash: 0xa0b0_c0d0_e0f0_9080, occurrence: 1_000).text, "fp:a0b0c0d0e0f09080-1000")
        var appended = Array("id=".utf8)
        Fingerprint(hash: 0x9f2c, occurrence: 2).appendText(to: &appended)
        XCTAssertEqual(String(decoding: appended, as: UTF8.self), "id=fp:0000000000009f2c-2")
    }

    func testIdenticalRecordsOfOneSourceAreNumberedInTheirOrder() {
        var source = SourceBuilder()
        source.add("Coffee", -300, at: septemberFirst)
        source.add("Bakery", -300, at: septemberFirst)
        source.add("Coffee", -300, at: septemberFirst + 3_600)  // later the same day: the same record
        source.add("Coffee", -300, at: septemberFirst + 60)
        let prints = source.data.fingerprints()
        XCTAssertEqual(prints.map(\.occurrence), [1, 1, 2, 3])
        XCTAssertEqual(Set([prints[0].hash, prints[2].hash, prints[3].hash]).count, 1)
        XCTAssertNotEqual(prints[0].hash, prints[1].hash)
        XCTAssertEqual(prints[3].text, "fp:\(String(prints[0].hash, radix: 16).leftPadded(to: 16))-3")
    }

    /// Counted per run of same-day rows when a large source's days are in order (either way),
    /// over the whole source when they are not or the source is small: the numbers must be the
    /// same. Each pattern of days is repeated past ``SourceData/fewRows``, and shown small.
    func testOccurrencesDoNotDependOnTheOrderOfDays() {
        let day: Int64 = 86_400
        for pattern in [[0, 0, 1, 1, 1, 2], [2, 1, 1, 1, 0, 0], [1, 0, 1, 2, 1, 0]] as [[Int64]] {
            for copies in [1, SourceData.fewRows / 6 + 1] {
                // In order when the pattern is: each copy three days after the last (or before).
                let step: Int64 = pattern.first! <= pattern.last! ? 3 : -3
                let days = (0..<Int64(copies)).flatMap { copy in pattern.map { $0 + copy * step } }
                var source = SourceBuilder()
                for d in days { source.add("Coffee", -300, at: septemberFirst + d * day) }
                let prints = source.data.fingerprints()
                var seen: [Int64: UInt32] = [:]
                let expected = days.map { d -> UInt32 in
                    seen[d, default: 0] += 1
                    return seen[d]!
                }
                XCTAssertEqual(prints.map(\.occurrence), expected, "days \(pattern) × \(copies)")
                XCTAssertEqual(Set(zip(days, prints).map { "\($0.0)-\($0.1.hash)" }).count, Set(days).count)
                XCTAssertTrue(prints == SourceData.occurrences(ofUnordered: source.data.fingerprintHashes()))
            }
        }
    }

    /// Records in no order are counted exactly where their slot in the first pass's bitmaps
    /// was seen twice, and numbered 1 elsewhere: the numbers are a plain count's, for repeats,
    /// for strangers that share a slot (the same high bits), and for records seen once.
    func testUnorderedOccurrencesAreAPlainCount() {
        var random = SplitMix64(seed: 0x5EED)
        func next() -> UInt64 { random.next() }
        let pool = (0..<500).map { _ in next() }
        var hashes: [UInt64] = []
        for n in 0..<40_000 {
            switch n % 4 {
            case 0: hashes.append(pool[Int(next() % 500)])  // repeated records
            case 1: hashes.append(0xABCD_0000_0000_0000 | (next() & 0xFFFF))  // one slot, many strangers
            default: hashes.append(next())  // once
            }
        }
        let counted = SourceData.occurrences(ofUnordered: hashes)
        var seen: [UInt64: UInt32] = [:]
        let expected = hashes.map { hash -> Fingerprint in
            seen[hash, default: 0] += 1
            return Fingerprint(hash: hash, occurrence: seen[hash]!)
        }
        XCTAssertTrue(counted == expected, "the occurrences differ from a plain count")
        XCTAssertGreaterThan(expected.filter { $0.occurrence > 1 }.count, 8_000, "repeats in the test")
        XCTAssertTrue(SourceData.occurrences(ofUnordered: []).isEmpty)
    }

    func testOccurrencesStartAgainInEachSource() {
        var source = SourceBuilder()
        source.add("Coffee", -300, at: septemberFirst)
        source.add("Coffee", -300, at: septemberFirst)
        let feed = Feed(merging: [source.outcome("first"), source.outcome("again")])
        XCTAssertEqual(feed.fingerprints.map(\.occurrence).sorted(), [1, 1, 2, 2])
    }

    func testWhatCountsAndWhatDoesNot() {
        let base = fingerprint { $0.add("Coffee", -300, at: septemberFirst, memo: "card") }
        // Each of these is another record.
        XCTAssertNotEqual(base, fingerprint { $0.add("Coffee ", -300, at: septemberFirst, memo: "card") })
        XCTAssertNotEqual(base, fingerprint { $0.add("Coffee", 300, at: septemberFirst, memo: "card") })
        XCTAssertNotEqual(base, fingerprint { $0.add("Coffee", -301, at: septemberFirst, memo: "card") })
        XCTAssertNotEqual(base, fingerprint { $0.add("Coffee", -300, at: septemberFirst + 86_400, memo: "card") })
        XCTAssertNotEqual(base, fingerprint { $0.add("Coffee", -300, at: septemberFirst, memo: "cash") })
        XCTAssertNotEqual(base, fingerprint { $0.add("Coffee", -300, at: septemberFirst) })
        XCTAssertNotEqual(base, fingerprint({ $0.add("Coffee", -300, at: septemberFirst, memo: "card") }, account: "B"))
        // The lengths keep the fields apart: "ab" + "c" is not "a" + "bc".
        XCTAssertNotEqual(
            fingerprint { $0.add("ab", -300, at: septemberFirst, memo: "c") },
            fingerprint { $0.add("a", -300, at: septemberFirst, memo: "bc") })
        // These are not part of it: the time of day, the status, the bank id.
        XCTAssertEqual(base, fingerprint { $0.add("Coffee", -300, at: septemberFirst - 29_700, memo: "card") })
        XCTAssertEqual(base, fingerprint { $0.add("Coffee", -300, at: septemberFirst, memo: "card", pending: true) })
        XCTAssertEqual(base, fingerprint { $0.add("Coffee", -300, at: septemberFirst, memo: "card", bankID: "F1") })
    }

    func testTheAccountIsItsIDWhenItHasOneElseItsName() {
        let add: (inout SourceBuilder) -> Void = { $0.add("Coffee", -300, at: septemberFirst) }
        XCTAssertEqual(fingerprint(add, account: "Checking", id: "DE01"), fingerprint(add, account: "Giro", id: "DE01"))
        XCTAssertNotEqual(fingerprint(add, account: "Checking", id: "DE01"), fingerprint(add, account: "Checking"))
        // A name that looks like another account's id is still a name.
        XCTAssertNotEqual(fingerprint(add, account: "DE01"), fingerprint(add, account: "X", id: "DE01"))
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
