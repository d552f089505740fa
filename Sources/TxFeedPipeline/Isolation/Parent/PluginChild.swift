import CProcess
import Glibc
import Synchronization
import TxFeedModel
import TxFeedPluginHost

/// One plugin host child as txfeed sees it: its process, its two pipes, and a thread that shows
/// what the plugin prints (prefixed with the source it is running) on txfeed's stderr.
///
/// `@unchecked Sendable` for ``data`` alone, the one stored property that is neither immutable
/// nor behind a `Mutex` or `Atomic`: only the thread the pool has given the child to reads it
/// (a share's follower, a sink session, a planning request), and the pool gives a child to one
/// thread at a time.
final class PluginChild: @unchecked Sendable {
    let pid: pid_t
    /// The plugin whose sources it runs: the one it was started with, or the one the planning
    /// child was handed to (``adopt(_:onEnd:)``).
    var pluginPath: String { role.withLock { $0.pluginPath } }
    /// Whether it writes to txfeed's own stdout and stderr (``init(executable:pluginPath:directOutput:show:)``).
    let directOutput: Bool
    /// With ``directOutput``, the descriptor of txfeed's that is the child's stdout.
    let standardOutput: Int32
    /// Whether a crash prints Swift's crash report first (`plugins check`'s children).
    let crashReports: Bool
    let control: FrameWriter
    /// Read only by the source thread that holds the child.
    var data: FrameReader
    private let dataFD: Int32
    /// Nil for a child that writes to txfeed's own stdout and stderr (a sink's).
    private let output: PluginOutputRelay?
    private let reaped = Mutex<Int32?>(nil)
    private let ended = Atomic<Bool>(false)
    private let controlClosed = Atomic<Bool>(false)
    private let role: Mutex<Role>

    private struct Role {
        var pluginPath: String
        /// Called once the child has ended and been reaped (the pool counts its children).
        var onEnd: @Sendable () -> Void
    }

    /// The data pipe's capacity: a chunk of records (up to 20 ms of a plugin's work) goes in
    /// whole while txfeed reads, instead of the plugin's thread waiting at every 64 KiB (the
    /// default) for txfeed to empty it, and the child's decoding threads waiting for the plugin.
    /// 1 MiB is what an unprivileged process may ask for (`/proc/sys/fs/pipe-max-size`); the
    /// kernel gives pages only as they fill. Asked for, not required: the default still works.
    static let dataPipeBytes = 1 << 20

    /// Gives the pipe ``dataPipeBytes`` of room, when the system allows it.
    static func widen(dataPipe fd: Int32) {
        _ = txfeed_set_pipe_size(fd, Int32(dataPipeBytes))
    }

