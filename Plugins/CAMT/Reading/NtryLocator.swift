/// Finds the bytes of the file's n-th `Ntry` element, for a reject's own text: libxml2's reader
/// does not say where a node's bytes are. Scans forward only, so all rejects of a file cost one
/// pass at most.
struct NtryLocator {
    private var cursor = 0
    private var passed = 0

    /// The bytes of `<Ntry>…</Ntry>` for the `ordinal`-th entry of the file (from 0), with any
    /// namespace prefix; nil once the scan cannot find it.
    mutating func range(ofEntry ordinal: Int, in bytes: Span<UInt8>) -> Range<Int>? {
        var start: Int?
        var found: Range<Int>?
        CAMTTagScanner.forEachTag(in: bytes, from: cursor, before: bytes.count) { tag in
            guard tag.name == "Ntry" else { return true }
            cursor = tag.bytes.upperBound
            if !tag.isClosing, start == nil { start = tag.bytes.lowerBound }
            guard tag.isClosing || tag.isEmpty, let begun = start else { return true }
            passed += 1
            start = nil
            if passed - 1 == ordinal { found = begun..<tag.bytes.upperBound }
            return passed <= ordinal
        }
        return found
    }
}
