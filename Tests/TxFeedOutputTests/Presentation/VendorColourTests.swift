import Foundation
import Glibc
import TxFeedDecoding
import TxFeedModel
import TxFeedPipeline
import TxFeedPluginHost
import TxFeedTestSupport
import XCTest

@testable import TxFeedOutput

final class VendorColourTests: XCTestCase {
    // MARK: Helpers

    private func colour(_ palette: Palette, _ name: String) -> RGB {
        palette.colour(forVendorUTF8: Array(name.utf8).span)
    }

    private func colour(_ palette: Palette, bytes: [UInt8]) -> RGB {
        palette.colour(forVendorUTF8: bytes.span)
    }

    private var names: [String] {
        var names = [
            "Starbucks", "Amazon", "Whole Foods Market", "Shell", "Uber", "Netflix", "Café Zoë", "Noël", "Noe\u{308}l",
            "🍕 Pizza Palace", "寿司レストラン", "北京烤鸭", "서울 식당", "Ελληνικό", "Москва Маркет", "محل", "", " ",
            "a", "Z", "listen", "silent", "McDonald's", "AT&T", "7-Eleven", "Trader Joe’s", "Ōsaka", "Ångström",
            "e\u{301}", "é", "👩‍👩‍👧‍👦 Family", "🇫🇷 Boulangerie", "\u{10FFFF}", "\u{FEFF}BOM Vendor",
            String(repeating: "🍕", count: 200), String(repeating: "漢", count: 1_200),
            String(repeating: "x", count: 10_000), String(repeating: "Ω", count: 30_000),
        ]
        let words = [
            "Corner", "Store", "Café", "Bäckerei", "Pizzería", "Market", "Deli", "Żabka", "Æble",
            "Kiosk", "Grill", "Bar", "🍔", "Shop", "ラーメン", "Ltd",
        ]
        for i in 0..<220 {
            names.append("\(words[i % words.count]) \(words[(i * 7 + 3) % words.count]) #\(i)")
        }
        return names
    }

    // MARK: Legacy

    func testLegacyMatchesLibcForManyNames() {
        let names = self.names
        XCTAssertGreaterThanOrEqual(names.count, 200)
        let huge = names.filter { $0.unicodeScalars.reduce(0) { $0 + Int($1.value) } * 200 > 1 << 32 }
        XCTAssertGreaterThanOrEqual(huge.count, 3, "some seeds must exceed 32 bits")
        for name in names {
            XCTAssertEqual(colour(.legacy, name).hex, LibcReference.legacyHex(name), name.debugDescription)
        }
    }

    func testStarbucks() {
        XCTAssertEqual(colour(.legacy, "Starbucks").hex, LibcReference.legacyHex("Starbucks"))
        XCTAssertEqual(colour(.legacy, "Starbucks").hex.count, 7)
    }

    func testDecomposedAndPrecomposedNamesDiffer() {
        XCTAssertEqual("Noe\u{308}l", "Noël", "Swift calls them equal…")
        XCTAssertNotEqual(colour(.legacy, "Noe\u{308}l"), colour(.legacy, "Noël"), "…their colours are not")
        XCTAssertNotEqual(colour(.legacy, "e\u{301}"), colour(.legacy, "é"))
    }

    func testLegacyGivesAnagramsOneColourAndHashedDoesNot() {
        XCTAssertEqual(colour(.legacy, "listen"), colour(.legacy, "silent"))
        XCTAssertNotEqual(colour(.hashed(seed: 0), "listen"), colour(.hashed(seed: 0), "silent"))
        XCTAssertNotEqual(colour(.hashed(seed: 0), "ab"), colour(.hashed(seed: 0), "ba"))
    }

    func testInvalidUTF8IsReadAsStringRepairsIt() {
        let samples: [[UInt8]] = [
            [0x41, 0xFF, 0x42], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80],
            [0x61, 0xF0, 0x9F, 0x8D], [0x80, 0x80, 0x80], [0xE0, 0x80, 0xAF, 0x41], [0xF5, 0x41],
        ]
        for bytes in samples {
            let repaired = String(decoding: bytes, as: UTF8.self)
            XCTAssertEqual(colour(.legacy, bytes: bytes).hex, LibcReference.legacyHex(repaired), "\(bytes)")
        }
    }

    // MARK: Hashed

    func testHashedDependsOnSeedAndIsStable() {
        let names = self.names.filter { !$0.isEmpty }
        let seed0 = names.map { colour(.hashed(seed: 0), $0) }
        let seed1 = names.map { colour(.hashed(seed: 1), $0) }
        XCTAssertEqual(seed0, names.map { colour(.hashed(seed: 0), $0) }, "same seed, same colours")
        let changed = zip(seed0, seed1).filter { $0 != $1 }.count
        XCTAssertGreaterThan(changed, names.count * 9 / 10)
        XCTAssertNotEqual(colour(.hashed(seed: 0), ""), colour(.hashed(seed: 42), ""))
    }

    func testHashedSpreadsAndStaysReadable() {
        let names = (0..<2_000).map { "Vendor \($0)" }
        let colours = names.map { colour(.hashed(seed: 7), $0) }
        XCTAssertGreaterThan(Set(colours).count, 1_990)
        var hueBuckets = [Int](repeating: 0, count: 12)
        for c in colours {
            let (r, g, b) = (Double(c.r) / 255, Double(c.g) / 255, Double(c.b) / 255)
            let high = max(r, g, b), low = min(r, g, b)
            let lightness = (high + low) / 2
            XCTAssertTrue((0.44...0.61).contains(lightness), "\(c.hex) lightness \(lightness)")
            XCTAssertGreaterThan(high - low, 0.25, "\(c.hex) is too grey")
            var hue: Double
            if high == r {
                hue = (g - b) / (high - low)
            } else if high == g {
                hue = 2 + (b - r) / (high - low)
            } else {
                hue = 4 + (r - g) / (high - low)
            }
            hue = (hue * 60 + 360).truncatingRemainder(dividingBy: 360)
            hueBuckets[min(11, Int(hue / 30))] += 1
        }
        XCTAssertGreaterThan(hueBuckets.min() ?? 0, 100, "hues cover the wheel: \(hueBuckets)")
    }

    // MARK: Parsing and hex

    func testPaletteParsing() throws {
        XCTAssertEqual(try Palette(parsing: "legacy"), .legacy)
        XCTAssertEqual(try Palette(parsing: "hashed"), .hashed(seed: 0))
        XCTAssertEqual(try Palette(parsing: "hashed:seed=42"), .hashed(seed: 42))
        XCTAssertEqual(try Palette(parsing: "hashed:seed=18446744073709551615"), .hashed(seed: .max))
        for bad in [
            "", "Legacy", "hashed:", "hashed:seed=", "hashed:seed=-1", "hashed:seed=x", "hashed:sed=1",
            "rainbow", "legacy:seed=1", "hashed:seed=18446744073709551616",
        ] {
            XCTAssertThrowsError(try Palette(parsing: bad), bad) { error in
                let text = String(describing: error)
                XCTAssertTrue(text.contains("legacy") && text.contains("hashed:seed=N"), text)
            }
        }
        for palette in [Palette.legacy, .hashed(seed: 9)] {
            XCTAssertEqual(try Palette(parsing: palette.description), palette)
        }
    }

    func testHex() {
        XCTAssertEqual(RGB(r: 0, g: 0x0A, b: 0xFF).hex, "#000aff")
        var bytes = Array("x".utf8)
        RGB(r: 0xAB, g: 0xCD, b: 0xEF).appendHex(to: &bytes)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "x#abcdef")
    }

    // MARK: Cache
}
