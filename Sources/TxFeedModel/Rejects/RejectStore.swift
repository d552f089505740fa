import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The run's rejected records, from every source's collector until the summary and
/// `--rejects` read them: held to a memory budget whatever their number.
///
/// Each reject is counted; the first few (``shownCount``, in source then input order) keep
/// their origin, path and reason for the summary; with `--rejects` (``keepsLines``) each becomes
/// its NDJSON line as it is taken, on the source's thread, and the lines wait in memory up to
/// ``memory`` bytes, then in one ``TemporaryFile`` shared by every source. ``forEachBlock(_:)``
/// gives them back in source order, each source's in input order. Without `--rejects` the
/// records themselves are dropped as they arrive: only the count and the first few are ever
/// shown.
///
/// An open account's rejects are taken as *pending* (a plugin host child sends a long account
/// up before it ends): they follow what the source commits meanwhile, and leave no trace when
/// the account fails (``withdraw(source:)``).
public final class RejectStore: Sendable {
    /// How many rejects the summary names one by one; it counts the rest.
    public static let shownCount = 10

    /// Whether each reject's line is kept for `--rejects`.
    public let keepsLines: Bool
    /// Bytes of lines held in memory before they go to the temporary file.
    public let memory: Int
    /// Where the temporary file goes (`--temp-dir`).
    public let directory: String
    private let state = Mutex(State())

    private struct State {
        var count = 0
        /// At most ``shownCount``, in source then input order.
        var shown: [Shown] = []
        /// Per source, the first of its open account's, numbered within the account: they
        /// join ``shown`` only once it ends well.
        var shownPending: [Int: [Shown]] = [:]
        var committed: [Int: Lines] = [:]
        /// Per source, the lines of its open account.
        var pending: [Int: Lines] = [:]
        /// Bytes of lines in memory, pending ones included.
        var held = 0
        var file: Int32 = -1
        var fileSize = 0
        var error: SpillError?
    }

    /// One source's lines in order: the ranges of the temporary file, then those in memory.
    private struct Lines {
        var placed: [Range<Int>] = []
        var tail: [UInt8] = []
        var count = 0
    }

    private struct Shown {
        var source: Int
        /// Its place among the source's rejects (a pending one's, among its account's).
        var ordinal: Int
        var reject: Reject
    }

    /// - Parameters:
    ///   - keepsLines: whether `--rejects` will write every reject; without it only the count
    ///     and the first few are kept.
    ///   - memory: bytes of lines to keep in memory (a share of `--memory`); past it they go to
    ///     a temporary file.
    ///   - directory: where that file goes (`--temp-dir`).
    public init(keepsLines: Bool = true, memory: Int = .max, directory: String = "/tmp") {
        self.keepsLines = keepsLines
        self.memory = memory
        self.directory = directory
    }

    /// The share of a `--memory` budget the lines wait in: a sixteenth, at most 4 MiB (rejects
    /// are few in a good run, and written at the end in one pass), at least 64 KiB.
    public static func memory(within budget: Int) -> Int {
        min(4 << 20, max(64 << 10, budget / 16))
    }

    deinit {
        let file = state.withLock { $0.file }
        if file >= 0 { close(file) }
    }

    /// Rejects taken, pending ones included.
    public var count: Int { state.withLock { $0.count } }

    /// The first ``shownCount`` rejects, in source then input order (without their records).
    public var first: [(source: Int, reject: Reject)] {
        state.withLock { $0.shown.map { ($0.source, $0.reject) } }
    }

    /// Moves `data`'s rejects into the store, counting them in its ``SourceData/rejectsTaken``.
    /// - Parameters:
    ///   - source: the source's index: lines are given back in this order.
    ///   - name: the source's name, which each line carries.
    ///   - pending: whether `data` is an account still open (``withdraw(source:)``).
    public func take(from data: inout SourceData, source: Int, name: String, pending: Bool = false) {
        guard !data.rejects.isEmpty else { return }
        add(data.rejects, source: source, name: name, pending: pending)
        data.rejectsTaken += data.rejects.count
        data.rejects = []
    }

    /// Adds `rejects` after the source's earlier ones.
    public func add(_ rejects: [Reject], source: Int, name: String, pending: Bool = false) {
        guard !rejects.isEmpty else { return }
        // Encoded on the source's thread, outside the lock every source shares.
        var encoded: [UInt8] = []
        if keepsLines { for reject in rejects { reject.appendLine(source: name, to: &encoded) } }
        state.withLock { s in
            s.count += rejects.count
            if pending {
                Self.offer(
                    rejects, source: source, from: s.pending[source]?.count ?? 0,
                    to: &s.shownPending[source, default: []])
                s.pending[source, default: Lines()].count += rejects.count
            } else {
                Self.offer(rejects, source: source, from: s.committed[source]?.count ?? 0, to: &s.shown)
                s.committed[source, default: Lines()].count += rejects.count
            }
            guard keepsLines, s.error == nil else { return }
            if pending {
                s.pending[source]!.tail += encoded
            } else {
                s.committed[source]!.tail += encoded
            }
            s.held += encoded.count
            if s.held > memory { place(&s) }
        }
    }

