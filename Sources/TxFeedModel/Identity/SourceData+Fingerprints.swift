import Foundation

extension SourceData {
    /// One ``Fingerprint`` per transaction, in input order, with occurrences counted within this
    /// source: the same account's identical records are `-1`, `-2`… in the order the source gave
    /// them, so reading the same statement again numbers them the same way.
    public func fingerprints() -> [Fingerprint] {
        let hashes = fingerprintHashes()
        // A statement's few rows are counted with `occurrences(ofUnordered:)`'s bitmaps, 4 KiB
        // each at most here: a folder of statements of a hundred rows spent more finding and
        // counting their runs of days than hashing them.
        guard hashes.count > Self.fewRows, isInDayOrder else { return Self.occurrences(ofUnordered: hashes) }
        var result: [Fingerprint] = []
        result.reserveCapacity(hashes.count)
        // Identical records share their day. A large source in date order (either way) has them
        // as neighbours in one run of same-day rows, and a small table per run stays in cache
        // where one table for the whole source would miss it on nearly every row.
        // One table, sized for the longest run and emptied after each, so no run allocates.
        var runs: [Range<Int>] = []
        var start = 0
        while start < transactions.count {
            let day = FingerprintHasher.day(transactions[start].unixSeconds)
            var end = start + 1
            while end < transactions.count && FingerprintHasher.day(transactions[end].unixSeconds) == day { end += 1 }
            runs.append(start..<end)
            start = end
        }
        var counts = FingerprintTable(capacity: runs.map { $0.count }.max() ?? 0)
        for run in runs {
            if run.count == 1 {
                result.append(Fingerprint(hash: hashes[run.lowerBound], occurrence: 1))
            } else {
                countOccurrences(hashes[run], in: &counts, into: &result)
                counts.removeAll()
            }
        }
        return result
    }

    /// Sources of at most this many rows are counted in no order (``fingerprints()``).
    static let fewRows = 4_096

    /// Each hash with its occurrence, the hashes in no order. Most records occur once: a first
    /// pass marks each hash's slot in two small bitmaps (seen, seen again; about a byte a row,
    /// in the cache), and only the hashes whose slot was seen again — every repeated record,
    /// with the few strangers that share its slot — are counted exactly, in order. A million
    /// distinct records were a million inserts into a table of 40 MB, each a cache miss.
    static func occurrences(ofUnordered hashes: [UInt64]) -> [Fingerprint] {
        var bits = 10
        while bits < 26 && 1 << bits < hashes.count * 8 { bits += 1 }
        let shift = UInt64(64 - bits)
        /// The bitmap word of `hash`'s slot, and its bit there.
        func place(_ hash: UInt64) -> (word: Int, bit: UInt64) {
            let slot = Int(hash >> shift)
            return (slot >> 6, UInt64(1) << UInt64(slot & 63))
        }
        var seen = [UInt64](repeating: 0, count: 1 << (bits - 6))
        var again = seen
        // Hashes whose slot was seen before: a repeated slot holds at most twice as many, so
        // the exact table is sized without another pass.
        var sightingsAgain = 0
        for hash in hashes {
            let (word, bit) = place(hash)
            if seen[word] & bit != 0 {
                again[word] |= bit
                sightingsAgain += 1
            } else {
                seen[word] |= bit
            }
        }
        var counts = FingerprintTable(capacity: 2 * sightingsAgain)
        var result: [Fingerprint] = []
        result.reserveCapacity(hashes.count)
        for hash in hashes {
            let (word, bit) = place(hash)
            let occurrence = again[word] & bit != 0 ? counts.increment(Fingerprint(hash: hash, occurrence: 0)) : 1
            result.append(Fingerprint(hash: hash, occurrence: occurrence))
        }
        return result
    }

    /// Appends each hash with its occurrence among the hashes before it in `hashes`.
    private func countOccurrences(
        _ hashes: ArraySlice<UInt64>, in counts: inout FingerprintTable, into result: inout [Fingerprint]
    ) {
        for hash in hashes {
            result.append(Fingerprint(hash: hash, occurrence: counts.increment(Fingerprint(hash: hash, occurrence: 0))))
        }
    }

    /// Whether the days never go back, or never go forward.
    private var isInDayOrder: Bool {
        var rising = true, falling = true
        for i in transactions.indices.dropFirst() {
            let previous = FingerprintHasher.day(transactions[i - 1].unixSeconds),
                day = FingerprintHasher.day(transactions[i].unixSeconds)
            if day < previous { rising = false }
            if day > previous { falling = false }
            if !rising && !falling { return false }
        }
        return true
    }

    /// ``FingerprintHasher``'s hash of every row, in order. A large source is hashed in one
    /// contiguous chunk per core: the sources have finished, so the cores are free, and each
    /// chunk writes its own region, so the result does not depend on the number of cores.
    func fingerprintHashes() -> [UInt64] {
        let count = transactions.count
        let chunks = count >= 100_000 ? max(1, min(ProcessInfo.processInfo.activeProcessorCount, 16)) : 1
        let size = (count + chunks - 1) / chunks
        // Borrowed where they lie, by index: mapped, even through a buffer pointer, each account
        // was copied, its strings retained (a million accounts: 5% of the merge).
        let accountStates = accounts.withUnsafeBufferPointer { accounts in
            [UInt64](unsafeUninitializedCapacity: accounts.count) { states, initialized in
                for n in accounts.indices { states[n] = FingerprintHasher.accountState(of: accounts[n]) }
                initialized = accounts.count
            }
        }
        return [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
            let out = WorkerShared(buffer)
            let work: @Sendable (Int) -> Void = { n in
                let rows = min(count, n * size)..<min(count, (n + 1) * size)
                hashRows(rows, accountStates: accountStates, into: out.value)
            }
            if chunks == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: chunks, execute: work) }
            initialized = count
        }
    }

    private func hashRows(
        _ rows: Range<Int>, accountStates: [UInt64], into out: UnsafeMutableBufferPointer<UInt64>
    ) {
        let names = vendors.storage.span, offsets = vendors.offsets
        for i in rows {
            let t = transactions[i]
            let vendor = Int(t.vendor)
            let name = names.extracting(offsets[vendor]..<offsets[vendor + 1])
            let state = accountStates[Int(t.account)]
            if t.details != Transaction.noDetails, let memo = details[Int(t.details)].memo {
                out[i] = FingerprintHasher.hash(
                    accountState: state, unixSeconds: t.unixSeconds, signedMinor: t.signedMinor, vendor: name,
                    memo: memo.utf8.span)
            } else {
                out[i] = FingerprintHasher.hash(
                    accountState: state, unixSeconds: t.unixSeconds, signedMinor: t.signedMinor, vendor: name,
                    memo: Span())
            }
        }
    }
}
