import TxFeedDecoding
import TxFeedModel
import TxFeedPipeline
import TxFeedPluginHost
import XCTest

@testable import TxFeedOutput

/// Colours are computed once per distinct vendor — distinct by UTF-8 bytes, which is what
/// ``VendorTable`` interns — and each is exactly the palette's colour for that name.
final class FeedColourTests: XCTestCase {
    func colour(_ palette: Palette, _ name: String) -> RGB {
        palette.colour(forVendorUTF8: Array(name.utf8).span)
    }

    func rows(_ vendors: [String]) -> [(Int, String, String, String)] {
        vendors.map { (1, $0, "1", "2021-01-01 00:00:00") }
    }

    func testCanonicallyEqualNamesKeepTheirOwnColours() {
        let feed = SinkTestFeed.make([("a", SinkTestFeed.envelope(name: "A", rows(["é", "e\u{301}", "é"])))])
        XCTAssertEqual(feed.vendors.count, 2, "é and e+U+0301 are two vendors")
        let ids = feed.transactions.map { Int($0.vendor) }
        let colours = Palette.legacy.colours(of: feed.vendors)
        XCTAssertEqual(colours[ids[0]], colour(.legacy, "é"))
        XCTAssertEqual(colours[ids[1]], colour(.legacy, "e\u{301}"))
        XCTAssertNotEqual(colours[ids[0]], colours[ids[1]])
        XCTAssertEqual(ids[0], ids[2])
    }

    func testEveryVendorAcrossSourcesGetsThePalettesColour() {
        let names = ["a", "ab", "abc", "Café Zoë", "🍕 Pizza", "東京ストア"] + (0..<3_000).map { "v\($0)" }
        for palette in [Palette.legacy, .hashed(seed: 3)] {
            let feed = SinkTestFeed.make([
                ("one", SinkTestFeed.envelope(name: "A", rows(names))),
                ("two", SinkTestFeed.envelope(name: "B", rows(names.reversed()))),
            ])
            let colours = palette.colours(of: feed.vendors)
            XCTAssertEqual(feed.vendors.count, names.count, "the second source's vendors are the first's")
            for t in feed.transactions {
                let name = feed.vendors.name(of: t.vendor)
                XCTAssertEqual(colours[Int(t.vendor)], colour(palette, name), name)
            }
        }
    }
}
