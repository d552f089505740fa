import XCTest

@testable import TxFeedModel

/// An account sent up in parts while open: each part carries only the vendors new since the one
/// before, and the parts put back together are the account whole.
final class SourceDataContinuingTests: XCTestCase {
    /// One account with `vendors` (by name, one transaction each) and, from `first`, the
    /// account's numbering of them.
    private func account(_ vendors: [String], balance: Int64 = 0, details: Bool = false) -> SourceData {
        var data = SourceData()
        data.accounts = [
            Account(
                name: "Long", balance: Money(minorUnits: balance, scale: 2), currency: "EUR", profile: nil,
                source: 0, origin: "long.xml", scale: 2)
        ]
        for (n, name) in vendors.enumerated() {
            let vendor = data.vendors.intern(name)
            var detailIndex = Transaction.noDetails
            if details {
                detailIndex = UInt32(data.details.count)
                data.details.append(TransactionDetails(id: "REF-\(n)", memo: nil))
            }
            data.transactions.append(
                Transaction(
                    unixSeconds: Int64(n), amountMinor: Int64(n + 1), vendor: vendor, account: 0, isDebit: n % 2 == 0,
                    details: detailIndex))
        }
        data.documents = 1
        return data
    }

    /// The part of `whole` from transaction `from` on, as `StreamedAccount.handOver()` gives it:
    /// every vendor so far, only the new records.
    private func part(of whole: SourceData, _ range: Range<Int>) -> SourceData {
        var part = whole
        part.transactions = Array(whole.transactions[range])
        part.details = whole.details.isEmpty ? [] : Array(whole.details[range])
        for i in part.transactions.indices where !part.details.isEmpty { part.transactions[i].details = UInt32(i) }
        let used = Set(whole.transactions[..<range.upperBound].map(\.vendor))
        part.vendors.removeNames(from: Int(used.max().map { $0 + 1 } ?? 0))
        part.continuesLastAccount = range.lowerBound > 0
        part.documents = range.lowerBound == 0 ? 1 : 0
        return part
    }

    func testPartsWithOnlyTheirNewVendorsMakeTheAccountWhole() {
        let names = ["Shop", "Rent", "Shop", "Café", "Rent", "Bäcker", "Shop", "Kiosk"]
        let whole = account(names, balance: -500, details: true)
        var held = SourceData()
        var sent = 0
        for range in [0..<3, 3..<6, 6..<6, 6..<8] {
            let full = part(of: whole, range)
            let trimmed = full.withVendors(from: sent)
            XCTAssertEqual(trimmed.vendorBase, sent)
            XCTAssertEqual(trimmed.vendors.count, full.vendors.count - sent, "only the names new since the last part")
            if range.lowerBound == 0 {
                held = trimmed
            } else {
                XCTAssertTrue(held.appendContinuing(trimmed), "part \(range)")
            }
            sent = full.vendors.count
        }
        XCTAssertEqual(held.accounts.count, 1)
        XCTAssertEqual(held.accounts[0].balance, Money(minorUnits: -500, scale: 2))
        XCTAssertEqual(held.transactions.map { held.vendors.name(of: $0.vendor) }, names)
        XCTAssertEqual(held.transactions.map(\.amountMinor), whole.transactions.map(\.amountMinor))
        XCTAssertEqual(held.transactions.map { held.details[Int($0.details)].id }, whole.details.map(\.id))
        XCTAssertEqual(held.documents, 1)
        XCTAssertEqual(held.vendorBase, 0)
    }

    func testAPartThatDoesNotContinueWhereTheAccountLeftOffChangesNothing() {
        let whole = account(["A", "B", "C", "D"])
        var held = part(of: whole, 0..<2)
        let before = (held.vendors.count, held.transactions.count)
        // Skips a part: its vendors would start past the ones held.
        let skipping = part(of: whole, 3..<4).withVendors(from: 3)
        XCTAssertFalse(held.appendContinuing(skipping))
        // Names a vendor held again as if it were new.
        var repeating = part(of: whole, 2..<4).withVendors(from: 2)
        repeating.vendors = VendorTable()
        _ = repeating.vendors.intern("C")
        _ = repeating.vendors.intern("A")
        XCTAssertFalse(held.appendContinuing(repeating))
        // Does not say it continues an account.
        var fresh = part(of: whole, 2..<4).withVendors(from: 2)
        fresh.continuesLastAccount = false
        XCTAssertFalse(held.appendContinuing(fresh))
        XCTAssertEqual(held.vendors.count, before.0)
        XCTAssertEqual(held.transactions.count, before.1)
        XCTAssertEqual((0..<held.vendors.count).map { held.vendors.name(of: UInt32($0)) }, ["A", "B"])
    }
}
