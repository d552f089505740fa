import Synchronization

/// Sources sent to one child at once, in the order it runs them: the first is under way (its
/// thread follows it), the others wait their turn in the child. A source that takes long has
/// those behind it given back (``withdrawWaiting()``), so a slow fetch does not hold up a share
/// of small files that other children could run.
final class SentShare: Sendable {
    let child: PluginChild
    /// Not yet done here; the first is the one followed.
    private let jobs: Mutex<[SourceJob]>
    private let withdrawing = Atomic<Bool>(false)

    private init(child: PluginChild, jobs: [SourceJob]) {
        self.child = child
        self.jobs = Mutex(jobs)
    }

    /// Sends `jobs` to `child` at once and hands the first its turn; those cancelled while
    /// waiting are not sent.
    static func send(_ jobs: [SourceJob], to child: PluginChild, pool: PluginChildPool) {
        var sending: [SourceJob] = []
        for job in jobs {
            if let events = job.events, events.isCancelled {
                job.finish(.failed("not started: the timeout struck while it waited for its plugin's process"))
            } else {
                child.expect(job.request.index, job.request.name)
                sending.append(job)
            }
        }
        // One write for the share's requests.
        let count = child.control.send(.run, each: sending) { job, w in job.request.encode(into: &w) }
        let sent = Array(sending[..<count])
        let unsent = Array(sending[count...])
        // The child is gone if a request could not be sent: the sent ones learn it as they
        // follow; the rest go back in line.
        pool.queue.requeue(unsent)
        if let first = sent.first {
            first.follow(SentShare(child: child, jobs: sent))
        } else if unsent.isEmpty {
            pool.release(child)
        } else {
            child.finish(grace: 0)
        }
    }

    /// Follows the first job to its end, then hands the child on to the next job's thread (or
    /// back to the pool). When the child is lost, the jobs after it never began: they go back
    /// in line.
    func followTurn(pool: PluginChildPool) {
        guard let job = jobs.withLock({ $0.first }) else { return }
        let (ending, kept) = job.source.follow(job, in: self)
        let rest = jobs.withLock { jobs in
            if jobs.first === job { jobs.removeFirst() }
            return jobs
        }
        if let ending { job.finish(ending) }
        if !kept {
            jobs.withLock { $0 = [] }
            pool.queue.requeue(rest)
        } else if let next = rest.first {
            next.follow(self)
        } else {
            pool.release(child)
        }
    }

    /// Asks the child to give back every source behind the one under way (once).
    func withdrawWaiting() {
        let waiting = jobs.withLock { Array($0.dropFirst()) }
        guard !waiting.isEmpty, !withdrawing.exchange(true, ordering: .relaxed) else { return }
        child.control.send(.withdraw) { w in
            w.integer(UInt32(waiting.count))
            for job in waiting { w.integer(UInt32(job.request.index)) }
        }
    }

    /// The child's answer for one source: given back, it leaves the share for the line again.
    /// Returns that source.
    func withdrawn(_ index: Int, given: Bool, queue: SourceQueue) -> SourceJob? {
        guard given else { return nil }
        let job = jobs.withLock { jobs -> SourceJob? in
            guard let at = jobs.firstIndex(where: { $0.request.index == index }) else { return nil }
            return jobs.remove(at: at)
        }
        if let job { queue.requeue([job]) }
        return job
    }
}
