import OFXReading
import XCTest

/// Files as banks write them beyond the spec's happy path: an OFX 2 header over an SGML body,
/// transactions without a name, a response that is a refusal, a statement with nothing in it.
final class OFXResponseTests: XCTestCase {
    /// ANZ's card files: `<?OFX OFXHEADER="200"?>`, then leaves left unclosed as in OFX 1.x.
    func testAnOFX2HeaderOverAnSGMLBodyIsReadAsSGML() throws {
        let bytes = try fixture("anz-card-211.ofx")
        let header = try XCTUnwrap(OFXHeader.read(bytes))
        XCTAssertTrue(header.hasSGMLBody)
        XCTAssertEqual(header.summary, "OFX 2.11 (XML header, SGML body)")
        XCTAssertEqual(OFXHeader.read(try fixture("bank-220.ofx"))?.hasSGMLBody, false, "closed leaves are XML")
        let result = read(bytes, origin: "anz-card-211.ofx")
        XCTAssertNil(result.failure)
        let statement = try XCTUnwrap(result.statementsEnded.first)
        XCTAssertEqual(statement.defaultName, "CREDITCARD 4564000012345678")
        XCTAssertEqual(statement.currency, "AUD")
        XCTAssertEqual(statement.balance, "-1234.50")
        XCTAssertEqual(result.transactions.map(\.id), ["ANZ0502A", "ANZ0510A", "ANZ0515A", "ANZ0528A"])
        XCTAssertEqual(minorSum(result.transactions), 35245)
        XCTAssertEqual(result.transactions.last?.vendor, "JB HI FI")
        XCTAssertEqual(result.transactions.last?.memo, "EFTPOS")
    }
}
