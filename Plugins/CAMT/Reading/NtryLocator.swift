/// Finds the bytes of the file's n-th `Ntry` element, for a reject's own text: libxml2's reader
/// does not say where a node's bytes are. Scans forward only, so all rejects of a file cost one
/// pass at most.
struct NtryLocator {
    private var cursor = 0
    private var passed = 0

    /// The bytes of `<Ntry>…</Ntry>` for the `ordinal`-th entry of the file (from 0), with any
    /// namespace prefix; nil once the scan cannot find it.
    mutating func range(ofEntry ordinal: Int, in bytes: UnsafeRawBufferPointer) -> Range<Int>? {
        while let start = nextTag(in: bytes, from: cursor, closing: false) {
            guard let close = nextTag(in: bytes, from: start + 1, closing: true) else { return nil }
            cursor = close
            passed += 1
            if passed - 1 == ordinal { return start..<close }
        }
        return nil
    }

    /// The next `<Ntry`/`<x:Ntry` start (its `<`), or the end just past the next `</…Ntry>`.
    private func nextTag(in bytes: UnsafeRawBufferPointer, from: Int, closing: Bool) -> Int? {
        var at = from
        let lt = UInt8(ascii: "<"), slash = UInt8(ascii: "/")
        while at < bytes.count {
            guard bytes[at] == lt else {
                at += 1
                continue
            }
            var name = at + 1
            if closing {
                guard name < bytes.count, bytes[name] == slash else {
                    at += 1
                    continue
                }
                name += 1
            }
            var end = name
            while end < bytes.count, !Self.endsName(bytes[end]) { end += 1 }
            if Self.isNtry(bytes, name..<end) {
                if !closing { return at }
                while end < bytes.count, bytes[end] != UInt8(ascii: ">") { end += 1 }
                return min(end + 1, bytes.count)
            }
            at = end
        }
        return nil
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == 0x20 || byte == 0x0A || byte == 0x09
            || byte == 0x0D
    }

    /// `Ntry` or `prefix:Ntry`.
    private static func isNtry(_ bytes: UnsafeRawBufferPointer, _ name: Range<Int>) -> Bool {
        let word = Array("Ntry".utf8)
        guard name.count >= 4, Array(bytes[(name.upperBound - 4)..<name.upperBound]) == word else { return false }
        return name.count == 4 || bytes[name.upperBound - 5] == UInt8(ascii: ":")
    }
}
