import Glibc
import Synchronization
import TxFeedModel

/// One message between txfeed and a plugin host child: a kind byte, a 64-bit length, the
/// payload. Requests go down the control pipe, everything else comes back up the data pipe.
///
/// Every ``call`` is answered by one ``answer``: a call that runs a source (``Call/run``) after
/// the source's stream of ``data``, ``transactions`` and ``log`` frames. ``stop`` reaches sources
/// while they run or wait.
enum FrameKind: UInt8, Sendable {
    // MARK: txfeed → child
    /// A ``Call``: its byte, then its arguments. Answered by one ``answer``.
    case call = 1
    /// Stop sources by index, as a ``Stop`` says: the one under way at once, or those not begun.
    case stop = 2

    // MARK: child → txfeed
    /// The answer to a ``call``. For ``Call/run``: the source's index, ``RunEnd`` and message,
    /// also sent at once for a source given back (``RunEnd/withdrawn``).
    case answer = 10
    /// A chunk of ``SourceData`` without its transactions, which follow in ``transactions``
    /// frames, and the child's host time for the source so far. An empty chunk carries the time
    /// alone, a few times a second while the plugin is quiet.
    case data = 11
    /// Transactions of the chunk whose ``data`` frame came last, as their records.
    case transactions = 12
    /// A `log` call: level and message. Sent at once, never held for a chunk: a plugin's last
    /// words before a crash arrive.
    case log = 13
}

/// What a ``FrameKind/call`` asks, and what its ``FrameKind/answer`` holds.
enum Call: UInt8, Sendable {
    /// The plugin's path; the child loads it (or makes it current again). Answer: nil and its
    /// ``PluginDescription``, else why it could not be loaded.
    case load = 1
    /// Open and close each of many configurations (every source of a plugin, before any
    /// runs). Answer: nil when `open` took one, else its refusal, for each.
    case check = 2
    /// How sure each plugin named is that it reads each file (``IdentifyRequest``). Answer:
    /// ``FileClaims``, a file at a time.
    case identify = 3
    /// The plugin's `explain` for a configuration. Answer: whether it answered, its report and
    /// its problem.
    case explain = 4
    /// A sink's `sink_open` with its options as JSON. Each sink call's answer: nil when it
    /// succeeded, else its error.
    case sinkOpen = 5
    /// A batch for `sink_write`: the shared texts when they are new, the records, the rows' texts.
    case sinkWrite = 6
    /// `sink_finish` with the sources and the summary as JSON.
    case sinkFinish = 7
    /// `sink_close`.
    case sinkClose = 8
    /// Open, run and close one source (a ``RunRequest``); a share of them (up to
    /// ``SourceQueue/largestShare``) is sent in one write and run in turn. Answered after the
    /// source's stream: its index, ``RunEnd`` and a message.
    case run = 9
}

/// How a ``FrameKind/stop`` stops the sources it names.
enum Stop: UInt8, Sendable {
    /// The timeout struck, or Ctrl-C: the source under way stops at once, one still to come
    /// fails when its turn comes, without running.
    case cancel = 1
    /// Give back those not begun: the one before them takes long, and another child can run
    /// them. Each given back is answered at once (``RunEnd/withdrawn``); one already begun runs
    /// here, and nothing is said of it.
    case withdraw = 2
}

/// How a ``Call/run`` ended in the child.
enum RunEnd: UInt8, Sendable {
    case completed = 0
    case failed = 1
    /// `open` refused the configuration: the message is the reason.
    case refused = 2
    /// Given back unbegun (``Stop/withdraw``): another child may run it.
    case withdrawn = 3
}

/// Writes whole frames to a pipe, one at a time (the plugin's thread and its log calls may
/// race).
final class FrameWriter: Sendable {
    let fd: Int32
    private let state = Mutex(State())
    /// Held frames past this size leave at once: holding saves system calls and wake-ups for
    /// small frames, and must not make a large source's last chunk a second copy in memory.
    static let largestHeld = 1 << 20
    /// A frame buffer larger than this is freed after its write, not kept: a chunk's is far
    /// smaller, and a rare huge one (a document's rejects) is not held for the child's life.
    static let largestKept = 1 << 25

