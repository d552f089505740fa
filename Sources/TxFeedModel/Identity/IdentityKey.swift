/// A transaction's identity as one 64-bit number: the form `--state` remembers it in, so that a
/// million remembered records cost a few bytes each (docs/STATE.md).
public enum IdentityKey {
    /// What a remembered key stands for. A record with a bank id is remembered twice, by its
    /// bank id and by its fingerprint, so that a later statement of the same account without
    /// bank ids still finds it.
    public enum Kind: Int64, Sendable {
        /// The fingerprint of a record without a bank id.
        case fingerprint = 0
        /// The fingerprint of a record that has a bank id.
        case fingerprintOfBankRecord = 1
        /// A bank id.
        case bankID = 2
        /// The day and signed amount of a booked record, with its occurrence among the
        /// account's records of that day and amount (``Feed/moneyKeys(accountNumbers:)``): no
        /// identity, but how a record read otherwise is known as that money again.
        case money = 3
    }

    /// FNV-1a 64 continued from the fingerprint's hash over its occurrence (4 bytes
    /// little-endian), as a signed integer, the way SQLite stores it.
    public static func of(_ fingerprint: Fingerprint) -> Int64 {
        Int64(bitPattern: FingerprintHasher.length(Int(fingerprint.occurrence), fingerprint.hash))
    }

    /// FNV-1a 64 over `b`, the id's length (4 bytes little-endian) and its UTF-8 bytes.
    public static func of(bankID: String) -> Int64 {
        let hash = FingerprintHasher.bytes(
            bankID.utf8.span, FingerprintHasher.byte(UInt8(ascii: "b"), FingerprintHasher.offsetBasis))
        return Int64(bitPattern: hash)
    }

    /// FNV-1a 64 over `m`, the day (days since 1970-01-01) and the signed amount in minor units
    /// (each 8 bytes little-endian), and the occurrence (4 bytes little-endian).
    public static func ofMoney(day: Int64, signedMinor: Int64, occurrence: Int) -> Int64 {
        ofMoney(state: moneyState(day: day, signedMinor: signedMinor), occurrence: occurrence)
    }

    /// ``ofMoney(day:signedMinor:occurrence:)`` from the hash before the occurrence.
    static func ofMoney(state: UInt64, occurrence: Int) -> Int64 {
        Int64(bitPattern: FingerprintHasher.length(occurrence, state))
    }

    /// The money key's hash before its occurrence: the same for every record of the day and amount.
    static func moneyState(day: Int64, signedMinor: Int64) -> UInt64 {
        var h = FingerprintHasher.byte(UInt8(ascii: "m"), FingerprintHasher.offsetBasis)
        h = FingerprintHasher.word(UInt64(bitPattern: day), h)
        return FingerprintHasher.word(UInt64(bitPattern: signedMinor), h)
    }

    /// The key and kind a record id as the sinks write it stands for: `fp:` and 16 hex digits,
    /// `-` and an occurrence is a fingerprint's (of a record without a bank id); anything else
    /// a bank id.
    public static func of(recordID id: String) -> (key: Int64, kind: Kind) {
        if id.hasPrefix("fp:"), let dash = id.lastIndex(of: "-"),
            let hash = UInt64(id[id.index(id.startIndex, offsetBy: 3)..<dash], radix: 16),
            let occurrence = UInt32(id[id.index(after: dash)...])
        {
            return (of(Fingerprint(hash: hash, occurrence: occurrence)), .fingerprint)
        }
        return (of(bankID: id), .bankID)
    }

    /// The key of an account in the state file: `i` and its id, or `n` and its name when it has
    /// none — the same choice the fingerprint makes.
    public static func accountKey(of account: Account) -> String {
        var key: [UInt8] = []
        appendAccountKey(of: account, to: &key)
        return String(decoding: key, as: UTF8.self)
    }

    /// ``accountKey(of:)``'s bytes after `key`'s: a million accounts numbered without a String of each.
    public static func appendAccountKey(of account: Account, to key: inout [UInt8]) {
        let text: Account.Text = account.has(.id) ? .id : .name
        key.append(text == .id ? UInt8(ascii: "i") : UInt8(ascii: "n"))
        account.withBytes(of: text) { key.append($0) }
    }
}
