import MT940Reading
import SourceKit

/// The entries the reader wrote as bytes, handed to the host as SourceKit's batch: the byte
/// arena traded, not copied, and each entry's ranges taken over as they are.
struct MT940WrittenEntries {
    /// What the reader wrote, taken from it; its storage goes back to the reader next time.
    private var texts = MT940EntryTexts()
    private var batch = EntryBatch()

    /// Hands over what the reader holds, if anything; false when the host said stop.
    mutating func emit(from reader: MT940Reader, to stream: inout AccountStream) -> Bool {
        guard !reader.written.entries.isEmpty else { return true }
        reader.takeWritten(&texts)
        swap(&batch.bytes, &texts.bytes)
        defer { swap(&batch.bytes, &texts.bytes) }
        batch.entries.removeAll(keepingCapacity: true)
        for entry in texts.entries {
            batch.entries.append(
                EntryRanges(
                    date: entry.date, vendor: entry.vendor, amount: entry.amount, id: entry.id, memo: entry.memo,
                    location: entry.location, pending: entry.pending))
        }
        return stream.emit(batch)
    }
}
