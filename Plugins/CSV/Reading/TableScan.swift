/// One tokenizing pass over the whole text: the field-count histogram, and the records at the
/// head (preamble, header) and the tail (summary rows) kept for the layout to look at.
///
/// Nothing per record is stored beyond those few, so a million-row file costs no memory here.
struct TableScan: Sendable {
    /// The most usual field count of 2 or more (ties: the larger) over the lines after `skip`:
    /// the table's width. A given `skip` says those lines are no part of the table, so their
    /// count must not outvote a short table's (a preamble of `key;value;` lines over one row).
    var width = 0
    var head: [CSVRecordSpan] = []
    var tail: [CSVRecordSpan] = []
    var recordCount = 0

    static let kept = 64
    /// Field counts from here up count as one: no bank's table is that wide.
    static let widest = 256

    init(text: CSVBytes, separator: UInt8, skip: Int? = nil) {
        var tokenizer = CSVTokenizer(text: text, separator: separator)
        var fields: [CSVFieldSpan] = []
        var histogram = [Int](repeating: 0, count: Self.widest + 1)
        var ring: [CSVRecordSpan] = []
        ring.reserveCapacity(Self.kept)
        var ringNext = 0
        while let record = tokenizer.next(into: &fields) {
            guard !record.isBlank else { continue }
            recordCount += 1
            if record.line > skip ?? 0 { histogram[min(record.fieldCount, Self.widest)] += 1 }
            if head.count < Self.kept { head.append(record) }
            if ring.count < Self.kept {
                ring.append(record)
            } else {
                ring[ringNext] = record
            }
            ringNext = (ringNext + 1) % Self.kept
        }
        tail = ring.count < Self.kept ? ring : Array(ring[ringNext...] + ring[..<ringNext])
        var best = 0
        for fieldCount in 2..<histogram.count where histogram[fieldCount] > 0 && histogram[fieldCount] >= best {
            best = histogram[fieldCount]
            width = fieldCount
        }
    }
}
