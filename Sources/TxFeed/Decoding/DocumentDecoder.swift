import CJansson

/// Turns what a source emits — JSON text or a jansson DOM — into ``SourceData``.
///
/// A JSON text may hold one envelope, an array of envelopes, or NDJSON (one envelope a line).
/// The unit that fails on a syntax error is the JSON text (each NDJSON line is its own), and
/// none of its records are kept. Large envelopes are never built as one DOM: the scanner finds
/// each element of `body.transactions` and jansson parses it on its own.
public struct DocumentDecoder {
    /// File name or URL, named in every message.
    public var origin: String
    /// Index of the source, stored in each account.
    public var sourceIndex: Int

    public init(origin: String, sourceIndex: Int) {
        self.origin = origin
        self.sourceIndex = sourceIndex
    }

    // MARK: - JSON text

    /// Decodes one emitted JSON text.
    public func decode(text: UnsafeBufferPointer<UInt8>) -> SourceData {
        var result = SourceData()
        var start = 0
        if text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF { start = 3 }
        let scanner = JSONScanner(text)
        let end = text.count
        var i = scanner.skipWhitespace(from: start, to: end)
        guard i < end else {
            result.failures.append(message(at: i, in: text, "empty document (no JSON value)"))
            return result
        }
        switch text[i] {
        case UInt8(ascii: "["):
            // One JSON text: an array of envelopes fails or succeeds as a whole.
            var unit = SourceData()
            do {
                let arrayEnd = try scanner.forEachElement(ofArrayAt: i, limit: end) { element in
                    try decodeEnvelope(element, in: text, into: &unit)
                }
                let rest = scanner.skipWhitespace(from: arrayEnd, to: end)
                if rest < end { throw JSONSyntaxError(offset: rest, reason: "unexpected data after the array of envelopes") }
                result.append(unit)
            } catch let error as JSONSyntaxError {
                result.failures.append(message(at: error.offset, in: text, error.reason))
            } catch {
                result.failures.append("\(origin): \(error)")
            }
        case UInt8(ascii: "{"):
            // NDJSON: every line its own document, so one bad line loses only itself.
            for line in ndjsonLines(in: text, from: i) ?? [i..<end] {
                var unit = SourceData()
                do {
                    let valueEnd = try scanner.endOfValue(at: line.lowerBound, limit: line.upperBound)
                    try decodeEnvelope(line.lowerBound..<valueEnd, in: text, into: &unit)
                    let rest = scanner.skipWhitespace(from: valueEnd, to: line.upperBound)
                    if rest < line.upperBound { throw JSONSyntaxError(offset: rest, reason: "unexpected data after the envelope") }
                    result.append(unit)
                } catch let error as JSONSyntaxError {
                    result.failures.append(message(at: error.offset, in: text, error.reason))
                } catch {
                    result.failures.append("\(origin): \(error)")
                }
            }
        default:
            result.failures.append(message(at: i, in: text, "expected an envelope object or an array of envelopes, found \(describeStart(text[i]))"))
        }
        return result
    }

    /// Decodes the envelope object at `range`: its skeleton with jansson, its transactions
    /// element by element.
    func decodeEnvelope(_ range: Range<Int>, in text: UnsafeBufferPointer<UInt8>, into data: inout SourceData) throws {
        let scanner = JSONScanner(text)
        guard text[range.lowerBound] == UInt8(ascii: "{") else {
            throw JSONSyntaxError(offset: range.lowerBound, reason: "expected an envelope object, found \(describeStart(text[range.lowerBound]))")
        }
        // Find body.transactions so the skeleton can be parsed without it.
        var transactionsRange: Range<Int>?
        _ = try scanner.forEachMember(ofObjectAt: range.lowerBound, limit: range.upperBound) { key, value in
            guard scanner.bytesEqual(key, "body"), text[value.lowerBound] == UInt8(ascii: "{") else { return }
            _ = try scanner.forEachMember(ofObjectAt: value.lowerBound, limit: value.upperBound) { key, value in
                if scanner.bytesEqual(key, "transactions"), text[value.lowerBound] == UInt8(ascii: "[") {
                    transactionsRange = value
                }
            }
        }

        var skeleton: [UInt8]
        if let t = transactionsRange {
            skeleton = Array(text[range.lowerBound..<t.lowerBound])
            skeleton.append(contentsOf: [UInt8(ascii: "["), UInt8(ascii: "]")])
            skeleton.append(contentsOf: text[t.upperBound..<range.upperBound])
        } else {
            skeleton = Array(text[range])
        }
        var error = json_error_t()
        let root = skeleton.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { json_loadb($0.baseAddress, $0.count, 0, &error) }
        }
        guard let root else {
            // Map the skeleton offset back to the text.
            var offset = Int(error.position) - 1
            if let t = transactionsRange {
                let prefix = t.lowerBound - range.lowerBound
                if offset >= prefix + 2 { offset = t.upperBound + (offset - prefix - 2) }
                else if offset >= prefix { offset = t.lowerBound } else { offset += range.lowerBound }
            } else {
                offset += range.lowerBound
            }
            throw JSONSyntaxError(offset: max(offset, range.lowerBound), reason: janssonReason(error))
        }
        defer { json_decref(root) }

