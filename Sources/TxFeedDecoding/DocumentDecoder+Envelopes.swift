import Dispatch
import Synchronization
import TxFeedModel

extension DocumentDecoder {
    /// Texts smaller than this are decoded on one thread: handing out work costs more.
    static let parallelTextBytes = 1 << 20

    /// What one run of envelopes left: its data, and for one JSON text the first error in it.
    struct EnvelopeRun: Sendable {
        var data = SourceData()
        var error: (offset: Int, message: String)?
    }

    /// Decodes each range of `text` as one envelope, in contiguous runs on up to ``threads``
    /// threads (NDJSON of ten thousand small statements would otherwise use one core), and
    /// returns the runs in order, so the result never depends on the thread count.
    ///
    /// - Parameters:
    ///   - independent: each range is its own document, an NDJSON line, whose failure loses only
    ///     itself; otherwise they are the elements of one JSON text, and a run stops at its
    ///     first error (the caller fails the whole text with the earliest).
    ///   - handOver: for independent documents: each run's data, in order, as soon as it and
    ///     every run before it are decoded (nothing is returned). A large text is then cut in
    ///     runs of about ``handOverBytes`` bytes, so that a plugin host child sends the first while
    ///     the rest are decoded: a million one-record lines were joined into one 200 MB chunk,
    ///     sent and decoded by txfeed while every other core waited.
    func decodeEnvelopes(
        _ ranges: [Range<Int>], in text: UnsafeBufferPointer<UInt8>, independent: Bool,
        handOver: (@Sendable (SourceData) -> Void)? = nil
    ) -> [EnvelopeRun] {
        // The elements of one text fail together: none may leave before all are read.
        precondition(independent || handOver == nil, "only independent documents are handed over as read")
        let parallel = text.count >= Self.parallelTextBytes && ranges.count >= 2
        let workers = parallel ? max(1, min(threads, 64, ranges.count)) : 1
        let runs = handOver != nil && parallel ? max(workers, min(ranges.count, text.count / handOverBytes)) : workers
        let size = (ranges.count + runs - 1) / runs
        let results = Mutex(RunsInOrder(count: runs))
        let nextRun = Atomic<Int>(0)
        let shared = WorkerShared(text)
        // Each worker takes the next run not yet taken, so runs end about in order.
        let work: @Sendable (Int) -> Void = { _ in
            let text = shared.value
            let positions = TextPositions(text, part: part)
            let scanner = JSONScanner(text)
            while case let n = nextRun.wrappingAdd(1, ordering: .relaxed).oldValue, n < runs {
                var run = EnvelopeRun()
                for range in ranges[min(n * size, ranges.count)..<min((n + 1) * size, ranges.count)] {
                    if let failure = decodeEnvelope(
                        range, in: text, positions: positions, scanner: scanner, alone: independent, into: &run.data)
                    {
                        if independent {
                            run.data.failures.append(failure.message)
                        } else {
                            run.error = (failure.offset, failure.message)
                        }
                    }
                    if run.error != nil { break }
                }
                guard let handOver else {
                    results.withLock { $0.runs[n] = run }
                    continue
                }
                var ready = results.withLock { $0.finished(n, run) }
                while let data = ready {
                    handOver(data)
                    ready = results.withLock { $0.takeNext() }
                }
            }
        }
        if workers == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: work) }
        return handOver == nil ? results.withLock { $0.runs.map { $0 ?? EnvelopeRun() } } : []
    }

    /// The runs of ``decodeEnvelopes(_:in:independent:handOver:)``, and which is to be handed
    /// over next: the thread that finds it ready hands it over, and the ones after it that are,
    /// while the others decode on.
    struct RunsInOrder {
        var runs: [EnvelopeRun?]
        var next = 0
        /// A thread is handing runs over: the others only leave theirs.
        var handing = false

        init(count: Int) { runs = Array(repeating: nil, count: count) }

        /// Leaves run `n`; the next run's data when this thread is now to hand it over.
        mutating func finished(_ n: Int, _ run: EnvelopeRun) -> SourceData? {
            runs[n] = run
            guard !handing else { return nil }
            handing = true
            return takeNext()
        }

        /// The next run's data, if it is ready; else the handing over stops here.
        mutating func takeNext() -> SourceData? {
            guard next < runs.count, let run = runs[next] else {
                handing = false
                return nil
            }
            runs[next] = nil
            next += 1
            return run.data
        }
    }
}