    private struct State {
        /// Frames held back since ``hold()``, in the order sent, and since when; nil when none
        /// are held.
        var held: Held?
        /// The buffer an unheld frame is built in, kept for the next one. A fresh buffer a
        /// chunk (8 MB for 30,000 small accounts) came from the top of the heap, which glibc
        /// gave back after the write and took again for the next chunk: for 10⁶ one-record
        /// documents `brk` 312 times against 90, each time zeroed pages faulted in while the
        /// decoding threads waited on the same memory map (5–20% of that row's time, by the hour).
        var scratch = WireEncoder()
    }

    private struct Held {
        var frames = WireEncoder()
        var since = ContinuousClock.now
    }

    init(fd: Int32) {
        self.fd = fd
    }

    /// False when the other end is gone (while held, only once the frames leave).
    @discardableResult
    func send(_ kind: FrameKind, _ payload: (inout WireEncoder) -> Void = { _ in }) -> Bool {
        state.withLock { state in
            guard state.held != nil else {
                defer {
                    state.scratch.bytes.removeAll(keepingCapacity: state.scratch.bytes.capacity <= Self.largestKept)
                }
                Self.frame(kind, into: &state.scratch, payload)
                return Self.writeAll(fd, state.scratch.bytes)
            }
            // Straight after the frames held, not built apart and copied there.
            Self.frame(kind, into: &state.held!.frames, payload)
            guard state.held!.frames.bytes.count > Self.largestHeld else { return true }
            defer { state.held!.frames = WireEncoder() }
            return Self.writeAll(fd, state.held!.frames.bytes)
        }
    }

    /// Holds back the frames sent from now on (from any thread, in order) until ``release()``:
    /// a small source's last data and its answer were several writes, and as
    /// many wake-ups of the thread in txfeed that reads them. While a hold is on, another
    /// simply joins it.
    func hold() {
        state.withLock { state in
            if state.held == nil { state.held = Held() }
        }
    }

    /// Sends the held frames and ends the hold; false when the other end is gone.
    @discardableResult
    func release() -> Bool {
        state.withLock { Self.release(&$0.held, to: fd) }
    }

    /// Releases frames held longer than `age`: a share's quick source is not kept waiting for
    /// a slow one after it.
    func release(heldLongerThan age: Duration) {
        state.withLock { state in
            if let since = state.held?.since, ContinuousClock.now - since > age {
                _ = Self.release(&state.held, to: fd)
            }
        }
    }

    private static func release(_ held: inout Held?, to fd: Int32) -> Bool {
        defer { held = nil }
        guard let bytes = held?.frames.bytes, !bytes.isEmpty else { return true }
        return writeAll(fd, bytes)
    }

    /// Sends frames of one kind in one write, past any held ones: a share of run requests is
    /// one wake-up of the child, not one for each source. Returns how many left whole before the other end
    /// went away (all of them, normally).
    func send<Item>(_ kind: FrameKind, each items: [Item], _ payload: (Item, inout WireEncoder) -> Void) -> Int {
        var w = WireEncoder()
        var ends: [Int] = []
        for item in items {
            Self.frame(kind, into: &w) { payload(item, &$0) }
            ends.append(w.bytes.count)
        }
        return state.withLock { state in
            if state.held != nil, !Self.release(&state.held, to: fd) { return 0 }
            let written = Descriptor.write(fd, w.bytes[...])
            return ends.prefix { $0 <= written }.count
        }
    }

