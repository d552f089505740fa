import TxFeedModel

/// ANSI escape sequences for the text view's colours.
public enum TerminalColour {
    /// `ESC [ 0 m`: back to the terminal's own colours.
    public static let reset: [UInt8] = Array("\u{1B}[0m".utf8)
    public static let bold: [UInt8] = Array("\u{1B}[1m".utf8)
    /// Credits (money in).
    public static let green: [UInt8] = Array("\u{1B}[32m".utf8)
    /// Debits (money out).
    public static let red: [UInt8] = Array("\u{1B}[31m".utf8)

    /// Whether `NO_COLOR` (set and not empty, per no-color.org) asks for no colour at all.
    public static func isRefused(environment: [String: String]) -> Bool {
        !(environment["NO_COLOR"] ?? "").isEmpty
    }

    /// Whether the terminal says it shows 24-bit colour: `COLORTERM` is `truecolor` or `24bit`.
    public static func supportsTrueColour(environment: [String: String]) -> Bool {
        guard let value = environment["COLORTERM"]?.lowercased() else { return false }
        return value == "truecolor" || value == "24bit"
    }

    /// Appends the foreground sequence for `colour`: `ESC[38;2;r;g;bm` with 24-bit colour, else
    /// `ESC[38;5;Nm` with the nearest xterm-256 colour.
    public static func appendForeground(_ colour: RGB, trueColour: Bool, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: [0x1B, UInt8(ascii: "["), UInt8(ascii: "3"), UInt8(ascii: "8"), UInt8(ascii: ";")])
        if trueColour {
            buffer.append(contentsOf: [UInt8(ascii: "2"), UInt8(ascii: ";")])
            buffer.appendASCIIDecimal(UInt64(colour.r), minimumDigits: 1)
            buffer.append(UInt8(ascii: ";"))
            buffer.appendASCIIDecimal(UInt64(colour.g), minimumDigits: 1)
            buffer.append(UInt8(ascii: ";"))
            buffer.appendASCIIDecimal(UInt64(colour.b), minimumDigits: 1)
        } else {
            buffer.append(contentsOf: [UInt8(ascii: "5"), UInt8(ascii: ";")])
            buffer.appendASCIIDecimal(UInt64(xterm256(colour)), minimumDigits: 1)
        }
        buffer.append(UInt8(ascii: "m"))
    }

    /// The xterm-256 colour (16...255) nearest to `colour` by squared RGB distance: the nearest of the
    /// 6×6×6 cube (levels 0, 95, 135, 175, 215, 255) and of the 24 greys (8, 18, ... 238). The first
    /// 16 colours are left out: every terminal theme redefines them.
    public static func xterm256(_ colour: RGB) -> Int {
        let channels = [Int(colour.r), Int(colour.g), Int(colour.b)]
        // The cube is separable: the nearest cube colour takes the nearest level in each channel.
        var cubeIndex = 0
        var cubeDistance = 0
        for c in channels {
            var best = 0
            for level in 1..<6 where abs(cubeLevels[level] - c) < abs(cubeLevels[best] - c) { best = level }
            cubeIndex = cubeIndex * 6 + best
            cubeDistance += (cubeLevels[best] - c) * (cubeLevels[best] - c)
        }
        // The nearest grey to a colour is the one nearest the mean of its channels.
        let mean = Double(channels.reduce(0, +)) / 3
        let greyStep = Swift.min(23, Swift.max(0, Int(((mean - 8) / 10).rounded())))
        let grey = 8 + 10 * greyStep
        let greyDistance = channels.reduce(0) { $0 + ($1 - grey) * ($1 - grey) }
        return greyDistance < cubeDistance ? 232 + greyStep : 16 + cubeIndex
    }

    private static let cubeLevels = [0, 95, 135, 175, 215, 255]
}