extension DocumentDecoder {
    /// Why an envelope failed: where, and the message that names it.
    struct EnvelopeFailure: Error {
        var offset: Int
        var message: String
    }

    /// One envelope at `range`, decoded after what `data` holds; a failing envelope leaves
    /// nothing of itself behind.
    /// - Parameters:
    ///   - alone: the range is a whole document (an NDJSON line), so nothing may follow the
    ///     envelope in it.
    /// - Returns: why it failed, or nil.
    func decodeEnvelope(
        _ range: Range<Int>, in text: UnsafeBufferPointer<UInt8>, positions: TextPositions?, scanner: JSONScanner,
        alone: Bool, into data: inout SourceData
    ) -> EnvelopeFailure? {
        if alone, range.count <= Self.plainEnvelopeBytes, decodePlainEnvelope(range, in: text, into: &data) {
            return nil
        }
        let mark = data.mark
        do {
            let valueEnd = try decodeEnvelope(
                at: range.lowerBound, limit: range.upperBound, in: text, positions: positions, into: &data)
            let rest = scanner.skipWhitespace(from: valueEnd, to: range.upperBound)
            if alone && rest < range.upperBound {
                throw JSONSyntaxError.trailing(at: rest, in: text, after: "the envelope")
            }
            return nil
        } catch {
            data.truncate(to: mark)
            return EnvelopeFailure(
                offset: (error as? JSONSyntaxError)?.offset ?? range.lowerBound,
                message: describe(error, in: text, positions: positions))
        }
    }
}

extension DocumentDecoder {
    /// Envelopes up to this size are first read whole from ``EnvelopeHead``'s nodes: a
    /// million one-record NDJSON documents each scanned their text, copied and parsed its head,
    /// then parsed their record apart.
    static let plainEnvelopeBytes = 4096

    /// A small envelope that is a whole document, read in one parse when it is plain JSON and
    /// every record passes every check: the account and records it adds are those the full path
    /// adds. False, leaving `data` as it was, for anything else (a reject, a failure, what the
    /// head declines, `--duplicates`' places): the full path then reads it, with its messages.
    func decodePlainEnvelope(_ range: Range<Int>, in text: UnsafeBufferPointer<UInt8>, into data: inout SourceData)
        -> Bool
    {
        guard !keepsLocations else { return false }
        // Out of `self` before the closure: one that captured the decoder copied it (its origin,
        // its progress closure) for every document.
        let reader = EnvelopeReader(sourceIndex: sourceIndex, origin: origin)
        return EnvelopeHead.read(UnsafeBufferPointer(rebasing: text[range])) { head in
            guard let head else { return false }
            return head.withRoot { root in
                var failures: [String] = []
                guard let account = reader.readAccount(root, place: "", failures: &failures),
                    let list = root.member("body")?.member("transactions")
                else { return false }
                let mark = data.mark
                let scale = account.scale
                data.accounts.append(account)
                data.documents += 1
                let owner = UInt32(data.accounts.count - 1)
                var plain = true
                list.forEachElement { element in
                    guard plain else { return }
                    if let t = TransactionNormaliser.transaction(
                        plain: element, scale: scale, location: nil, account: owner, vendors: &data.vendors,
                        details: &data.details)
                    {
                        data.transactions.append(t)
                    } else {
                        plain = false
                    }
                }
                if !plain { data.truncate(to: mark) }
                return plain
            }
        }
    }
}
