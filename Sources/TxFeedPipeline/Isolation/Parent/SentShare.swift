import Glibc
import Synchronization

/// Sources sent to one child at once, in the order it runs them: the first is under way (the
/// thread that sent them follows it), the others wait their turn in the child. A source that
/// takes long has those behind it given back (``withdrawWaiting()``), so a slow fetch does not
/// hold up a share of small files that other children could run.
final class SentShare: Sendable {
    let child: PluginChild
    /// Not yet done here; the first is the one followed.
    private let jobs: Mutex<[SourceJob]>
    private let withdrawing = Atomic<Bool>(false)

    private init(child: PluginChild, jobs: [SourceJob]) {
        self.child = child
        self.jobs = Mutex(jobs)
    }

    /// Sends `jobs` to `child` at once and follows each in turn on the calling thread; those
    /// cancelled while waiting are not sent. Returns false when the child was lost (the jobs it
    /// never began are back in line).
    static func run(_ jobs: [SourceJob], on child: PluginChild, pool: PluginChildPool) -> Bool {
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
        let count = child.control.send(.call, each: sending) { job, w in
            w.integer(Call.run.rawValue)
            job.request.encode(into: &w)
        }
        // The child is gone if a request could not be sent: the sent ones learn it as they
        // are followed; the rest go back in line.
        let unsent = Array(sending[count...])
        pool.queue.requeue(unsent)
        let kept = SentShare(child: child, jobs: Array(sending[..<count])).followAll(pool: pool)
        guard kept, unsent.isEmpty else {
            child.finish(grace: 0)
            return false
        }
        return true
    }

    /// Follows each job to its end, in the order the child runs them. When the child is lost,
    /// the jobs after it never began: they go back in line.
    private func followAll(pool: PluginChildPool) -> Bool {
        var following = 0
        while let job = jobs.withLock({ $0.first }) {
            // The child runs the share ahead of this thread, one write a source: when the next
            // one's frames are not here yet, a moment lets a few arrive to be read together
            // (a wake-up every few sources, not one a source).
            if following > 0, !child.data.hasFrame { usleep(Self.gather) }
            following += 1
            job.begin()
            let (ending, kept) = job.source.follow(job, in: self)
            let rest = jobs.withLock { jobs in
                if jobs.first === job { jobs.removeFirst() }
                return jobs
            }
            if let ending { job.finish(ending) }
            if !kept {
                jobs.withLock { $0 = [] }
                pool.queue.requeue(rest)
                return false
            }
        }
        return true
    }

    /// Microseconds a thread waits for a share's next sources' frames to gather.
    static let gather: UInt32 = 2000

    /// Asks the child to give back every source behind the one under way (once).
    func withdrawWaiting() {
        let waiting = jobs.withLock { Array($0.dropFirst()) }
        guard !waiting.isEmpty, !withdrawing.exchange(true, ordering: .relaxed) else { return }
        child.control.send(.stop) { w in
            w.integer(Stop.withdraw.rawValue)
            w.integer(UInt32(waiting.count))
            for job in waiting { w.integer(UInt32(job.request.index)) }
        }
    }

    /// A source the child gave back: it leaves the share for the line again, where a free
    /// child (another thread's) may take it at once. Returns that source.
    func withdrawn(_ index: Int, pool: PluginChildPool) -> SourceJob? {
        let job = jobs.withLock { jobs -> SourceJob? in
            guard let at = jobs.firstIndex(where: { $0.request.index == index }) else { return nil }
            return jobs.remove(at: at)
        }
        if let job {
            pool.queue.requeue([job])
            pool.serveElsewhere(job.pluginPath)
        }
        return job
    }
}
