import CJansson

/// The kinds of JSON value, as jansson tells them apart (an integer is not a real).
enum EnvelopeValueKind {
    case object, array, string, integer, real, `true`, `false`, null
}

/// What ``EnvelopeReader`` and ``TransactionNormaliser`` read of a parsed envelope: jansson's
/// DOM, or an ``EnvelopeHead``. One set of rules over both, so the two can never read an
/// envelope or a record differently.
protocol EnvelopeValue {
    var kind: EnvelopeValueKind { get }
    /// The value of `key` in an object (the last, when the key is there twice); nil for
    /// anything else.
    func member(_ key: StaticString) -> Self?
    /// Each member of an object, its key's bytes and its value, in order; nothing for anything
    /// else. A key given twice comes twice (jansson keeps only the last): the last read wins.
    func forEachMember(_ body: (UnsafeBufferPointer<UInt8>, Self) -> Void)
    /// The UTF-8 bytes of a string, valid while the parsed envelope is; nil for anything else.
    var stringBytes: UnsafeBufferPointer<UInt8>? { get }
    /// Only for an integer.
    var integer: Int64 { get }
    /// Only for a real.
    var real: Double { get }
}

extension EnvelopeValue {
    /// The text of a string; nil for anything else.
    var string: String? { stringBytes.map { String(decoding: $0, as: UTF8.self) } }
}

/// A value of jansson's DOM.
struct JanssonValue: EnvelopeValue {
    let pointer: UnsafeMutablePointer<json_t>

    var kind: EnvelopeValueKind {
        switch pointer.pointee.type {
        case JSON_OBJECT: .object
        case JSON_ARRAY: .array
        case JSON_STRING: .string
        case JSON_INTEGER: .integer
        case JSON_REAL: .real
        case JSON_TRUE: .true
        case JSON_FALSE: .false
        default: .null
        }
    }

    func member(_ key: StaticString) -> JanssonValue? {
        key.withUTF8Buffer { key in
            key.withMemoryRebound(to: CChar.self) { json_object_getn(pointer, $0.baseAddress, key.count) }
        }.map(JanssonValue.init)
    }

    func forEachMember(_ body: (UnsafeBufferPointer<UInt8>, JanssonValue) -> Void) {
        guard pointer.pointee.type == JSON_OBJECT else { return }
        var iterator = json_object_iter(pointer)
        while let member = iterator {
            let key = UnsafeRawPointer(json_object_iter_key(member)!).assumingMemoryBound(to: UInt8.self)
            body(
                UnsafeBufferPointer(start: key, count: json_object_iter_key_len(member)),
                JanssonValue(pointer: json_object_iter_value(member)))
            iterator = json_object_iter_next(pointer, member)
        }
    }

    var stringBytes: UnsafeBufferPointer<UInt8>? {
        guard pointer.pointee.type == JSON_STRING, let p = json_string_value(pointer) else { return nil }
        return UnsafeBufferPointer(
            start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: json_string_length(pointer))
    }
    var integer: Int64 { json_integer_value(pointer) }
    var real: Double { json_real_value(pointer) }
}