    /// Appends one frame: its kind, its length, its payload.
    private static func frame(_ kind: FrameKind, into w: inout WireEncoder, _ payload: (inout WireEncoder) -> Void) {
        let start = w.bytes.count
        w.integer(kind.rawValue)
        w.integer(UInt64(0))
        payload(&w)
        let length = UInt64(w.bytes.count - start - 9).littleEndian
        withUnsafeBytes(of: length) { raw in
            for i in 0..<8 { w.bytes[start + 1 + i] = raw[i] }
        }
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        Descriptor.writeAll(fd, bytes[...])
    }
}

/// Reads frames from a pipe into one buffer that grows to the largest frame and is reused.
struct FrameReader {
    let fd: Int32
    /// `buffer[start..<end]` is read and not yet parsed; the rest is room.
    private var buffer: [UInt8] = []
    private var start = 0
    private var end = 0
    /// Bytes still missing from the frame being read, so that a large one is read in few calls.
    private var pending = 0
    /// Frames larger than this are refused (a garbled length must not allocate terabytes).
    static let largest = 1 << 36

    init(fd: Int32) {
        self.fd = fd
    }

    enum Next {
        /// A frame's payload where it was read: used before the next ``next(timeout:)``, which
        /// reuses the buffer (a payload kept past it is copied first). A chunk of a million
        /// accounts is some 200 MB, copied and paged in again when each frame was its own array.
        case frame(FrameKind, ArraySlice<UInt8>)
        /// Nothing complete yet (only with a timeout).
        case waiting
        /// The other end closed the pipe.
        case ended
        case malformed(String)
    }

    /// Whether a whole frame is read and waiting: ``next(timeout:)`` returns it without a
    /// system call.
    var hasFrame: Bool {
        guard let length = nextLength else { return false }
        return length <= UInt64(end - start - 9)
    }

    /// The payload length of the frame at `start`, once its kind and length are read.
    private var nextLength: UInt64? {
        guard end - start >= 9 else { return nil }
        var length: UInt64 = 0
        for i in 0..<8 { length |= UInt64(buffer[start + 1 + i]) << (8 * i) }
        return length
    }

    /// The next frame; with `timeout` (seconds), `.waiting` when none arrived in time.
    mutating func next(timeout: Double? = nil) -> Next {
        while true {
            if let frame = parse() { return frame }
            if let timeout {
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ready = poll(&p, 1, Int32(max(0, timeout * 1000)))
                if ready == 0 { return .waiting }
                if ready < 0 && errno == EINTR { return .waiting }
            }
            switch fill() {
            case .some(true): continue
            case .some(false): return end > start ? .malformed("the message was cut short") : .ended
            case .none: return .waiting
            }
        }
    }

    /// Reads what the pipe holds: true when bytes came, false at the end, nil when interrupted.
    private mutating func fill() -> Bool? {
        if start == end {
            start = 0
            end = 0
        }
        let wanted = max(1 << 16, pending)
        if buffer.count - end < wanted {
            // Move what is unparsed to the front, then grow (doubling) only if still short.
            if start > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    let base = raw.baseAddress!
                    memmove(base, base + start, end - start)
                }
                end -= start
                start = 0
            }
            if buffer.count - end < wanted {
                // Zeroed in place: a zeroed array appended was a second buffer of the size paged in.
                let more = max(wanted, buffer.count)
                buffer.append(addingCapacity: more) { $0.append(repeating: 0, count: more) }
            }
        }
        let n = Descriptor.readOnce(fd, into: &buffer, from: end)
        if n < 0 { return errno == EINTR || errno == EAGAIN ? nil : false }
        end += n
        return n > 0
    }

    private mutating func parse() -> Next? {
        guard let length = nextLength else { return nil }
        let available = end - start
        let kindByte = buffer[start]
        guard let kind = FrameKind(rawValue: kindByte) else { return .malformed("unknown message kind \(kindByte)") }
        guard length <= UInt64(Self.largest) else { return .malformed("a message of \(length) bytes") }
        let total = 9 + Int(length)
        guard available >= total else {
            pending = total - available
            return nil
        }
        pending = 0
        let payload = buffer[(start + 9)..<(start + total)]
        start += total
        return .frame(kind, payload)
    }
}
