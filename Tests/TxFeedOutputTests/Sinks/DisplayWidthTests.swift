import TxFeedDecoding
import TxFeedModel
import TxFeedPipeline
import TxFeedPluginHost
import XCTest

@testable import TxFeedOutput

/// Terminal columns, checked against what terminals (and wcwidth) draw.
final class DisplayWidthTests: XCTestCase {
    func testASCII() {
        XCTAssertEqual(DisplayWidth.of(""), 0)
        XCTAssertEqual(DisplayWidth.of("Starbucks"), 9)
        XCTAssertEqual(DisplayWidth.of("Smith, Jones & Co."), 18)
    }

    func testEastAsianWideAndFullwidthCountTwo() {
        XCTAssertEqual(DisplayWidth.of("東京"), 4)
        XCTAssertEqual(DisplayWidth.of("東京ストア"), 10)
        XCTAssertEqual(DisplayWidth.of("서울 식당"), 9)
        XCTAssertEqual(DisplayWidth.of("ＡＢＣ"), 6, "fullwidth Latin")
        XCTAssertEqual(DisplayWidth.of("ｶﾀｶﾅ"), 4, "halfwidth katakana stays narrow")
        XCTAssertEqual(DisplayWidth.of("\u{3000}"), 2, "ideographic space")
        XCTAssertEqual(DisplayWidth.of("𠀋"), 2, "supplementary ideograph")
    }

    func testEmojiCountTwo() {
        XCTAssertEqual(DisplayWidth.of("🍕"), 2)
        XCTAssertEqual(DisplayWidth.of("🍕 Pizza"), 8)
        XCTAssertEqual(DisplayWidth.of("🇯🇵"), 2, "a flag is one glyph")
        XCTAssertEqual(DisplayWidth.of("👩‍👩‍👧"), 2, "a ZWJ family is one glyph")
        XCTAssertEqual(DisplayWidth.of("👍🏽"), 2, "skin tone modifier")
        XCTAssertEqual(DisplayWidth.of("❤\u{FE0F}"), 2, "emoji presentation selector")
        XCTAssertEqual(DisplayWidth.of("❤"), 1, "text presentation by default")
        XCTAssertEqual(DisplayWidth.of("1\u{FE0F}\u{20E3}"), 2, "keycap")
    }

    func testCombiningMarksCountZero() {
        XCTAssertEqual(DisplayWidth.of("é"), 1)
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1)
        XCTAssertEqual(DisplayWidth.of("Cafe\u{301} Zoe\u{308}"), 8)
        XCTAssertEqual(DisplayWidth.of("a\u{301}\u{302}\u{303}"), 1)
        XCTAssertEqual(DisplayWidth.of("\u{1100}\u{1161}\u{11A8}"), 2, "conjoining Hangul jamo make one wide syllable")
        XCTAssertEqual(DisplayWidth.of(Unicode.Scalar(0x301)!), 0)
        XCTAssertEqual(DisplayWidth.of(Unicode.Scalar(0x200D)!), 0, "zero width joiner")
        XCTAssertEqual(DisplayWidth.of(Unicode.Scalar(0x200B)!), 0, "zero width space")
    }

    func testControlCharactersAreSanitised() {
        XCTAssertEqual(DisplayWidth.sanitised("plain"), "plain")
        XCTAssertEqual(DisplayWidth.sanitised("a\nb\tc\rd"), "a b c d")
        XCTAssertEqual(DisplayWidth.sanitised("x\u{1B}[31my"), "x\u{FFFD}[31my")
        XCTAssertEqual(DisplayWidth.sanitised("x\u{9B}y\u{7F}"), "x\u{FFFD}y\u{FFFD}", "C1 CSI and DEL")
        XCTAssertEqual(DisplayWidth.sanitised("abc\u{202E}fed\u{2066}"), "abcfed", "bidi overrides dropped")
        XCTAssertEqual(DisplayWidth.sanitised("東京 🍕 e\u{301}"), "東京 🍕 e\u{301}")
    }

    func testFitCutsWholeClustersAndAddsAnEllipsis() {
        XCTAssertEqual(DisplayWidth.fit("Starbucks", maximum: 9).text, "Starbucks")
        XCTAssertEqual(DisplayWidth.fit("Starbucks", maximum: 8).text, "Starbuc…")
        XCTAssertEqual(DisplayWidth.fit("Starbucks", maximum: 8).width, 7 + 1)
        // A wide character that would straddle the limit is left out, never split.
        let wide = DisplayWidth.fit("東京ストア", maximum: 6)
        XCTAssertEqual(wide.text, "東京…")
        XCTAssertEqual(wide.width, 5)
        // A combining mark stays with its letter.
        XCTAssertEqual(DisplayWidth.fit("e\u{301}e\u{301}e\u{301}e\u{301}", maximum: 3).text, "e\u{301}e\u{301}…")
        XCTAssertEqual(DisplayWidth.fit("🍕🍕🍕", maximum: 4).text, "🍕…")
        XCTAssertEqual(DisplayWidth.fit("a\nb", maximum: 10).text, "a b")
    }
}
