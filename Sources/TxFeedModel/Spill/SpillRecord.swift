/// One transaction in a run file: the 32-byte record as it is in memory, its fingerprint hash
/// (so the merge never needs the vendor and memo strings to hash), its position among its
/// source's records and its source (the tie-breaks), then its bank id and memo only when it
/// has either.
///
/// ```
/// transaction (32 bytes; `details` 1 when strings follow, else 0) | hash (8) | position (8)
/// | source (4) | 0 (4) [ id length (4, 0xFFFFFFFF for none) | id bytes | memo length (4) | memo bytes ]
/// ```
///
/// Written and read by the same process, so native byte order and layout.
struct SpillRecord {
    var transaction: Transaction
    var hash: UInt64
    var position: UInt64
    var source: UInt32
    var details: TransactionDetails?

    static let fixedSize = 56
    static let none = UInt32.max

    /// Appends the record's bytes to `out`.
    func append(to out: inout [UInt8]) {
        var t = transaction
        t.details = details == nil ? 0 : 1
        withUnsafeBytes(of: &t) { out.append(contentsOf: $0) }
        // Any padding between `size` and the 32-byte stride is written too, so the fields that
        // follow stay where ``read(_:)`` looks for them.
        out.append(contentsOf: repeatElement(0, count: 32 - MemoryLayout<Transaction>.size))
        withUnsafeBytes(of: hash) { out.append(contentsOf: $0) }
        withUnsafeBytes(of: position) { out.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt64(source)) { out.append(contentsOf: $0) }
        guard let details else { return }
        Self.append(details.id, to: &out)
        Self.append(details.memo, to: &out)
    }

    private static func append(_ text: String?, to out: inout [UInt8]) {
        guard var text else {
            withUnsafeBytes(of: none) { out.append(contentsOf: $0) }
            return
        }
        text.withUTF8 { bytes in
            withUnsafeBytes(of: UInt32(bytes.count)) { out.append(contentsOf: $0) }
            out.append(contentsOf: bytes)
        }
    }

    /// The record at the start of `bytes` and its size, or nil when `bytes` holds only part of it.
    static func read(_ bytes: UnsafeRawBufferPointer) -> (record: SpillRecord, size: Int)? {
        guard bytes.count >= fixedSize else { return nil }
        var t = bytes.loadUnaligned(fromByteOffset: 0, as: Transaction.self)
        let hash = bytes.loadUnaligned(fromByteOffset: 32, as: UInt64.self)
        let position = bytes.loadUnaligned(fromByteOffset: 40, as: UInt64.self)
        let source = UInt32(truncatingIfNeeded: bytes.loadUnaligned(fromByteOffset: 48, as: UInt64.self))
        let hasDetails = t.details != 0
        t.details = Transaction.noDetails
        var size = fixedSize
        var details: TransactionDetails?
        if hasDetails {
            guard let id = text(bytes, at: &size), let memo = text(bytes, at: &size) else { return nil }
            details = TransactionDetails(id: id.text, memo: memo.text)
        }
        return (SpillRecord(transaction: t, hash: hash, position: position, source: source, details: details), size)
    }

    /// A length-prefixed text at `offset`, moving past it; nil when it does not fit (read more).
    private static func text(_ bytes: UnsafeRawBufferPointer, at offset: inout Int) -> (text: String?, Void)? {
        guard bytes.count >= offset + 4 else { return nil }
        let length = bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        if length == none {
            offset += 4
            return (nil, ())
        }
        guard bytes.count >= offset + 4 + Int(length) else { return nil }
        let text = String(
            decoding: UnsafeRawBufferPointer(rebasing: bytes[(offset + 4)..<(offset + 4 + Int(length))]), as: UTF8.self)
        offset += 4 + Int(length)
        return (text, ())
    }
}
