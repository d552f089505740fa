import CJansson

/// The string members of one small, flat JSON object: what `txfeed merge` needs of each
/// transaction to write its CSV row.
///
/// Read by hand in one pass when the object is flat (strings, numbers, literals), which is the
/// shape txfeed's own sinks write; anything else goes to jansson. A jansson parse of a
/// transaction cost three microseconds, most of a merge's time.
public enum JSONObjectFields {
    /// Each key's string value as UTF-8 bytes, nil when the key is absent or not a string; nil
    /// altogether when `object` is not a JSON object.
    public static func strings(in object: [UInt8], keys: [String]) -> [[UInt8]?]? {
        var scratch: [UInt8] = []
        var ranges: [Range<Int>?] = []
        guard strings(in: object, keys: keys.map { Array($0.utf8) }, into: &scratch, ranges: &ranges) else {
            return nil
        }
        return ranges.map { $0.map { Array(scratch[$0]) } }
    }

    /// The same, without an array per value: each value is appended to `scratch` (emptied
    /// first) and `ranges[k]` says where key `k`'s is, so a caller reading a million objects
    /// reuses both.
    public static func strings(
        in object: [UInt8], keys: [[UInt8]], into scratch: inout [UInt8], ranges: inout [Range<Int>?]
    ) -> Bool {
        scratch.removeAll(keepingCapacity: true)
        ranges.removeAll(keepingCapacity: true)
        ranges.append(contentsOf: repeatElement(nil, count: keys.count))
        if object.withUnsafeBufferPointer({ flat($0, keys, &scratch, &ranges) }) { return true }
        scratch.removeAll(keepingCapacity: true)
        guard let values = withJansson(object, keys.map { String(decoding: $0, as: UTF8.self) }) else { return false }
        for (k, value) in values.enumerated() {
            guard let value else { continue }
            ranges[k] = scratch.count..<(scratch.count + value.count)
            scratch += value
        }
        return true
    }

    // MARK: - Flat objects, by hand

    private static func flat(
        _ text: UnsafeBufferPointer<UInt8>, _ keys: [[UInt8]], _ scratch: inout [UInt8], _ values: inout [Range<Int>?]
    ) -> Bool {
        var i = skipBlanks(text, 0)
        guard i < text.count, text[i] == UInt8(ascii: "{") else { return false }
        i = skipBlanks(text, i + 1)
        if i < text.count && text[i] == UInt8(ascii: "}") { return skipBlanks(text, i + 1) == text.count }
        var next = 0  // keys usually come in the order asked for
        while true {
            // Keys are read into the scratch too, then dropped.
            let keyStart = scratch.count
            guard i < text.count, text[i] == UInt8(ascii: "\""), let afterKey = string(text, i, into: &scratch) else {
                return false
            }
            let key = keyStart..<scratch.count
            i = skipBlanks(text, afterKey)
            guard i < text.count, text[i] == UInt8(ascii: ":") else { return false }
            i = skipBlanks(text, i + 1)
            guard i < text.count else { return false }
            let k: Int?
            if next < keys.count && scratch[key].elementsEqual(keys[next]) {
                k = next
                next += 1
            } else {
                k = keys.firstIndex { scratch[key].elementsEqual($0) }
            }
            scratch.removeSubrange(key)
            if text[i] == UInt8(ascii: "\"") {
                let valueStart = scratch.count
                guard let end = string(text, i, into: &scratch) else { return false }
                if let k { values[k] = valueStart..<scratch.count } else { scratch.removeSubrange(valueStart...) }
                i = end
            } else {
                // A number or a literal: nothing nested, or this is not the flat case.
                let start = i
                while i < text.count, text[i] != UInt8(ascii: ","), text[i] != UInt8(ascii: "}") {
                    if text[i] == UInt8(ascii: "{") || text[i] == UInt8(ascii: "[") || text[i] == UInt8(ascii: "\"") {
                        return false
                    }
                    i += 1
                }
                guard i > start else { return false }
            }
            i = skipBlanks(text, i)
            guard i < text.count else { return false }
            if text[i] == UInt8(ascii: "}") { return skipBlanks(text, i + 1) == text.count }
            guard text[i] == UInt8(ascii: ",") else { return false }
            i = skipBlanks(text, i + 1)
        }
    }

    /// Appends the string starting at `start` (its opening quote), unescaped, to `out`, and
    /// returns the index after its closing quote; nil for a malformed one (jansson then says
    /// what is wrong).
    private static func string(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, into out: inout [UInt8]) -> Int? {
        var i = start + 1
        while i < text.count {
            let byte = text[i]
            if byte == UInt8(ascii: "\"") { return i + 1 }
            if byte < 0x20 { return nil }
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                i += 1
                continue
            }
            guard i + 1 < text.count else { return nil }
            i += 2
            switch text[i - 1] {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex4(text, i) else { return nil }
                i += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    guard i + 6 <= text.count, text[i] == UInt8(ascii: "\\"), text[i + 1] == UInt8(ascii: "u"),
                        let low = hex4(text, i + 2), (0xDC00..<0xE000).contains(low)
                    else { return nil }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                guard let unicode = Unicode.Scalar(scalar) else { return nil }
                out += Array(String(Character(unicode)).utf8)
            default: return nil
            }
        }
        return nil
    }

    private static func hex4(_ text: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32? {
        guard at + 4 <= text.count else { return nil }
        var value: UInt32 = 0
        for byte in text[at..<(at + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private static func skipBlanks(_ text: UnsafeBufferPointer<UInt8>, _ from: Int) -> Int {
        var i = from
        while i < text.count, text[i] == 0x20 || text[i] == 0x09 || text[i] == 0x0A || text[i] == 0x0D { i += 1 }
        return i
    }

    // MARK: - Anything else, with jansson

    private static func withJansson(_ object: [UInt8], _ keys: [String]) -> [[UInt8]?]? {
        var error = json_error_t()
        let root = object.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { json_loadb($0.baseAddress, $0.count, 0, &error) }
        }
        guard let root else { return nil }
        defer { json_decref(root) }
        guard root.pointee.type == JSON_OBJECT else { return nil }
        return keys.map { key in
            guard let value = json_object_get(root, key), value.pointee.type == JSON_STRING,
                let text = json_string_value(value)
            else { return nil }
            return Array(UnsafeRawBufferPointer(start: text, count: json_string_length(value)))
        }
    }
}
