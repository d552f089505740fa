import MT940Reading
import SourceKit
import StatementText

/// The entries the reader wrote as bytes, handed to the host as SourceKit's batch: the byte
/// arena and the entries' ranges traded, not copied.
struct MT940WrittenEntries {
    /// What the reader wrote, taken from it; its storage goes back to the reader next time.
    private var texts = MT940EntryTexts()
    private var batch = EntryBatch()

    /// Hands over what the reader holds, if anything; false when the host said stop.
    mutating func emit(from reader: MT940Reader, to stream: inout AccountStream) -> Bool {
        guard !reader.written.entries.isEmpty else { return true }
        reader.takeWritten(&texts)
        swap(&batch.bytes, &texts.bytes)
        swap(&batch.entries, &texts.entries)
        defer {
            swap(&batch.bytes, &texts.bytes)
            swap(&batch.entries, &texts.entries)
        }
        return stream.emit(batch)
    }
}
