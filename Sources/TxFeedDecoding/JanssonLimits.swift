import CJansson

/// jansson's parse of `bytes`, or nil with `error` set. `anyValue` takes any JSON value at the
/// top (`42`), not only an object or an array; `allowingNul` takes `\u0000` in a string.
func janssonLoad(
    _ bytes: UnsafeBufferPointer<UInt8>, anyValue: Bool = false, allowingNul: Bool = false,
    _ error: inout json_error_t
) -> UnsafeMutablePointer<json_t>? {
    let flags = (anyValue ? Int(JSON_DECODE_ANY) : 0) | (allowingNul ? Int(JSON_ALLOW_NUL) : 0)
    return bytes.withMemoryRebound(to: CChar.self) { json_loadb($0.baseAddress, $0.count, flags, &error) }
}

extension json_error_t {
    /// Whether jansson failed on a value it cannot represent rather than on a syntax error: a
    /// number beyond a 64-bit integer or a double (`1e400`), `\u0000` in a string or a key, or a
    /// lone surrogate (`\uD800`). Each is valid JSON (RFC 8259 allows all four), so the record
    /// holding it is rejected, or its envelope fails, instead of the whole text.
    ///
    /// jansson gives a lone surrogate the code of a syntax error, so its message tells it apart.
    var isUnrepresentableValue: Bool {
        var error = self
        switch json_error_code(&error) {
        case json_error_numeric_overflow, json_error_null_character, json_error_null_byte_in_key:
            return true
        case json_error_invalid_syntax:
            return janssonReason(error).hasPrefix("invalid Unicode '\\u")
        default:
            return false
        }
    }

    /// What makes the value unrepresentable, for a reject reason: `member` names where it is
    /// (`vendor`), or nil for a value deeper in the record.
    func unrepresentableReason(member: String?) -> String {
        var error = self
        switch json_error_code(&error) {
        case json_error_numeric_overflow:
            return "\(member ?? "a number") is out of range"
        case json_error_null_character:
            return "\(member ?? "a string") contains \\u0000"
        case json_error_null_byte_in_key:
            return "a member name contains \\u0000"
        default:
            // "invalid Unicode '\uD800' near '"\ud800'": keep what names the escape.
            let reason = janssonReason(error)
            let escape = reason.split(separator: " near ", maxSplits: 1).first.map(String.init) ?? reason
            return "\(member ?? "a string") contains a lone surrogate (\(escape))"
        }
    }
}
