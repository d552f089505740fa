import XCTest

@testable import TxFeedModel

/// `Account` keeps its seven texts in one buffer: each must read back as given, nil apart from
/// empty, and a change to one must leave the others as they were.
final class AccountTests: XCTestCase {
    private let full = Account(
        name: "Everyday Checking ••435154", id: "DE89 3704 0044 0532 0130 00",
        balance: Money(minorUnits: -1234, scale: 2), currency: "EUR",
        profile: Profile(id: "435154", firstName: "Ana", lastName: "Dubois"), source: 3,
        origin: "random-users user 435154", scale: 2)

    private func assertFields(
        _ account: Account, name: String, id: String?, currency: String?, profile: Profile?, origin: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(account.name, name, file: file, line: line)
        XCTAssertEqual(account.id, id, file: file, line: line)
        XCTAssertEqual(account.currency, currency, file: file, line: line)
        XCTAssertEqual(account.profile, profile, file: file, line: line)
        XCTAssertEqual(account.hasProfile, profile != nil, file: file, line: line)
        XCTAssertEqual(account.origin, origin, file: file, line: line)
    }

    func testEveryFieldReadsBackAsGiven() {
        assertFields(
            full, name: "Everyday Checking ••435154", id: "DE89 3704 0044 0532 0130 00", currency: "EUR",
            profile: Profile(id: "435154", firstName: "Ana", lastName: "Dubois"), origin: "random-users user 435154")
        XCTAssertEqual(full.balance, Money(minorUnits: -1234, scale: 2))
        XCTAssertEqual(full.source, 3)
        XCTAssertEqual(full.scale, 2)
    }

    func testNilAndEmptyTextsStayApart() {
        let account = Account(
            name: "", id: nil, balance: nil, currency: "", profile: Profile(id: nil, firstName: "", lastName: nil),
            source: 0, origin: "o", scale: 0)
        assertFields(
            account, name: "", id: nil, currency: "", profile: Profile(id: nil, firstName: "", lastName: nil),
            origin: "o")
        XCTAssertFalse(account.has(.id))
        XCTAssertTrue(account.has(.currency))
        XCTAssertNil(account.balance)
        XCTAssertEqual(account.withBytes(of: .id) { $0.count }, 0)

        let noProfile = Account(name: "n", balance: nil, currency: nil, profile: nil, source: 1, origin: "", scale: 3)
        assertFields(noProfile, name: "n", id: nil, currency: nil, profile: nil, origin: "")
        XCTAssertEqual(noProfile.scale, 3)
    }

    func testChangingOneTextLeavesTheOthers() {
        var account = full
        account.name = "Savings"
        assertFields(
            account, name: "Savings", id: "DE89 3704 0044 0532 0130 00", currency: "EUR",
            profile: Profile(id: "435154", firstName: "Ana", lastName: "Dubois"), origin: "random-users user 435154")
        account.id = nil
        account.currency = "JPY"
        account.profile = Profile(id: nil, firstName: "Priya", lastName: "Chen")
        assertFields(
            account, name: "Savings", id: nil, currency: "JPY",
            profile: Profile(id: nil, firstName: "Priya", lastName: "Chen"), origin: "random-users user 435154")
        account.profile = nil
        account.origin = "feed.json"
        account.balance = nil
        account.source = 7
        assertFields(account, name: "Savings", id: nil, currency: "JPY", profile: nil, origin: "feed.json")
        XCTAssertNil(account.balance)
        XCTAssertEqual(account.source, 7)
        // The copy it was made from is its own.
        XCTAssertEqual(full.name, "Everyday Checking ••435154")
    }

    func testTextsGivenAsBytesMakeTheSameAccount() {
        var texts = Account.Texts(capacity: 0)
        let given: [String?] = [
            "Everyday Checking ••435154", "DE89 3704 0044 0532 0130 00", "EUR", "435154", "Ana", "Dubois",
            "random-users user 435154",
        ]
        for text in given {
            guard let text else {
                texts.append(nil as UnsafeBufferPointer<UInt8>?)
                continue
            }
            Array(text.utf8).withUnsafeBufferPointer { texts.append($0) }
        }
        let account = Account(
            texts, balance: Money(minorUnits: -1234, scale: 2), profile: true, source: 3, scale: 2)
        for text in Account.Text.allCases {
            XCTAssertEqual(
                account.bytes(of: text), full.bytes(of: text), "\(text)")
            XCTAssertEqual(account.has(text), full.has(text), "\(text)")
        }
        XCTAssertEqual(account.balance, full.balance)
    }

