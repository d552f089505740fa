import CJansson

/// The string members of one JSON object: what `txfeed merge` needs of each transaction to
/// write its CSV row.
///
/// Read with ``EnvelopeHead``, the plain reader the envelopes are read with, and with jansson
/// whatever that one declines: one set of readers for every JSON txfeed takes in. A jansson
/// parse of a transaction cost three microseconds, most of a merge's time.
public enum JSONObjectFields {
    /// Each key's string value, appended to `scratch` (emptied first): `ranges[k]` says where
    /// key `k`'s is, nil when the key is absent or not a string, so a caller reading a million
    /// objects reuses both. A key given twice has its last value, as in jansson. False when
    /// `object` is not a JSON object.
    public static func strings(
        in object: [UInt8], keys: [[UInt8]], into scratch: inout [UInt8], ranges: inout [Range<Int>?]
    ) -> Bool {
        scratch.removeAll(keepingCapacity: true)
        ranges.removeAll(keepingCapacity: true)
        ranges.append(contentsOf: repeatElement(nil, count: keys.count))
        let plain = object.withUnsafeBufferPointer { text in
            EnvelopeHead.read(text) { head -> Bool? in
                head?.withRoot { root in
                    guard root.kind == .object else { return false }
                    var next = 0  // keys usually come in the order asked for
                    root.forEachMember { key, value in
                        let k: Int?
                        if next < keys.count && key.elementsEqual(keys[next]) {
                            k = next
                            next += 1
                        } else {
                            k = keys.firstIndex { key.elementsEqual($0) }
                        }
                        guard let k else { return }
                        guard let bytes = value.stringBytes else {
                            ranges[k] = nil
                            return
                        }
                        ranges[k] = scratch.count..<(scratch.count + bytes.count)
                        scratch.append(contentsOf: bytes)
                    }
                    return true
                }
            }
        }
        if let plain { return plain }
        scratch.removeAll(keepingCapacity: true)
        guard let values = withJansson(object, keys.map { String(decoding: $0, as: UTF8.self) }) else { return false }
        for (k, value) in values.enumerated() {
            ranges[k] = value.map { scratch.count..<(scratch.count + $0.count) }
            scratch += value ?? []
        }
        return true
    }

    // MARK: - Anything else, with jansson

    private static func withJansson(_ object: [UInt8], _ keys: [String]) -> [[UInt8]?]? {
        var error = json_error_t()
        // A part txfeed wrote holds `\u0000` where a memo had it: its CSV row drops it, as the
        // CSV sink does.
        let root = object.withUnsafeBufferPointer { janssonLoad($0, allowingNul: true, &error) }
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
