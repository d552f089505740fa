import TxFeedModel

/// `--shard I/N`: the I-th of N parts of a run's sources (I from 0), for running one batch as N
/// jobs under a job runner and combining the parts with `txfeed merge` (docs/SHARDS.md).
///
/// A source belongs to the part its name hashes to, FNV-1a 64 modulo N: a file stays in its
/// part when others are added or removed, so a re-run of one part redoes the same files.
public struct Shard: Sendable, Equatable {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `I/N` with 0 ≤ I < N.
    public init(parsing text: String) throws(UsageError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, index >= 0,
            index < count
        else {
            throw UsageError("--shard: '\(text)' is not I/N with 0 <= I < N (the first of four is 0/4)")
        }
        self.init(index: index, count: count)
    }

    /// Whether the source named `name` is in this part.
    public func contains(sourceNamed name: String) -> Bool {
        Int(FNV1a.hash(name) % UInt64(count)) == index
    }
}
