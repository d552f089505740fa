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
        var escaped = false
        while i < text.count {
            let byte = text[i]
            if byte < 0x20 { return nil }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                i += 2
                continue
            }
            if byte == UInt8(ascii: "\"") { break }
            i += 1
        }
        guard i < text.count else { return nil }
        let raw = UnsafeBufferPointer(rebasing: text[(start + 1)..<i])
        if escaped {
            guard JSONStringEscapes.decode(raw, appendingTo: &out) else { return nil }
        } else {
            out.append(contentsOf: raw)
        }
        return i + 1
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
