import TxFeedDecoding
import TxFeedModel
import TxFeedPipeline
import TxFeedPluginHost
import XCTest

@testable import TxFeedOutput

final class TerminalColourTests: XCTestCase {
    private func foreground(_ colour: RGB, trueColour: Bool) -> String {
        var bytes: [UInt8] = []
        TerminalColour.appendForeground(colour, trueColour: trueColour, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    func testTrueColourSequence() {
        XCTAssertEqual(foreground(RGB(r: 247, g: 242, b: 167), trueColour: true), "\u{1B}[38;2;247;242;167m")
        XCTAssertEqual(foreground(RGB(r: 0, g: 0, b: 0), trueColour: true), "\u{1B}[38;2;0;0;0m")
    }

    func testXterm256KnownColours() {
        XCTAssertEqual(TerminalColour.xterm256(RGB(r: 0, g: 0, b: 0)), 16)
        XCTAssertEqual(TerminalColour.xterm256(RGB(r: 255, g: 255, b: 255)), 231)
        XCTAssertEqual(TerminalColour.xterm256(RGB(r: 255, g: 0, b: 0)), 196)
        XCTAssertEqual(TerminalColour.xterm256(RGB(r: 95, g: 135, b: 175)), 67)
        XCTAssertEqual(TerminalColour.xterm256(RGB(r: 128, g: 128, b: 128)), 244, "a grey goes to the grey ramp")
        XCTAssertEqual(TerminalColour.xterm256(RGB(r: 8, g: 8, b: 8)), 232)
        XCTAssertEqual(TerminalColour.xterm256(RGB(r: 238, g: 238, b: 238)), 255)
        XCTAssertEqual(foreground(RGB(r: 255, g: 0, b: 0), trueColour: false), "\u{1B}[38;5;196m")
    }

    /// The nearest of all 240 colours, found by brute force, for many colours.
    func testXterm256IsTheNearestColour() {
        var palette: [(Int, Int, Int)] = []
        let levels = [0, 95, 135, 175, 215, 255]
        for r in levels { for g in levels { for b in levels { palette.append((r, g, b)) } } }
        for i in 0..<24 { palette.append((8 + 10 * i, 8 + 10 * i, 8 + 10 * i)) }
        func distance(_ a: (Int, Int, Int), _ c: RGB) -> Int {
            let dr = a.0 - Int(c.r), dg = a.1 - Int(c.g), db = a.2 - Int(c.b)
            return dr * dr + dg * dg + db * db
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let c = RGB(
                r: .random(in: 0...255, using: &generator), g: .random(in: 0...255, using: &generator),
                b: .random(in: 0...255, using: &generator))
            let best = palette.map { distance($0, c) }.min()!
            let chosen = TerminalColour.xterm256(c)
            XCTAssertTrue((16...255).contains(chosen))
            XCTAssertEqual(distance(palette[chosen - 16], c), best, "\(c)")
        }
    }

    func testCOLORTERM() {
        XCTAssertTrue(TerminalColour.supportsTrueColour(environment: ["COLORTERM": "truecolor"]))
        XCTAssertTrue(TerminalColour.supportsTrueColour(environment: ["COLORTERM": "24bit"]))
        XCTAssertTrue(TerminalColour.supportsTrueColour(environment: ["COLORTERM": "TrueColor"]))
        XCTAssertFalse(TerminalColour.supportsTrueColour(environment: ["COLORTERM": "yes"]))
        XCTAssertFalse(TerminalColour.supportsTrueColour(environment: [:]))
    }
}
