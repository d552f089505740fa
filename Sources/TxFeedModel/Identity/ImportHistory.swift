/// The identities earlier runs imported (`--state`), for the accounts of one merge: a booked
/// record that has one of them is dropped as seen. The state file fills it; the merge asks it,
/// with the same matching rule as `--dedupe` (``Feed/removeDuplicates(history:)``).
///
/// An open-addressing table keyed by (account, identity key): keys are FNV hashes already, so
/// their bits pick the slot.
public struct ImportHistory: Sendable {
    private struct Slot {
        var key: UInt64
        var account: UInt32
        /// Bit `1 << kind` for each ``IdentityKey/Kind`` remembered under this key; 0 = free.
        var kinds: UInt8
        var batch: UInt32
    }

    private var slots: [Slot]
    private var mask: Int
    public private(set) var count = 0
    /// For each of the merge's accounts, the account whose keys answer for it (itself unless
    /// ``answer(for:from:)`` said otherwise): the same account read from many files shares the
    /// first one's keys. Stored once per account instead, a folder of 10,000 statements of one
    /// account held its keys 10,000 times (22 GB, and the run was killed).
    private var owners: [UInt32] = []
    /// Record ids (a bank id, or a fingerprint's `fp:…-N`) a person said are real
    /// (`txfeed state keep`): each is kept once when it would be dropped as seen or duplicate.
    public var keeps: Set<String> = []
    /// The pending records earlier runs remembered and saw booked, by account and identity key
    /// (``PendingMatcher/identityKey(_:_:)``), with the batch that first wrote each: a stale
    /// export that lists one again is seen, not a pending payment beside its booking.
    private var bookedHolds: [HoldKey: Int64] = [:]

    private struct HoldKey: Hashable {
        var account: Int
        var key: Int64
    }

    /// - Parameters:
    ///   - capacity: how many keys will be added (the table never grows past twice that).
    public init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: Slot(key: 0, account: 0, kinds: 0, batch: 0), count: size)
        mask = size - 1
    }

    /// Remembers `key` of `kind` for the merge's account `account`, imported by `batch`.
    public mutating func add(account: Int, key: Int64, kind: IdentityKey.Kind, batch: Int64) {
        if count * 2 >= slots.count { grow() }
        let key = UInt64(bitPattern: key)
        var slot = slot(of: key, account: UInt32(account))
        while slots[slot].kinds != 0 {
            if slots[slot].key == key && slots[slot].account == UInt32(account) {
                slots[slot].kinds |= 1 << UInt8(kind.rawValue)
                return
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Slot(key: key, account: UInt32(account), kinds: 1 << UInt8(kind.rawValue), batch: UInt32(batch))
        count += 1
    }

    /// Remembers that the pending record with identity `key` of the merge's account `account`,
    /// first written by `batch`, was booked.
    public mutating func addBookedHold(account: Int, key: Int64, batch: Int64) {
        bookedHolds[HoldKey(account: account, key: key)] = batch
    }

    /// The batch that first wrote this pending record, when an earlier run saw it booked.
    func bookedHold(account: Int, key: Int64) -> Int64? {
        bookedHolds.isEmpty ? nil : bookedHolds[HoldKey(account: owner(of: account), key: key)]
    }

    /// Makes the keys added for `owner` answer for `account` too: both are one account of the
    /// state file (the same account in two sources).
    public mutating func answer(for account: Int, from owner: Int) {
        if owners.count <= account { owners += (owners.count...account).map { UInt32($0) } }
        owners[account] = UInt32(owner)
    }

    /// The account whose keys answer for `account`.
    @inline(__always)
    private func owner(of account: Int) -> Int {
        account < owners.count ? Int(owners[account]) : account
    }

    /// The batch that imported this record, and whether its bank id (rather than its
    /// fingerprint) is what matched; nil for a record never imported.
    ///
    /// As in `--dedupe`: a bank id matches a remembered bank id, or failing that the fingerprint
    /// of a remembered record without one; a record without a bank id matches any remembered
    /// fingerprint.
    func imported(account: Int, fingerprint: Fingerprint, bankID: String?) -> (batch: Int64, byBankID: Bool)? {
        let account = owner(of: account)
        if let bankID, let found = find(account: account, key: IdentityKey.of(bankID: bankID)),
            found.kinds & (1 << UInt8(IdentityKey.Kind.bankID.rawValue)) != 0
        {
            return (Int64(found.batch), true)
        }
        guard let found = find(account: account, key: IdentityKey.of(fingerprint)) else { return nil }
        let wanted: UInt8 =
            bankID == nil
            ? 1 << UInt8(IdentityKey.Kind.fingerprint.rawValue) | 1
                << UInt8(IdentityKey.Kind.fingerprintOfBankRecord.rawValue)
            : 1 << UInt8(IdentityKey.Kind.fingerprint.rawValue)
        return found.kinds & wanted != 0 ? (Int64(found.batch), false) : nil
    }

    /// Whether an earlier batch imported a record of this fingerprint into `account`.
    func remembers(account: Int, fingerprint: Fingerprint) -> Bool {
        find(account: owner(of: account), key: IdentityKey.of(fingerprint)) != nil
    }

    /// The batch that imported `key` (of any kind) into `account`; nil when none did.
    public func batch(account: Int, key: Int64) -> Int64? {
        find(account: owner(of: account), key: key).map { Int64($0.batch) }
    }

    /// Asks the cache for the slot a later ``imported(account:fingerprint:bankID:)`` of a
    /// record without a bank id probes first.
    func prefetch(account: Int, fingerprint: Fingerprint) {
        let key = UInt64(bitPattern: IdentityKey.of(fingerprint))
        let slot = slot(of: key, account: UInt32(owner(of: account)))
        slots.prefetch(at: slot)
    }

    private func find(account: Int, key: Int64) -> Slot? {
        let key = UInt64(bitPattern: key)
        var slot = slot(of: key, account: UInt32(account))
        while slots[slot].kinds != 0 {
            if slots[slot].key == key && slots[slot].account == UInt32(account) { return slots[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    @inline(__always)
    private func slot(of key: UInt64, account: UInt32) -> Int {
        Int(truncatingIfNeeded: (key ^ (UInt64(account) &* 0x9e37_79b9_7f4a_7c15)) >> 7) & mask
    }

    private mutating func grow() {
        let old = slots.filter { $0.kinds != 0 }
        slots = Array(repeating: Slot(key: 0, account: 0, kinds: 0, batch: 0), count: slots.count * 2)
        mask = slots.count - 1
        for s in old {
            var slot = slot(of: s.key, account: s.account)
            while slots[slot].kinds != 0 { slot = (slot + 1) & mask }
            slots[slot] = s
        }
    }
}
