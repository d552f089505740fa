/// What a terminal shows once it has drawn a program's output: enough of a VT100 to replay
/// txfeed's live displays (line moves, erases, carriage returns) and ask what is left on the
/// screen, instead of guessing from the raw bytes.
///
/// Every character is one column; colours and other SGR sequences, OSC strings and cursor
/// visibility are not drawn. Writing past the right edge does not wrap, so give it a width
/// at least the program's.
public struct TerminalScreen {
    public private(set) var lines: [[Character]] = [[]]
    private var row = 0
    private var column = 0

    public init(replaying output: String) {
        var characters = Array(output)[...]
        while let c = characters.popFirst() {
            switch c {
            case "\r": column = 0
            case "\n": moveTo(row: row + 1)
            case "\r\n":
                column = 0
                moveTo(row: row + 1)
            case "\u{08}": column = max(0, column - 1)
            case "\u{1B}": consumeEscape(&characters)
            default:
                if c.isASCII, let value = c.asciiValue, value < 0x20 { continue }
                put(c)
            }
        }
    }

    /// The screen's text, one line each, trailing blanks and empty last lines left off.
    public var text: String {
        var shown = lines.map { String($0).replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) }
        while shown.last == "" { shown.removeLast() }
        return shown.joined(separator: "\n")
    }

    private mutating func moveTo(row target: Int) {
        row = max(0, target)
        while lines.count <= row { lines.append([]) }
    }

    private mutating func put(_ c: Character) {
        while lines[row].count < column { lines[row].append(" ") }
        if column < lines[row].count { lines[row][column] = c } else { lines[row].append(c) }
        column += 1
    }

    /// CSI sequences move and erase; OSC strings and any other escape are skipped.
    private mutating func consumeEscape(_ characters: inout ArraySlice<Character>) {
        guard let kind = characters.popFirst() else { return }
        if kind == "]" {  // OSC: up to BEL or ST
            while let c = characters.popFirst(), c != "\u{07}" {
                if c == "\u{1B}" {
                    _ = characters.popFirst()
                    break
                }
            }
            return
        }
        guard kind == "[" else { return }
        var parameters = ""
        while let c = characters.popFirst() {
            guard let value = c.asciiValue, (0x40...0x7E).contains(value) else {
                parameters.append(c)
                continue
            }
            let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
            let n = max(1, numbers.first.flatMap { $0 } ?? 1)
            switch c {
            case "A": moveTo(row: row - n)
            case "B": moveTo(row: row + n)
            case "E":
                moveTo(row: row + n)
                column = 0
            case "F":
                moveTo(row: row - n)
                column = 0
            case "G": column = n - 1
            case "H":
                moveTo(row: (numbers.first.flatMap { $0 } ?? 1) - 1)
                column = max(0, (numbers.count > 1 ? numbers[1] ?? 1 : 1) - 1)
            case "J": eraseDisplay(parameters == "2" || parameters == "3" ? 2 : Int(parameters) ?? 0)
            case "K": eraseLine(Int(parameters) ?? 0)
            default: break  // SGR, cursor visibility, …: nothing drawn
            }
            return
        }
    }

    private mutating func eraseDisplay(_ mode: Int) {
        switch mode {
        case 2: lines = Array(repeating: [], count: lines.count)
        case 1:
            for r in 0..<row { lines[r] = [] }
            eraseLine(1)
        default:
            eraseLine(0)
            lines.removeSubrange((row + 1)...)
        }
    }

    private mutating func eraseLine(_ mode: Int) {
        switch mode {
        case 2: lines[row] = []
        case 1:
            for x in 0..<min(column + 1, lines[row].count) { lines[row][x] = " " }
        default:
            if column < lines[row].count { lines[row].removeSubrange(column...) }
        }
    }
}
