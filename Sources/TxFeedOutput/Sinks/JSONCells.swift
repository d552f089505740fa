import CJansson
import Glibc

/// JSON string literals for the feed's vendors, accounts, currencies and sources, each encoded
/// once with jansson and reused for every row.
struct JSONCells {
    var vendors: [[UInt8]]
    var accounts: [[UInt8]]
    var currencies: [[UInt8]]
    var sources: [[UInt8]]
    var colours: [[UInt8]]

    init(_ feed: Feed) {
        vendors = (0..<feed.vendors.count).map { id in
            feed.vendors.bytes(of: UInt32(id)).withUnsafeBufferPointer { Self.literal($0) }
        }
        accounts = feed.accounts.map { Self.literal($0.name) }
        currencies = feed.accounts.map { Self.literal($0.currency ?? "") }
        sources = feed.sources.map { Self.literal($0.name) }
        colours = feed.colours.map { rgb in
            var hex: [UInt8] = [UInt8(ascii: "\"")]
            rgb.appendHex(to: &hex)
            hex.append(UInt8(ascii: "\""))
            return hex
        }
    }

    static func literal(_ text: String) -> [UInt8] {
        var text = text
        return text.withUTF8 { literal($0) }
    }

    /// `"..."` as jansson encodes it (UTF-8 kept, control characters escaped).
    static func literal(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return Array("\"\"".utf8) }
        let value = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { json_stringn_nocheck($0, bytes.count) }
        guard let value else { return Array("\"\"".utf8) }
        defer { json_decref(value) }
        guard let dumped = json_dumps(value, Int(JSON_ENCODE_ANY | JSON_COMPACT)) else { return Array("\"\"".utf8) }
        defer { free(dumped) }
        return Array(UnsafeRawBufferPointer(start: dumped, count: strlen(dumped)))
    }
}