    /// The wire's form: an account and its packed fields and texts make the same account, and
    /// garbled ones (as a broken child could send) make none.
    func testAPackedAccountComesBackAndAGarbledOneIsRefused() throws {
        let accounts = [
            full, Account(name: "Zürich ☕", balance: nil, currency: nil, profile: nil, source: 1, origin: "", scale: 0),
        ]
        for account in accounts {
            let (packed, texts) = account.withPacked { ($0, Array($1)) }
            func back(_ packed: Account.Packed, _ texts: [UInt8]) -> Account? {
                texts.withUnsafeBufferPointer { Account(packed: packed, texts: $0) }
            }
            let same = try XCTUnwrap(back(packed, texts))
            for text in Account.Text.allCases {
                XCTAssertEqual(same.bytes(of: text), account.bytes(of: text))
                XCTAssertEqual(same.has(text), account.has(text))
            }
            XCTAssertEqual(same.balance, account.balance)
            XCTAssertEqual(same.profile, account.profile)
            XCTAssertEqual(same.source, account.source)
            XCTAssertEqual(same.scale, account.scale)

            XCTAssertNil(back(packed, texts.dropLast()), "texts shorter than the ends")
            XCTAssertNil(back(packed, texts + [0x41]), "texts longer than the ends")
            var garbled = packed
            garbled.ends[0] = garbled.ends[1] + 1
            XCTAssertNil(back(garbled, texts), "a text ending after the next")
            garbled = packed
            garbled.present &= ~1
            XCTAssertNil(back(garbled, texts), "a text not given that has bytes")
            garbled = packed
            garbled.present |= 0x80
            XCTAssertNil(back(garbled, texts), "an eighth text")
            garbled = packed
            garbled.decimals = 6
            XCTAssertNil(back(garbled, texts), "six decimals")
            garbled = packed
            garbled.balanceDecimals = 9
            XCTAssertNil(back(garbled, texts), "a balance of nine decimals")
            garbled = packed
            garbled.profilePresent = 2
            XCTAssertNil(back(garbled, texts), "a flag neither set nor clear")
            var invalid = texts
            invalid[0] = 0xFF
            XCTAssertNil(back(packed, invalid), "not UTF-8")
        }
        // A name ending one byte into its "•" (3 bytes, from the 19th), its id starting inside it.
        let (packed, texts) = full.withPacked { ($0, Array($1)) }
        var split = packed
        split.ends[0] = 19
        XCTAssertNil(texts.withUnsafeBufferPointer { Account(packed: split, texts: $0) }, "a text ends inside •")
        split.ends[0] = 18
        XCTAssertNotNil(texts.withUnsafeBufferPointer { Account(packed: split, texts: $0) }, "before • is a boundary")
    }

    /// A million accounts of one record each: the fields stay small beside their texts.
    func testTheFieldsStaySmall() {
        XCTAssertLessThanOrEqual(MemoryLayout<Account>.stride, 64)
    }

    /// `Text.count` is a literal (derived from `allCases` in a `static let`, its lazy
    /// initialiser's checks cost 120 instructions an account); it must be the cases' count, and
    /// fit the eight ends kept.
    func testTheTextCountIsTheCasesCount() {
        XCTAssertEqual(Account.Text.count, Account.Text.allCases.count)
        XCTAssertLessThanOrEqual(Account.Text.count, 8)
    }
}

extension Account {
    /// A copy of `text`'s bytes, to compare.
    fileprivate func bytes(of text: Text) -> [UInt8] {
        withBytes(of: text) { span in
            var bytes: [UInt8] = []
            bytes.append(span)
            return bytes
        }
    }
}
