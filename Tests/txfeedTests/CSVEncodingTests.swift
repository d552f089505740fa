import Foundation
import TxFeedTestSupport
import XCTest

/// Bank CSV in the encodings banks write, read by the built csv plugin with no options.
final class CSVEncodingTests: XCTestCase {
    /// MUFG's statement CSV (三菱UFJ銀行, Eco通帳) as the bank lays it out: Shift_JIS (cp932),
    /// CRLF, Japanese headers, debit and credit columns, yen with thousands separators and a
    /// running balance. Read with no options: the encoding is told by its bytes, the columns by
    /// their headers, the decimal mark by the balance's `1,234,460`; the balances agree.
    func testAMUFGExportInShiftJISIsReadWithNoOptions() throws {
        let rows = [
            "日付,摘要,摘要内容,支払い金額,預かり金額,差引残高,メモ,未資金化区分,入払区分",
            #"2024/3/1,カード,ｾﾌﾞﾝｲﾚﾌﾞﾝ,"540",,"1,234,460",,,支払い"#,
            #"2024/3/5,振込,ｶ)ﾔﾏﾀﾞｼｮｳｼﾞ,,"250,000","1,484,460",,,入金"#,
            #"2024/3/10,口座振替,ﾄｳｷﾖｳﾃﾞﾝﾘﾖｸ,"8,214",,"1,476,246",,,支払い"#,
            #"2024/3/25,給料,ｶ)ﾐﾂﾋﾞｼ,,"312,500","1,788,746",,,入金"#,
        ]
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "mufg.csv", try XCTUnwrap((rows.joined(separator: "\r\n") + "\r\n").data(using: .shiftJIS)))
        let result = try txfeed("run", file, "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        let records = result.output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        XCTAssertEqual(
            records.map { $0["vendor"] as? String }, ["ｶ)ﾐﾂﾋﾞｼ", "ﾄｳｷﾖｳﾃﾞﾝﾘﾖｸ", "ｶ)ﾔﾏﾀﾞｼｮｳｼﾞ", "ｾﾌﾞﾝｲﾚﾌﾞﾝ"])
        // Yen, which has no minor unit: the header is the mufg-jp profile's, which says JPY.
        XCTAssertEqual(records.map { $0["amount"] as? String }, ["312500", "-8214", "250000", "-540"])
        XCTAssertEqual(Set(records.compactMap { $0["currency"] as? String }), ["JPY"])
        // The file's own evidence: the balance before the first row (1,234,460 + 540) and the
        // rows' sum make the last balance.
        let minor = records.compactMap { $0["amount_minor"] as? Int }
        XCTAssertEqual(1_234_460 + 540 + minor.reduce(0, +), 1_788_746)
        XCTAssertTrue(result.stderr.contains("read as cp932 (Shift_JIS)"), result.stderr)

        let sniff = try txfeed("sniff", file)
        XCTAssertEqual(sniff.status, 0, sniff.stderr)
        XCTAssertTrue(sniff.output.contains("cp932 (not valid UTF-8 and none declared)"), sniff.output)
        XCTAssertTrue(sniff.output.contains("支払い金額 → debit"), sniff.output)
        XCTAssertTrue(sniff.output.contains("profile       mufg-jp (MUFG Bank (Japan); header: 9 of 9 columns)"))
    }

    /// An encoding iconv does not know is a usage error naming what to try.
    func testAnUnknownEncodingNamesWhatToTry() throws {
        let result = try txfeed("run", "-s", "csv:samples/bank/uk-current.csv,encoding=klingon-8")
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(#"encoding "klingon-8": not an encoding iconv knows (utf-8, utf-16"#), result.stderr)
    }
}
