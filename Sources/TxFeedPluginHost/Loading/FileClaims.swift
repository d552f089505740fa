import CPrefetch
import Dispatch
import Glibc
import Synchronization
import TxFeedModel

/// What the source plugins said of one file `txfeed run FILE` routes: each one's confidence, or
/// why the file could not be read at all.
///
/// The file's head is read where the plugins are loaded (in a plugin host child, or here), so
/// a folder's heads never cross a pipe: ten thousand files were 40 MB through it.
public enum FileClaims: Sendable, Equatable {
    /// One confidence per plugin asked, in the order asked, each 0 … 100.
    case confidences([Int])
    /// The file cannot be opened or read: the reason, as the system says it.
    case unreadable(String)

    /// How many of a file's first bytes `identify` sees.
    public static let headLength = 4096

    /// Reads each file's head and asks every plugin about it, in this process.
    public static func ask(_ plugins: [LoadedPlugin], paths: [String]) -> [FileClaims] {
        claims(of: paths) { path, head in plugins.map { $0.identify(path: path, head: head) } }
    }

    /// Each file's claims: its head handed to `confidences` on the calling thread (plugins'
    /// `identify` runs on the main thread), or why it cannot be read. The heads are read ahead
    /// by two threads of their own, a block of files at a time: opening and reading ten thousand
    /// files is most of routing a folder, and need not wait for the plugins' answers.
    public static func claims(
        of paths: [String], _ confidences: (String, UnsafeBufferPointer<UInt8>) -> [Int]
    ) -> [FileClaims] {
        func claims(_ path: String, _ head: Result<UnsafeBufferPointer<UInt8>, ReadFailure>) -> FileClaims {
            switch head {
            case .failure(let reason): return .unreadable(reason.description)
            case .success(let head): return .confidences(confidences(path, head))
            }
        }
        guard paths.count > HeadBlocks.filesPerBlock else {
            var head = [UInt8](repeating: 0, count: headLength)
            return head.withUnsafeMutableBufferPointer { head in
                paths.map { path in
                    claims(path, readHead(path, into: head).map { UnsafeBufferPointer(rebasing: head[..<$0]) })
                }
            }
        }
        let blocks = HeadBlocks(paths)
        blocks.startReading()
        var answers: [FileClaims] = []
        answers.reserveCapacity(paths.count)
        blocks.consumeAll { index, head in answers.append(claims(paths[index], head)) }
        return answers
    }

    /// Why a head could not be read.
    public struct ReadFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Up to `length` of the file's first bytes; none when it cannot be read.
    public static func head(of path: String, length: Int) -> [UInt8] {
        var head = [UInt8](repeating: 0, count: length)
        let count = head.withUnsafeMutableBufferPointer { (try? readHead(path, into: $0).get()) ?? 0 }
        return Array(head[..<count])
    }

    /// Reads up to `buffer.count` of the file's first bytes into `buffer`; returns how many.
    /// - Parameters:
    ///   - cold: called when the head is not all in the page cache (or the system cannot say),
    ///     before it is read from the disk.
    public static func readHead(
        _ path: String, into buffer: UnsafeMutableBufferPointer<UInt8>, cold: (() -> Void)? = nil
    ) -> Result<Int, ReadFailure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(ReadFailure(description: SystemError.current)) }
        defer { close(fd) }
        var cached = 0
        if let cold {
            switch readCached(fd, buffer) {
            case .whole(let count): return .success(count)
            case .part(let count):
                cached = count
                cold()
            case .cannotSay: cold()
            case .notAFile: break
            }
        }
        let rest = UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[cached...])
        return Descriptor.fill(fd, rest, at: cached > 0 ? cached : nil).map { cached + $0 }.mapError {
            ReadFailure(description: $0.description)
        }
    }

    private enum Cached {
        /// All of the head, to the buffer's end or the file's.
        case whole(Int)
        /// This many bytes; the rest is not in memory.
        case part(Int)
        /// The kernel or the file system cannot say: taken as not in memory.
        case cannotSay
        /// Nothing the page cache holds (a FIFO, a folder): nothing to read ahead.
        case notAFile
    }

    /// The head as far as it is in the page cache, without waiting for the disk.
    private static func readCached(_ fd: Int32, _ buffer: UnsafeMutableBufferPointer<UInt8>) -> Cached {
        var filled = 0
        while filled < buffer.count {
            let n = txfeed_read_cached(fd, buffer.baseAddress! + filled, buffer.count - filled, off_t(filled))
            if n > 0 {
                filled += n
            } else if n == 0 {
                return .whole(filled)
            } else if errno == EINTR {
                continue
            } else {
                switch errno {
                case EAGAIN: return .part(filled)
                case EOPNOTSUPP, EINVAL, ENOSYS: return .cannotSay
                default: return .notAFile
                }
            }
        }
        return .whole(filled)
    }
}