    /// The rejects still in `outcomes`' data (a source whose collector had no store), after
    /// each source's taken ones.
    public func add(_ outcomes: [SourceOutcome]) {
        for (source, outcome) in outcomes.enumerated() where !outcome.data.rejects.isEmpty {
            add(outcome.data.rejects, source: source, name: outcome.report.name)
        }
    }

    /// The source's open account ended well: its rejects follow what the source committed.
    public func commitPending(source: Int) {
        state.withLock { s in
            guard let lines = s.pending.removeValue(forKey: source) else { return }
            var committed = s.committed.removeValue(forKey: source) ?? Lines()
            for var shown in s.shownPending.removeValue(forKey: source) ?? [] {
                shown.ordinal += committed.count
                Self.offer(shown, to: &s.shown)
            }
            if !committed.tail.isEmpty && !lines.placed.isEmpty {
                // The committed lines in memory come first: they go to the file before the
                // account's placed ones are listed after them.
                place(&committed, in: &s)
            }
            committed.placed += lines.placed
            committed.tail += lines.tail
            committed.count += lines.count
            s.committed[source] = committed
        }
    }

    /// The source's open account failed or never ended: its rejects are dropped.
    public func withdraw(source: Int) {
        state.withLock { s in
            guard let lines = s.pending.removeValue(forKey: source) else { return }
            s.count -= lines.count
            s.held -= lines.tail.count
            s.shownPending[source] = nil
        }
    }

    /// Every committed line, in source order, in blocks; a pending account's are not lines.
    /// - Throws: ``SpillError`` when the temporary file could not be written or read back.
    public func forEachBlock(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        let s = state.withLock { $0 }
        if let error = s.error { throw error }
        var buffer: UnsafeMutableRawBufferPointer?
        defer { buffer?.deallocate() }
        for source in s.committed.keys.sorted() {
            let lines = s.committed[source]!
            for range in lines.placed {
                let block = buffer ?? .allocate(byteCount: 1 << 20, alignment: 16)
                buffer = block
                var offset = range.lowerBound
                while offset < range.upperBound {
                    let wanted = UnsafeMutableRawBufferPointer(
                        rebasing: block[..<min(block.count, range.upperBound - offset)])
                    guard case .success(let n) = Descriptor.fill(s.file, wanted, at: offset), n == wanted.count
                    else { throw SpillError("cannot read back the rejects' temporary file in \(directory)") }
                    try body(UnsafeRawBufferPointer(wanted))
                    offset += n
                }
            }
            try lines.tail.withUnsafeBytes { try body($0) }
        }
    }

    // MARK: The first few

    /// Keeps `rejects` among the first ``shownCount`` when they belong there, without records.
    private static func offer(_ rejects: [Reject], source: Int, from ordinal: Int, to shown: inout [Shown]) {
        for (i, reject) in rejects.enumerated() {
            var kept = reject
            kept.raw = []
            guard offer(Shown(source: source, ordinal: ordinal + i, reject: kept), to: &shown) else { return }
        }
    }

    /// Whether `candidate` is among the first: those after it can only come later still.
    @discardableResult
    private static func offer(_ candidate: Shown, to shown: inout [Shown]) -> Bool {
        let key = (candidate.source, candidate.ordinal)
        if shown.count == shownCount, let last = shown.last, key >= (last.source, last.ordinal) { return false }
        let at = shown.firstIndex { key < ($0.source, $0.ordinal) } ?? shown.count
        shown.insert(candidate, at: at)
        if shown.count > shownCount { shown.removeLast() }
        return true
    }

    // MARK: The temporary file

    /// Moves every line in memory to the file, each source's after its earlier ones.
    private func place(_ s: inout State) {
        for source in Array(s.committed.keys) where !s.committed[source]!.tail.isEmpty {
            var lines = s.committed.removeValue(forKey: source)!
            place(&lines, in: &s)
            s.committed[source] = lines
        }
        for source in Array(s.pending.keys) where !s.pending[source]!.tail.isEmpty {
            var lines = s.pending.removeValue(forKey: source)!
            place(&lines, in: &s)
            s.pending[source] = lines
        }
    }

    private func place(_ lines: inout Lines, in s: inout State) {
        defer {
            s.held -= lines.tail.count
            lines.tail = []
        }
        guard s.error == nil else { return }
        do {
            if s.file < 0 { s.file = try TemporaryFile.create(in: directory) }
            try TemporaryFile.write(s.file, lines.tail, in: directory)
        } catch {
            s.error = error
            return
        }
        let range = s.fileSize..<(s.fileSize + lines.tail.count)
        s.fileSize = range.upperBound
        if let last = lines.placed.last, last.upperBound == range.lowerBound {
            lines.placed[lines.placed.count - 1] = last.lowerBound..<range.upperBound
        } else {
            lines.placed.append(range)
        }
    }
}
