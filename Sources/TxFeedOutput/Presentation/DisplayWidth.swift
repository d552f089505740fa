/// How many terminal columns text takes, for the text view's columns (Foundation has no `wcwidth`).
///
/// Per grapheme cluster (what a terminal draws as one glyph): the widest of its scalars, where East
/// Asian Wide and Fullwidth characters and emoji with emoji presentation count 2, combining marks,
/// format characters (ZWJ, variation selectors) and Hangul conjoining vowels and finals count 0, and
/// everything else 1. A text-style emoji followed by U+FE0F (emoji presentation) counts 2. So `é` and
/// `e` + U+0301 are 1, `東京` 4, `🍕` 2, a flag or a ZWJ family 2.
///
/// Text shown in the terminal first goes through ``sanitised(_:)``: control characters (which would
/// move the cursor or start escape sequences) and bidirectional overrides never reach the screen.
public enum DisplayWidth {
    /// Columns of `text` as a terminal shows it.
    public static func of(_ text: String) -> Int {
        if let ascii = printableASCIIWidth(text.utf8.span) { return ascii }
        var width = 0
        for character in text { width += of(character) }
        return width
    }

    /// Columns of one grapheme cluster.
    public static func of(_ character: Character) -> Int {
        var width = 0
        var presentation = false
        for scalar in character.unicodeScalars {
            if scalar.value == 0xFE0F { presentation = true }
            width = Swift.max(width, of(scalar))
        }
        if presentation && character.unicodeScalars.contains(where: { $0.properties.isEmoji }) { return 2 }
        return width
    }

    /// Columns of one scalar on its own (a cluster takes the widest of its scalars).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x7F { return v < 0x20 ? 0 : 1 }
        if v < 0xA0 { return 0 }  // DEL and C1 controls
        if v == 0x00AD { return 1 }  // soft hyphen: terminals draw it
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator: return 0
        default: break
        }
        if v >= 0x1160 && v <= 0x11FF { return 0 }  // Hangul conjoining vowels and finals
        if v < 0x1100 { return 1 }
        if isWide(v) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// The text with every control character shown as U+FFFD (tab, CR and LF as a space) and the
    /// bidirectional embeddings, overrides and isolates removed: what the text view prints.
    public static func sanitised(_ text: String) -> String {
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var scalars = String.UnicodeScalarView()
        var changed = false
        for scalar in text.unicodeScalars {
            let v = scalar.value
            switch v {
            case 0x09, 0x0A, 0x0D:
                scalars.append(" ")
                changed = true
            case 0..<0x20, 0x7F..<0xA0:
                scalars.append("\u{FFFD}")
                changed = true
            case 0x202A...0x202E, 0x2066...0x2069:
                changed = true
            default:
                scalars.append(scalar)
            }
        }
        return changed ? String(scalars) : text
    }

    /// The sanitised text cut to at most `maximum` columns: a longer text keeps as many whole clusters
    /// as fit in `maximum - 1` columns and ends with `…`. Returns the text and its width.
    public static func fit(_ text: String, maximum: Int) -> (text: String, width: Int) {
        let clean = sanitised(text)
        let width = of(clean)
        if width <= maximum { return (clean, width) }
        guard maximum > 0 else { return ("", 0) }
        var kept = ""
        var used = 0
        for character in clean {
            let w = of(character)
            if used + w > maximum - 1 { break }
            kept.append(character)
            used += w
        }
        // Marks that follow the cut belong to the last kept cluster already (Character iteration).
        return (kept + "…", used + 1)
    }

    /// The width of printable ASCII text (its length), or nil when it holds anything else.
    @inline(__always)
    static func printableASCIIWidth(_ bytes: Span<UInt8>) -> Int? {
        for i in bytes.indices where bytes[i] < 0x20 || bytes[i] >= 0x7F { return nil }
        return bytes.count
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges of Unicode 15/16's EastAsianWidth.txt, merged
    /// where the gaps are unassigned. Emoji with emoji presentation are caught by the property.
    static func isWide(_ v: UInt32) -> Bool {
        var low = 0, high = wideRanges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = wideRanges[mid]
            if v < range.lowerBound {
                high = mid - 1
            } else if v > range.upperBound {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x16FE0...0x16FE4, 0x16FF0...0x16FF1, 0x17000...0x18CFF, 0x18D00...0x18D08, 0x1AFF0...0x1B2FF,
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202,
        0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F320,
        0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3,
        0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC,
        0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596,
        0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2,
        0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB,
        0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
