import TxFeedDecoding
import TxFeedModel
import TxFeedOutput

/// A CSV row made from a transaction's NDJSON object, cell for cell what the CSV sink writes
/// for the same transaction: its text cells through the same quoting and formula guard.
enum CSVRow {
    static func append(_ record: [UInt8], in part: String, to out: inout [UInt8]) throws(UsageError) {
        guard case .object(let members)? = try? JSONValue.parse(String(decoding: record, as: UTF8.self)) else {
            throw UsageError("\(part): a transaction is not a JSON object")
        }
        func text(_ key: String) -> [UInt8] {
            Array((members.first { $0.key == key }?.value.string ?? "").utf8)
        }
        out += text("date")
        for key in ["day", "account", "vendor"] {
            out.append(UInt8(ascii: ","))
            CSVSink.appendCell(text(key), to: &out)
        }
        for key in ["type", "amount"] {
            out.append(UInt8(ascii: ","))
            out += text(key)
        }
        out.append(UInt8(ascii: ","))
        CSVSink.appendCell(text("currency"), to: &out)
        out.append(UInt8(ascii: ","))
        out += text("colour")
        for key in ["source", "id"] {
            out.append(UInt8(ascii: ","))
            CSVSink.appendCell(text(key), to: &out)
        }
        out.append(UInt8(ascii: ","))
        out += text("status")
        out.append(UInt8(ascii: ","))
        CSVSink.appendCell(text("memo"), to: &out)
        out += [0x0D, 0x0A]
    }
}
