/// Finds where a JSON array may be cut into pieces that are arrays of their own: at the commas
/// between its elements, skipping strings and nested values. Fed the array's bytes after its
/// `[` in order, window by window.
///
/// A cut is only a comma between two elements: one after which the next element has begun (a
/// trailing comma, `{…},]`, stays inside its piece) and before which one ended (a leading or
/// doubled comma, `[,{…}` or `{…},,{…}`, too), so the host fails it as in the whole text. A cut
/// at a leading comma made `[]` of the piece before it and `[{…}` of the one after: invalid JSON
/// read without a word.
struct ElementCutter {
    /// Nesting inside the array's elements; 0 between them.
    private var depth = 0
    private var string = JSONStringState()
    /// The last comma between elements whose next element has not begun yet.
    private var pendingComma: Int?
    /// Something of an element since the array's `[` or the last comma between elements.
    private var element = false
    /// The last comma followed by an element: where a piece may end and the next begin.
    private(set) var cut: Int?
    /// The array's closing bracket (or a stray closer that ends it), once seen.
    private(set) var close: Int?

    /// Scans `bytes[from..<to]` and returns where it stopped: `to`, or just after the closer.
    mutating func scan(_ bytes: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int {
        var i = from
        while i < end {
            let c = bytes[i]
            i += 1
            if string.inString {
                _ = string.closes(with: c)
                continue
            }
            switch c {
            case 0x20, 0x0A, 0x0D, 0x09:
                continue
            case UInt8(ascii: ","):
                if depth == 0 {
                    if element { pendingComma = i - 1 }
                    element = false
                }
                continue
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 {
                    close = i - 1
                    return i
                }
                depth -= 1
                continue
            case UInt8(ascii: "\""):
                string.open()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            default:
                break
            }
            // Something of an element: the comma before it is a place to cut.
            element = true
            if let comma = pendingComma {
                cut = comma
                pendingComma = nil
            }
        }
        return end
    }

    /// The window dropped its first `n` bytes.
    mutating func shift(by n: Int) {
        pendingComma = pendingComma.map { $0 - n }
        cut = cut.map { $0 - n }
        close = close.map { $0 - n }
    }

    /// A piece ended at ``cut``, which the next one starts from.
    mutating func cutTaken() {
        cut = nil
    }
}
