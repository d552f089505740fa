/// One transaction's fields as ranges of a batch's bytes: what ``HostChannel/emit(_:)`` turns
/// into `txfeed_entry`s, so a reader fills one byte arena a batch and no String per record.
public struct EntryRanges: Sendable {
    /// One of the envelope's date forms (`2024-03-01`, `2024-03-01T08:15:00+01:00`).
    public var date: Range<Int>
    public var vendor: Range<Int>
    /// A plain signed decimal (`-1234.56`).
    public var amount: Range<Int>
    public var id: Range<Int>?
    public var memo: Range<Int>?
    /// Where the record is (`line 17`, `Stmt[0].Ntry[3]`): a reject's path.
    public var location: Range<Int>
    /// The record's own text, for `--rejects`.
    public var raw: Range<Int>?
    public var status: Status

    /// `txfeed_entry.status`.
    public enum Status: Int32, Sendable {
        case booked = 0
        case pending = 1
        /// Listed, but the money never moved: only ``location``, ``raw`` and ``memo`` (why) count.
        case neverMoved = 2
    }

    public var pending: Bool { status == .pending }

    public init(
        date: Range<Int>, vendor: Range<Int>, amount: Range<Int>, id: Range<Int>? = nil, memo: Range<Int>? = nil,
        location: Range<Int>, raw: Range<Int>? = nil, pending: Bool = false
    ) {
        self.init(
            date: date, vendor: vendor, amount: amount, id: id, memo: memo, location: location, raw: raw,
            status: pending ? .pending : .booked)
    }

    public init(
        date: Range<Int>, vendor: Range<Int>, amount: Range<Int>, id: Range<Int>? = nil, memo: Range<Int>? = nil,
        location: Range<Int>, raw: Range<Int>? = nil, status: Status
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

/// Entries and the bytes their ranges point into, filled by a reader and handed over whole.
public struct EntryBatch: Sendable {
    public var bytes: [UInt8] = []
    public var entries: [EntryRanges] = []

    public init() {}

    /// Appends `text` and returns where it is. Inlinable: a reader's inner loop calls it per
    /// field, and unspecialized across modules it copied byte by byte (13% of a CSV run's CPU).
    @inlinable @discardableResult
    public mutating func append(_ text: some Collection<UInt8>) -> Range<Int> {
        let start = bytes.count
        bytes.append(contentsOf: text)
        return start..<bytes.count
    }

    public mutating func append(_ text: String) -> Range<Int> {
        append(text.utf8)
    }

    /// Appends one record given as texts (a reader that holds each field as a String).
    public mutating func append(
        date: String, vendor: String, amount: String, id: String?, memo: String?, location: String,
        raw: String? = nil, pending: Bool
    ) {
        let date = append(date)
        let vendor = append(vendor)
        let amount = append(amount)
        let id = id.map { append($0) }
        let memo = memo.map { append($0) }
        let location = append(location)
        let raw = raw.map { append($0) }
        entries.append(
            EntryRanges(
                date: date, vendor: vendor, amount: amount, id: id, memo: memo, location: location, raw: raw,
                pending: pending))
    }

    /// Appends `line N` without a String per record (a million rows make a million of them).
    public mutating func appendLine(_ line: Int) -> Range<Int> {
        let start = bytes.count
        bytes.append(contentsOf: [UInt8(ascii: "l"), UInt8(ascii: "i"), UInt8(ascii: "n"), UInt8(ascii: "e"), 0x20])
        appendDecimal(line)
        return start..<bytes.count
    }

    /// Appends a non-negative integer's digits.
    public mutating func appendDecimal(_ value: Int) {
        var value = max(value, 0)
        var digits = 1
        var power = 10
        while digits < 19, value >= power {
            digits += 1
            power = power.multipliedReportingOverflow(by: 10).overflow ? Int.max : power * 10
        }
        let end = bytes.count + digits
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        bytes.withUnsafeMutableBufferPointer { out in
            var at = end
            repeat {
                at -= 1
                out[at] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            } while value > 0 && at > end - digits
        }
    }

    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
    }
}