/// Files' heads read ahead by two threads and handed to another in blocks: a few blocks in
/// flight, each with its own pair of semaphores, one wake-up a block, not one a file.
///
/// `@unchecked Sendable` for its buffers: a slot is written by one reader between waiting on
/// its `emptied` and signalling its `filled`, and read by the consumer between waiting on
/// `filled` and signalling `emptied`, so no slot is touched by two threads at once, and the
/// semaphores order the writes before the reads.
private final class HeadBlocks: @unchecked Sendable {
    static let filesPerBlock = 32
    static let blocksInFlight = 4
    static let readers = 2
    let paths: [String]
    /// Slot `s`'s heads, back to back, `FileClaims.headLength` each (block `b` is in slot
    /// `b % blocksInFlight`).
    private let heads: UnsafeMutableBufferPointer<UInt8>
    /// Each file's read in its slot: its length, or why it failed. Written by a reader before
    /// it signals the slot filled, read by the consumer after it waits for that (memory of its
    /// own, not an array property two threads would access at once).
    private let results: UnsafeMutableBufferPointer<Result<Int, FileClaims.ReadFailure>>
    private let filled = (0..<blocksInFlight).map { _ in DispatchSemaphore(value: 0) }
    private let emptied = (0..<blocksInFlight).map { _ in DispatchSemaphore(value: 1) }

    init(_ paths: [String]) {
        self.paths = paths
        let files = Self.filesPerBlock * Self.blocksInFlight
        heads = .allocate(capacity: files * FileClaims.headLength)
        results = .allocate(capacity: files)
        results.initialize(repeating: .success(0))
    }

    deinit {
        heads.deallocate()
        results.deinitialize().deallocate()
    }

    private var blocks: Int { (paths.count + Self.filesPerBlock - 1) / Self.filesPerBlock }

    /// Block `block`'s files: their indexes in `paths`, and where each one's slot starts.
    private func files(of block: Int) -> [(index: Int, slot: Int)] {
        let first = block * Self.filesPerBlock
        let base = (block % Self.blocksInFlight) * Self.filesPerBlock
        return (first..<min(first + Self.filesPerBlock, paths.count)).map { ($0, base + $0 - first) }
    }

    private func head(_ slot: Int) -> UnsafeMutableBufferPointer<UInt8> {
        UnsafeMutableBufferPointer(
            rebasing: heads[(slot * FileClaims.headLength)..<((slot + 1) * FileClaims.headLength)])
    }

    /// How much of each regular file the kernel is asked to read ahead: all of a statement of
    /// usual size, whose plugin reads it next; a larger file's start.
    static let readAhead = 1 << 20

    /// Heads of one block found not in the page cache before the folder counts as cold, and
    /// every file after is read ahead: a quarter of a block. A warm folder on a machine whose
    /// cache drops pages all the time has a few cold files here and there (3–8% on the bench
    /// machine), and each is read whole by its head's own read (the kernel reads ahead a
    /// statement of usual size with it); asking for the other nine thousand costs more than
    /// it saves.
    static let coldHeadsPerBlock = filesPerBlock / 4

    /// From which file on the kernel is asked to read ahead: nil until a reader finds a block
    /// cold (``coldHeadsPerBlock``); `paths.count` once every head is read without that.
    private let coldFrom = Mutex<Int?>(nil)
    private let cold = DispatchSemaphore(value: 0)

    /// A reader found the folder cold at file `index`: from it on, files are read ahead
    /// (from `paths.count`: none is, and the read-ahead thread ends). Only the first call counts.
    private func foundCold(_ index: Int) {
        let first = coldFrom.withLock { from -> Bool in
            guard from == nil else { return false }
            from = index
            return true
        }
        if first { cold.signal() }
    }

    /// Starts the readers: reader `r` reads every `readers`-th block from the `r`-th. Beside
    /// them, once a block's heads are found cold (``coldHeadsPerBlock``), one thread asks the
    /// kernel to read every regular file from there on ahead (`POSIX_FADV_WILLNEED`, which
    /// returns at once): ten thousand cold files read one after the other waited for the disk
    /// once each (1.1–1.7 s on the bench machine), asked for together they are read in merged
    /// requests (0.2 s), and the plugins find them in the cache after routing. A folder in
    /// memory, or nearly, is not asked for (a `stat`, an `open`, the advice and a `close` for
    /// each of its files).
    func startReading() {
        Threads.start(named: "heads ahead") { [self, paths] in
            cold.wait()
            guard let from = coldFrom.withLock({ $0 }), from < paths.count else { return }
            for path in paths[from...] {
                // Only a regular file: opening a FIFO or a device has effects of its own.
                var info = stat()
                guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
                guard fd >= 0 else { continue }
                _ = posix_fadvise(fd, 0, off_t(Self.readAhead), POSIX_FADV_WILLNEED)
                close(fd)
            }
        }
        for reader in 0..<Self.readers {
            Threads.start(named: "heads") { [self] in
                for block in stride(from: reader, to: blocks, by: Self.readers) {
                    emptied[block % Self.blocksInFlight].wait()
                    var coldHeads = 0
                    for (index, slot) in files(of: block) {
                        results[slot] = FileClaims.readHead(paths[index], into: head(slot)) {
                            coldHeads += 1
                            if coldHeads == Self.coldHeadsPerBlock { self.foundCold(index) }
                        }
                    }
                    filled[block % Self.blocksInFlight].signal()
                }
            }
        }
    }

    /// On the calling thread: each file's head in order, valid during `body` only.
    func consumeAll(_ body: (Int, Result<UnsafeBufferPointer<UInt8>, FileClaims.ReadFailure>) -> Void) {
        for block in 0..<blocks {
            filled[block % Self.blocksInFlight].wait()
            for (index, slot) in files(of: block) {
                body(index, results[slot].map { UnsafeBufferPointer(rebasing: head(slot)[..<$0]) })
            }
            emptied[block % Self.blocksInFlight].signal()
        }
        // Every head read: a read-ahead never begun is not waited for.
        foundCold(paths.count)
    }
}
