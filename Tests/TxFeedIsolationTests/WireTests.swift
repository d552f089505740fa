import TxFeedModel
import XCTest

@testable import TxFeedIsolation

final class WireTests: XCTestCase {
    private func sample() -> SourceData {
        var data = SourceData()
        data.accounts = [
            Account(
                name: "Checking", id: "DE02", balance: Money(minorUnits: -12_345, scale: 2), currency: "EUR",
                profile: Profile(id: "7", firstName: "Ada", lastName: nil), source: 4, origin: "a.json", scale: 2),
            Account(name: "Card", balance: nil, currency: nil, profile: nil, source: 4, origin: "b.json", scale: 0),
        ]
        let coffee = data.vendors.intern("Coffee ☕")
        let rent = data.vendors.intern("Rent")
        data.details = [TransactionDetails(id: "FIT1", memo: nil), TransactionDetails(id: nil, memo: "line\none")]
        data.transactions = [
            Transaction(
                unixSeconds: 1_700_000_000, amountMinor: 450, vendor: coffee, account: 0, isDebit: true, details: 1),
            Transaction(
                unixSeconds: -5, amountMinor: 99, vendor: rent, account: 1, isDebit: false, isPending: true,
                isCivilDate: true),
        ]
        data.rejects = [Reject(origin: "a.json", path: "transactions[3]", reason: "bad", raw: [0, 255, 10])]
        data.failures = ["b.json: line 2, column 3: expected ','"]
        data.documents = 3
        return data
    }

    func testAChunkSurvivesTheWireExactly() throws {
        let data = sample()
        var w = WireEncoder()
        data.encode(into: &w)
        let back = try w.bytes.withUnsafeBytes { raw in
            var r = WireDecoder(raw)
            let decoded = try SourceData.decode(from: &r, source: 4)
            XCTAssertTrue(r.isAtEnd)
            return decoded
        }
        XCTAssertEqual(back.accounts.map(\.name), ["Checking", "Card"])
        XCTAssertEqual(back.accounts[0].balance, Money(minorUnits: -12_345, scale: 2))
        XCTAssertEqual(back.accounts[0].profile, Profile(id: "7", firstName: "Ada", lastName: nil))
        XCTAssertNil(back.accounts[1].id)
        XCTAssertEqual(back.vendors.name(of: 0), "Coffee ☕")
        XCTAssertEqual(back.vendors.name(of: 1), "Rent")
        XCTAssertEqual(back.details, data.details)
        XCTAssertEqual(back.transactions.map(\.unixSeconds), [1_700_000_000, -5])
        XCTAssertEqual(back.transactions.map(\.signedMinor), [-450, 99])
        XCTAssertEqual(back.transactions.map(\.isPending), [false, true])
        XCTAssertEqual(back.transactions.map(\.isCivilDate), [false, true])
        XCTAssertEqual(back.transactions.map(\.details), [1, Transaction.noDetails])
        XCTAssertEqual(back.rejects.first?.raw, [0, 255, 10])
        XCTAssertEqual(back.failures, data.failures)
        XCTAssertEqual(back.documents, 3)
    }

    func testEveryCutOrGarbledChunkIsRefusedNotCrashed() throws {
        var w = WireEncoder()
        sample().encode(into: &w)
        let bytes = w.bytes
        for cut in 0..<bytes.count {
            let refused = bytes[0..<cut].withUnsafeBytes { raw -> Bool in
                var r = WireDecoder(raw)
                return (try? SourceData.decode(from: &r, source: 4)) == nil
            }
            XCTAssertTrue(refused, "cut at \(cut) of \(bytes.count)")
        }
        // A transaction pointing past the vendors (the last record's vendor field).
        var pointing = bytes
        let vendorOffset = bytes.count - MemoryLayout<Transaction>.stride + 16
        pointing[vendorOffset] = 9
        let refused = pointing.withUnsafeBytes { raw -> Bool in
            var r = WireDecoder(raw)
            return (try? SourceData.decode(from: &r, source: 4)) == nil
        }
        XCTAssertTrue(refused)
        // An account claiming another source.
        let other = bytes.withUnsafeBytes { raw -> Bool in
            var r = WireDecoder(raw)
            return (try? SourceData.decode(from: &r, source: 5)) == nil
        }
        XCTAssertTrue(other)
    }

    func testSizesReadAsPeopleWriteThem() {
        XCTAssertEqual(ByteSize.parse("512M"), 512 << 20)
        XCTAssertEqual(ByteSize.parse("1g"), 1 << 30)
        XCTAssertEqual(ByteSize.parse("64KiB"), 64 << 10)
        XCTAssertEqual(ByteSize.parse("100"), 100)
        XCTAssertNil(ByteSize.parse("-1M"))
        XCTAssertNil(ByteSize.parse("1.5G"))
        XCTAssertNil(ByteSize.parse("M"))
        XCTAssertNil(ByteSize.parse("99999999999T"))
        XCTAssertEqual(ByteSize.describe(512 << 20), "512 MiB")
        XCTAssertEqual(ByteSize.describe(1000), "1000 bytes")
    }
}
