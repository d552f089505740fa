import TxFeedModel
import TxFeedPipeline
import XCTest

/// `begin_account_fields`: the texts are checked together as the account keeps them, and a
/// text that is not UTF-8 on its own fails the account, named, even when the bytes around it
/// would complete its character.
final class AccountFieldsChecksTests: XCTestCase {
    static let context = StreamContext(origin: "bank.csv", sourceIndex: 0, threads: 1)

    /// The account's data after `begin_account_fields` with these texts.
    func begin(name: [UInt8]?, id: [UInt8]? = nil, firstName: [UInt8]? = nil, lastName: [UInt8]? = nil) -> SourceData {
        func pointer(_ bytes: [UInt8]?) -> UnsafeBufferPointer<UInt8>? {
            bytes.map { bytes in
                let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, bytes.count))
                _ = copy.initialize(from: bytes)
                return UnsafeBufferPointer(rebasing: copy[..<bytes.count])
            }
        }
        let texts = [name, id, firstName, lastName].map(pointer)
        defer { for text in texts { text.map { UnsafeMutableRawPointer(mutating: $0.baseAddress!).deallocate() } } }
        var account = StreamedAccount(
            Self.context, fields: AccountFields(name: texts[0], id: texts[1], firstName: texts[2], lastName: texts[3]))
        return account.finish()
    }

    func testTextsThatAreUTF8MakeTheAccount() {
        let data = begin(name: Array("Café Zoë".utf8), id: Array("DE•1".utf8), firstName: Array("Zoë".utf8))
        XCTAssertEqual(data.failures, [])
        XCTAssertEqual(data.accounts.first?.name, "Café Zoë")
        XCTAssertEqual(data.accounts.first?.id, "DE•1")
        XCTAssertEqual(data.accounts.first?.profile?.firstName, "Zoë")
        XCTAssertEqual(data.accounts.first?.origin, "bank.csv")
    }

    func testATextThatIsNotUTF8FailsTheAccountNamingIt() {
        let data = begin(name: Array("Checking".utf8), lastName: [0x4D, 0xFF])
        XCTAssertEqual(data.accounts.count, 0)
        XCTAssertEqual(data.failures, ["bank.csv: the account's last_name is not valid UTF-8"])
    }

    /// "é" cut between the name and the id: together the bytes are UTF-8, each on its own is not.
    func testACharacterSplitBetweenTwoTextsFailsTheFirst() {
        let data = begin(name: Array("Caf".utf8) + [0xC3], id: [0xA9])
        XCTAssertEqual(data.accounts.count, 0)
        XCTAssertEqual(data.failures, ["bank.csv: the account's name is not valid UTF-8"])
    }
}