        let (line, column) = lineAndColumn(of: range.lowerBound, in: text)
        let place = "\(origin):\(line):\(column)"
        var envelope = EnvelopeReader(place: place, sourceIndex: sourceIndex, origin: origin)
        guard var account = envelope.readAccount(root, failures: &data.failures) else { return }

        // Parse every element before keeping any: a syntax error fails the whole text.
        var unit = SourceData()
        account.source = sourceIndex
        unit.accounts.append(account)
        unit.documents = 1
        var normaliser = TransactionNormaliser(origin: origin, scale: account.scale)
        if let t = transactionsRange {
            var index = 0
            _ = try scanner.forEachElement(ofArrayAt: t.lowerBound, limit: t.upperBound) { element in
                var elementError = json_error_t()
                let base = text.baseAddress! + element.lowerBound
                let json = base.withMemoryRebound(to: CChar.self, capacity: element.count) {
                    json_loadb($0, element.count, Int(JSON_DECODE_ANY), &elementError)  // `42` is a reject, not a syntax error
                }
                guard let json else {
                    if json_error_code(&elementError) == json_error_numeric_overflow {
                        normaliser.addOutOfRange(UnsafeBufferPointer(start: base, count: element.count), index: index, into: &unit)
                        index += 1
                        return
                    }
                    throw JSONSyntaxError(offset: element.lowerBound + max(Int(elementError.position) - 1, 0), reason: janssonReason(elementError))
                }
                normaliser.add(json, index: index, raw: UnsafeBufferPointer(start: base, count: element.count), into: &unit)
                json_decref(json)
                index += 1
            }
        } else {
            guard let transactions = json_object_get(json_object_get(root, "body"), "transactions"),
                  transactions.pointee.type == JSON_ARRAY else {
                data.failures.append("\(place): body.transactions is missing or not an array")
                return
            }
            for index in 0..<json_array_size(transactions) {
                normaliser.add(json_array_get(transactions, index), index: index, raw: nil, into: &unit)
            }
        }
        data.append(unit)
    }

    // MARK: - DOM

    /// Decodes a document a plugin built with jansson: an envelope or an array of them.
    public func decode(dom root: UnsafeMutablePointer<json_t>) -> SourceData {
        var result = SourceData()
        let envelopes: [UnsafeMutablePointer<json_t>]
        switch root.pointee.type {
        case JSON_OBJECT: envelopes = [root]
        case JSON_ARRAY: envelopes = (0..<json_array_size(root)).map { json_array_get(root, $0) }
        default:
            result.failures.append("\(origin): expected an envelope object or an array of envelopes")
            return result
        }
        for (n, root) in envelopes.enumerated() {
            let place = envelopes.count == 1 ? origin : "\(origin)[\(n)]"
            var envelope = EnvelopeReader(place: place, sourceIndex: sourceIndex, origin: origin)
            guard let account = envelope.readAccount(root, failures: &result.failures) else { continue }
            guard let transactions = json_object_get(json_object_get(root, "body"), "transactions"),
                  transactions.pointee.type == JSON_ARRAY else {
                result.failures.append("\(place): body.transactions is missing or not an array")
                continue
            }
            var unit = SourceData()
            unit.accounts.append(account)
            unit.documents = 1
            var normaliser = TransactionNormaliser(origin: origin, scale: account.scale)
            for index in 0..<json_array_size(transactions) {
                normaliser.add(json_array_get(transactions, index), index: index, raw: nil, into: &unit)
            }
            result.append(unit)
        }
        return result
    }

    // MARK: - Messages

    func message(at offset: Int, in text: UnsafeBufferPointer<UInt8>, _ reason: String) -> String {
        let (line, column) = lineAndColumn(of: offset, in: text)
        return "\(origin):\(line):\(column): \(reason)"
    }

    /// The non-blank lines of `text` when it is NDJSON: its first line is a complete
    /// `{...}` and more follows. A pretty-printed envelope's first line never ends in `}`.
    private func ndjsonLines(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> [Range<Int>]? {
        var lines: [Range<Int>] = []
        var lineStart = start
        var i = start
        func close(_ end: Int) {
            var a = lineStart, b = end
            while a < b, [0x20, 0x09, 0x0D].contains(text[a]) { a += 1 }
            while b > a, [0x20, 0x09, 0x0D].contains(text[b - 1]) { b -= 1 }
            if a < b { lines.append(a..<b) }
        }
        while i < text.count {
            if text[i] == 0x0A {
                close(i)
                if lines.count == 1 && text[lines[0].upperBound - 1] != UInt8(ascii: "}") { return nil }
                lineStart = i + 1
            }
            i += 1
        }
        close(text.count)
        return lines.count > 1 && text[lines[0].upperBound - 1] == UInt8(ascii: "}") ? lines : nil
    }

    private func describeStart(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): return "a number"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean (or invalid text)"
        case UInt8(ascii: "n"): return "null (or invalid text)"
        default: return "invalid text"
        }
    }
}

/// jansson's message without its own position (txfeed adds file, line and column).
func janssonReason(_ error: json_error_t) -> String {
    var error = error
    let text = withUnsafeBytes(of: &error.text) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
    return text.isEmpty ? "invalid JSON" : text
}
