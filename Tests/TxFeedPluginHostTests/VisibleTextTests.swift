import TxFeedPluginHost
import XCTest

/// `PluginLogLevel.visible`: one line of text that cannot drive the terminal, at most a limit.
final class VisibleTextTests: XCTestCase {
    func testPlainTextIsItsOwnAnswer() {
        let line = "txfeed: part-00001 (fixture): ok, read 100 = written 100 + rejected 0, 3 ms"
        XCTAssertEqual(PluginLogLevel.visible(line), line)
    }

    func testControlAndInvisibleCharactersAreShownAsEscapes() {
        XCTAssertEqual(PluginLogLevel.visible("a\nb\tc\u{1B}[2J\u{7F}"), "a\\nb\\tc\\x1b[2J\\x7f")
        XCTAssertEqual(PluginLogLevel.visible("pay\u{202E}lap"), "pay\\u{202e}lap")
        XCTAssertEqual(PluginLogLevel.visible("café ☕"), "café ☕")
    }

    func testTheLimitCutsAsBeforeWhateverTheText() {
        XCTAssertEqual(PluginLogLevel.visible("abcd", limit: 4), "abcd", "exactly at the limit: not cut")
        XCTAssertEqual(PluginLogLevel.visible("abcde", limit: 4), "abcd…")
        XCTAssertEqual(PluginLogLevel.visible("abc", limit: 4), "abc")
        XCTAssertEqual(PluginLogLevel.visible("a\nbcde", limit: 4), "a\\nb…")
    }
}
