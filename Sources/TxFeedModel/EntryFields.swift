/// A transaction as plain fields, before the host has checked any of them: what a plugin hands
/// over with `emit_entries` (a CSV row, an OFX STMTTRN) instead of JSON for the host to parse.
///
/// Every buffer is borrowed for the call that carries it; nil is a field the plugin left out.
public struct EntryFields {
    /// One of the envelope's date forms.
    public var date: UnsafeBufferPointer<UInt8>?
    public var vendor: UnsafeBufferPointer<UInt8>?
    /// A plain signed decimal: `-1234.56`. The sign makes it a debit.
    public var amount: UnsafeBufferPointer<UInt8>?
    public var id: UnsafeBufferPointer<UInt8>?
    public var memo: UnsafeBufferPointer<UInt8>?
    /// Where the record is in its file (`line 17`): a reject's path.
    public var location: UnsafeBufferPointer<UInt8>?
    /// The record as it came, for `--rejects`.
    public var raw: UnsafeBufferPointer<UInt8>?
    public var status: Status

    /// `txfeed_entry.status`.
    public enum Status: Equatable, Sendable {
        case booked, pending
        /// Listed, but its money never moved (declined, reverted): left out, never a reject.
        case neverMoved
        /// A value this host does not know: the entry is rejected.
        case unknown(Int32)
    }

    public var isPending: Bool { status == .pending }

    public init(
        date: UnsafeBufferPointer<UInt8>?, vendor: UnsafeBufferPointer<UInt8>?, amount: UnsafeBufferPointer<UInt8>?,
        id: UnsafeBufferPointer<UInt8>? = nil, memo: UnsafeBufferPointer<UInt8>? = nil,
        location: UnsafeBufferPointer<UInt8>? = nil, raw: UnsafeBufferPointer<UInt8>? = nil, status: Status = .booked
    ) {
        self.date = date
        self.vendor = vendor
        self.amount = amount
        self.id = id
        self.memo = memo
        self.location = location
        self.raw = raw
        self.status = status
    }
}
