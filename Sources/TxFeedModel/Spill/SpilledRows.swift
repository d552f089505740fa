/// A spilled feed's rows: a k-way merge of its runs, newest first, ties in source order, then
/// input order, exactly as the in-memory sort orders them.
///
/// Fingerprints are finished here. A run holds each record's hash, but its occurrence counts
/// the identical records before it in its *source*, which may be in another run. Identical
/// records share their day, and the merge gives each day's records together, so one day at a
/// time is gathered, numbered in source and input order, and handed out in merge order.
///
/// A class: its readers' buffers are large, and a struct inside ``FeedRows`` would be copied
/// on every row.
@usableFromInline
final class SpilledRows {
    private let feed: SpilledFeed
    private let readers: [SpillRunReader]
    private var heads: [SpillRecord?]
    /// Reader indices by ``precedes(_:_:)``.
    private var heap = IndexHeap()
    /// Only this account's rows (the text sink's), or all.
    private let account: UInt32?
    /// The day being handed out, in merge order, with each record's source and occurrence.
    private var day: [(record: SpillRecord, source: Int, occurrence: UInt32)] = []
    private var handed = 0
    /// Counts per (hash, source) for one day; room for ``countsCapacity`` keys, grown for a
    /// busier day.
    private var counts = FingerprintTable(capacity: 1 << 12)
    private var countsCapacity = 1 << 12

    init(_ feed: SpilledFeed, account: UInt32? = nil) {
        self.feed = feed
        self.account = account
        readers = feed.runs.map { SpillRunReader($0, bufferSize: feed.readSize) }
        heads = Array(repeating: nil, count: readers.count)
        primed = false
    }

    private var primed: Bool

    @usableFromInline
    func next() throws(FeedReadError) -> FeedRow? {
        if !primed {
            primed = true
            for i in readers.indices {
                heads[i] = try readers[i].next()
                if heads[i] != nil { heap.push(i, by: precedes) }
            }
        }
        while true {
            if handed < day.count {
                let entry = day[handed]
                handed += 1
                var t = entry.record.transaction
                t.account += feed.accountBases[entry.source]
                if let account, t.account != account { continue }
                t.vendor = feed.vendorMaps[entry.source][Int(t.vendor)]
                return FeedRow(
                    transaction: t, fingerprint: Fingerprint(hash: entry.record.hash, occurrence: entry.occurrence),
                    details: entry.record.details)
            }
            guard try gatherDay() else { return nil }
        }
    }

    /// Takes the next day's records off the merge and numbers their fingerprints.
    private func gatherDay() throws(FeedReadError) -> Bool {
        day.removeAll(keepingCapacity: true)
        handed = 0
        guard let first = heap.top, let record = heads[first] else { return false }
        let today = FingerprintHasher.day(record.transaction.unixSeconds)
        while let top = heap.top, let head = heads[top],
            FingerprintHasher.day(head.transaction.unixSeconds) == today
        {
            day.append((head, Int(head.source), 0))
            heads[top] = try readers[top].next()
            if heads[top] == nil { heap.popTop(by: precedes) } else { heap.topChanged(by: precedes) }
        }
        // Occurrences in each source's input order; a source's hash is keyed with its index.
        var order = Array(day.indices)
        order.sort { a, b in
            day[a].source != day[b].source
                ? day[a].source < day[b].source : day[a].record.position < day[b].record.position
        }
        if day.count > countsCapacity {
            countsCapacity = day.count
            counts = FingerprintTable(capacity: countsCapacity)
        }
        for i in order {
            day[i].occurrence = counts.increment(
                Fingerprint(hash: day[i].record.hash, occurrence: UInt32(truncatingIfNeeded: day[i].source)))
        }
        counts.removeAll()
        return true
    }

    // MARK: Merge order

    /// Newest first, then the lower source, then the earlier record of that source.
    private func precedes(_ a: Int, _ b: Int) -> Bool {
        let x = heads[a]!, y = heads[b]!
        if x.transaction.unixSeconds != y.transaction.unixSeconds {
            return x.transaction.unixSeconds > y.transaction.unixSeconds
        }
        return x.source != y.source ? x.source < y.source : x.position < y.position
    }
}
