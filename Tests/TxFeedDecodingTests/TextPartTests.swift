import TxFeedDecoding
import TxFeedModel
import XCTest

/// A piece of a larger text (`emit_document_part`): messages name the whole text's places.
final class TextPartTests: XCTestCase {
    private func decode(_ text: String, _ part: TextPart) -> SourceData {
        var decoder = DocumentDecoder(origin: "big.json", sourceIndex: 0)
        decoder.part = part
        return Array(text.utf8).withUnsafeBufferPointer { decoder.decode(text: $0) }
    }

    func testASyntaxErrorOnThePiecesFirstLineIsShiftedByItsColumn() {
        let data = decode(#"[{"body": x}]"#, TextPart(offset: 5000, line: 40, column: 100))
        // `x` is the piece's 11th byte: column 100 + 10 of line 40.
        XCTAssertEqual(data.failures.count, 1)
        XCTAssertTrue(data.failures[0].hasPrefix("big.json:40:110: "), data.failures[0])
    }

    func testASyntaxErrorOnALaterLineKeepsItsOwnColumn() {
        let data = decode("[\n{\"body\": x}]", TextPart(offset: 5000, line: 40, column: 100))
        XCTAssertTrue(data.failures[0].hasPrefix("big.json:41:10: "), data.failures[0])
    }

    func testEveryLineOfAnNDJSONPieceIsItsOwnDocumentEvenWhenTheFirstIsBroken() {
        let good = #"{"body":{"name":"A","transactions":[{"type":1,"vendor":"V","amount":1,"date":"2021-01-01"}]}}"#
        let data = decode(
            "{\"body\": \n" + good + "\n",
            TextPart(offset: 900, line: 7, column: 1, linesAreDocuments: true))
        XCTAssertEqual(data.failures.count, 1)
        XCTAssertTrue(data.failures[0].hasPrefix("big.json:7:"), data.failures[0])
        XCTAssertEqual(data.transactions.count, 1, "the good line after the broken one is kept")
    }

    func testRejectsOfAPieceAfterTheFileStartNameTheirEnvelope() {
        let text =
            #"[{"body":{"name":"A","transactions":[{"type":1,"vendor":"V","amount":1.005,"date":"2021-01-01"}]}}]"#
        XCTAssertEqual(decode(text, .whole).rejects.first?.origin, "big.json")
        XCTAssertEqual(decode(text, TextPart(offset: 70, line: 3, column: 5)).rejects.first?.origin, "big.json:3:6")
    }
}