    /// Starts `executable __plugin-host` and has it load `pluginPath`.
    ///
    /// - Parameters:
    ///   - show: where the plugin's own output lines go (txfeed's stderr, above the display).
    ///   - directOutput: the child writes to txfeed's own stdout and stderr, unrelayed: a sink
    ///     plugin's output is its purpose (a table on stderr, a feed on stdout).
    ///   - standardOutput: with `directOutput`, txfeed's descriptor that becomes the child's
    ///     stdout: 1, or 2 when another sink writes the feed to stdout.
    ///   - crashReports: a crash prints Swift's crash report (the plugin's function and offset)
    ///     on the child's stderr before it ends, for `plugins check`; a run reports the signal at once.
    ///   - onEnd: called once the child has ended and been reaped (the pool counts its children).
    init(
        executable: String, pluginPath: String, directOutput: Bool = false, standardOutput: Int32 = 1,
        crashReports: Bool = false, show: @escaping @Sendable (String) -> Void,
        onEnd: @escaping @Sendable () -> Void = {}
    ) throws(IsolationError) {
        self.role = Mutex(Role(pluginPath: pluginPath, onEnd: onEnd))
        self.directOutput = directOutput
        self.standardOutput = standardOutput
        self.crashReports = crashReports
        var up: [Int32] = [0, 0], down: [Int32] = [0, 0], out: [Int32] = [0, 0]
        guard txfeed_pipe_cloexec(&up) == 0, txfeed_pipe_cloexec(&down) == 0, txfeed_pipe_cloexec(&out) == 0 else {
            onEnd()
            throw IsolationError("could not make pipes for the plugin host: \(String(cString: strerror(errno)))")
        }
        Self.widen(dataPipe: up[0])
        // The child's ends above the numbers they are moved to, so that no dup2 overwrites
        // another (a pipe made while 3 or 4 was free would otherwise be lost).
        for fd in [up[1], down[0], out[1]] where fd <= PluginHostChild.controlFD {
            let moved = fcntl(fd, F_DUPFD_CLOEXEC, 10)
            close(fd)
            if fd == up[1] { up[1] = moved } else if fd == down[0] { down[0] = moved } else { out[1] = moved }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if !directOutput {
            posix_spawn_file_actions_adddup2(&actions, out[1], 1)
            posix_spawn_file_actions_adddup2(&actions, out[1], 2)
        } else if standardOutput != 1 {
            posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        }
        posix_spawn_file_actions_adddup2(&actions, up[1], PluginHostChild.dataFD)
        posix_spawn_file_actions_adddup2(&actions, down[0], PluginHostChild.controlFD)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A group of its own: Ctrl-C at the terminal is txfeed's to handle, and txfeed stops
        // its sources; default signal actions and an empty mask, whatever txfeed set.
        var defaults = sigset_t()
        sigfillset(&defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let arguments = [executable, PluginHostChild.command]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        // Swift's crash backtracer off unless asked for: a plugin's crash in a run is reported by
        // the signal that ended its process, at once.
        var environment: [UnsafeMutablePointer<CChar>?] = [
            strdup("SWIFT_BACKTRACE=enable=\(crashReports ? "yes" : "no")")
        ]
        var at = environ
        while let entry = at.pointee {
            if strncmp(entry, "SWIFT_BACKTRACE=", 16) != 0 { environment.append(strdup(entry)) }
            at += 1
        }
        environment.append(nil)
        defer { for pointer in environment { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
        close(up[1])
        close(down[0])
        close(out[1])
        guard status == 0 else {
            for fd in [up[0], down[1], out[0]] { close(fd) }
            onEnd()
            throw IsolationError("could not start the plugin host \(executable): \(String(cString: strerror(status)))")
        }
        self.pid = pid
        self.dataFD = up[0]
        self.data = FrameReader(fd: up[0])
        self.control = FrameWriter(fd: down[1])
        if directOutput {
            close(out[0])
            self.output = nil
        } else {
            self.output = PluginOutputRelay(
                fd: out[0], source: Self.fileName(pluginPath), show: show)
        }
        do {
            _ = try load(pluginPath)
        } catch {
            // A child without its plugin is of no use.
            killAll()
            finish()
            throw error
        }
    }

    /// Makes the planning child a child of `path`'s sources: the plugin, loaded already, made
    /// current again, and `onEnd` called when it ends, as for a child started for them.
    func adopt(_ path: String, onEnd: @escaping @Sendable () -> Void) throws(IsolationError) {
        _ = try load(path)
        role.withLock { $0 = Role(pluginPath: path, onEnd: onEnd) }
    }

    /// Has the child load `path` (or make it current again, when it already has): what the
    /// plugin's descriptor says, or why it cannot be loaded.
    func load(_ path: String) throws(IsolationError) -> PluginDescription {
        guard let payload = call(.load, { $0.string(path) }) else {
            let how = ending()
            throw fail("\(path): the plugin's process ended while loading it (\(how))", loading: true)
        }
        let answer = WireDecoder.read(payload) {
            r throws(WireDecoder.Malformed) -> (refused: String?, description: PluginDescription?) in
            if let refused = try r.optionalString() { return (refused, nil) }
            return (nil, try PluginDescription.decode(from: &r))
        }
        guard let answer else { throw fail("the plugin host answered garbled") }
        // Refused, but the child is well: it may go on to load another.
        if let refused = answer.refused { throw IsolationError(refused, pluginRefused: true) }
        return answer.description!
    }

    /// Sends `call` and waits for its answer: nil when the child is gone or answered with
    /// anything else (the caller ends it).
    func call(_ call: Call, _ arguments: (inout WireEncoder) -> Void = { _ in }) -> [UInt8]? {
        let sent = control.send(.call) {
            $0.integer(call.rawValue)
            arguments(&$0)
        }
        guard sent, case .frame(.answer, let answer) = data.next() else { return nil }
        return Array(answer)
    }

    /// - Parameters:
    ///   - loading: the plugin itself could not be loaded (a load error, not a broken child).
    private func fail(_ message: String, loading: Bool = false) -> IsolationError {
        killAll()
        finish()
        return IsolationError(message, pluginRefused: loading)
    }

    /// The source the child runs now: its output lines are prefixed with it.
    func serving(_ source: String) {
        output?.source(source)
    }

    /// A source sent to the child, to run when the ones before it are done: its output lines
    /// are prefixed with its name once the child says it began.
    func expect(_ index: Int, _ source: String) {
        output?.expect(index, source)
    }

    /// Asks an idle child to end: it exits once it reads the end of its control pipe. Children
    /// asked together end together, not one after another as each is reaped (``finish(grace:)``).
    func askToEnd() {
        guard !controlClosed.exchange(true, ordering: .relaxed) else { return }
        close(control.fd)
    }

    /// Asks for a clean end (closing the control pipe) and reaps the child; for one that does
    /// not go, SIGKILL after `grace` seconds.
    func finish(grace: Double = 2) {
        guard !ended.exchange(true, ordering: .relaxed) else { return }
        defer { role.withLock { $0.onEnd }() }
        askToEnd()
        reap(within: grace)
        close(dataFD)
        output?.join()
    }

    /// SIGTERM, then SIGKILL after `grace` seconds; reaped. The processes its plugin started
    /// are killed first (as by ``killAll()``): the child's default SIGTERM would orphan them.
    func terminate(grace: Double) {
        guard exitStatus == nil else { return }
        stopAndKillBelow()
        kill(pid, SIGTERM)
        // A plugin's SIGTERM handler runs once the child goes on.
        kill(pid, SIGCONT)
        reap(within: grace)
    }

    /// Waits `grace` seconds for the child to end, then ends it by force (``killAll()``).
    /// - Returns: its wait status, when it ended within `grace`.
    @discardableResult
    private func reap(within grace: Double) -> Int32? {
        if let status = waitForExit(seconds: grace) { return status }
        killAll()
        _ = waitForExit(seconds: 5)
        return nil
    }

    /// Ends the child by force, and every process its plugin started: the one left in the
    /// child's process group, and the one that left it (a daemon's `setsid`), which is below
    /// the child still (it is their subreaper, ``PluginHostChild``).
    func killAll() {
        // Reaped already, its number may be another's.
        guard exitStatus == nil else { return }
        stopAndKillBelow()
        kill(pid, SIGKILL)
        kill(-pid, SIGKILL)
    }

    /// Stops the child, so that its plugin starts nothing more, and kills every process below it.
    private func stopAndKillBelow() {
        kill(pid, SIGSTOP)
        for process in Self.stopDescendants(of: pid) { kill(process, SIGKILL) }
    }

    /// Stops (SIGSTOP) every process below `root`, looking again until a look finds none new:
    /// a stopped process starts no other, and the children of one that ends come to a
    /// subreaper `root`, so none is missed. Returns them, for the caller to kill.
    static func stopDescendants(of root: pid_t) -> [pid_t] {
        var found: [pid_t] = []
        var seen: Set<pid_t> = [root]
        while true {
            let new = ([root] + found).flatMap(children(of:)).filter { seen.insert($0).inserted }
            if new.isEmpty { return found }
            for process in new { kill(process, SIGSTOP) }
            found += new
        }
    }

    /// The processes whose parent is `pid` (a child of any of its threads), as
    /// `/proc/PID/task/TID/children` lists them; none when /proc cannot say.
    static func children(of pid: pid_t) -> [pid_t] {
        var found: [pid_t] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        for entry in DirectoryEntries.list("/proc/\(pid)/task") ?? [] where entry.name.first != UInt8(ascii: ".") {
            let task = String(decoding: entry.name, as: UTF8.self)
            let fd = open("/proc/\(pid)/task/\(task)/children", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { continue }
            var text: [UInt8] = []
            while true {
                let n = Descriptor.readOnce(fd, into: &chunk)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                text += chunk[0..<n]
            }
            close(fd)
            found += text.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") })
                .compactMap { pid_t(String(decoding: $0, as: UTF8.self)) }
        }
        return found
    }

    /// How the child ended, in words (`Segmentation fault (signal 11)`, `exit status 0`); reaps
    /// it first (waiting up to a second for one that closed its pipe but has not yet exited, or
    /// ten while it may be writing its crash report).
    func ending() -> String {
        guard let status = reap(within: crashReports ? 10 : 1) else { return "it stopped answering" }
        return Self.describe(status)
    }

    /// Why a child that went away in the middle of a request is gone; the child is reaped and
    /// its pipes closed.
    func lostCause() -> LostProcess {
        let how = ending()
        finish(grace: 0)
        return LostProcess(how: how, crashed: exitStatus.map { $0 & 0x7F != 0 } ?? false)
    }

    /// `libx.so` of `/path/libx.so`: what a plugin's output is prefixed with before a source runs.
    static func fileName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    static func describe(_ status: Int32) -> String {
        let signal = status & 0x7F
        if signal == 0 { return "exit status \((status >> 8) & 0xFF)" }
        let name = strsignal(signal).map { String(cString: $0) } ?? "signal"
        return "\(name) (signal \(signal))"
    }

    /// The raw wait status once reaped.
    var exitStatus: Int32? { reaped.withLock { $0 } }

    /// Reaps the child, waiting up to `seconds`; nil if it is still running.
    @discardableResult
    func waitForExit(seconds: Double) -> Int32? {
        if let done = reaped.withLock({ $0 }) { return done }
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while true {
            // Ended, not yet reaped (WNOWAIT): the group's number is still the child's, so what
            // its plugin left in the group is killed, and nothing else. Reaped only once this
            // look saw it ended: a child that ended between a look and a reap took the kill of
            // its group with it, and a forked process was left behind on a loaded machine.
            var ended = siginfo_t()
            let looked = waitid(P_PID, id_t(pid), &ended, WEXITED | WNOHANG | WNOWAIT)
            if looked == 0, ended._sifields._kill.si_pid == pid {
                kill(-pid, SIGKILL)
                var status: Int32 = 0
                var result: pid_t
                repeat { result = waitpid(pid, &status, 0) } while result < 0 && errno == EINTR
                guard result == pid else { return reaped.withLock { $0 } ?? 0 }
                reaped.withLock { $0 = status }
                return status
            }
            if looked < 0 && errno != EINTR { return reaped.withLock { $0 } ?? 0 }
            if ContinuousClock.now >= deadline { return nil }
            usleep(2_000)
        }
    }
}

/// A problem running a plugin in a child process.
public struct IsolationError: Error, CustomStringConvertible, Sendable {
    public var description: String
    /// The plugin could not be loaded (its file, descriptor or constructor), as opposed to the
    /// plugin host failing.
    var pluginRefused = false

    init(_ description: String, pluginRefused: Bool = false) {
        self.description = description
        self.pluginRefused = pluginRefused
    }
}
