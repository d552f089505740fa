import Foundation

/// The result of running a command to the end.
public struct CommandResult {
    public var status: Int32
    public var stdout: Data
    public var stderr: String
    public var seconds: Double

    public var output: String { String(decoding: stdout, as: UTF8.self) }

    public init(status: Int32, stdout: Data, stderr: String, seconds: Double) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
        self.seconds = seconds
    }
}

/// How long any command started by a test may take before it is killed and the test fails:
/// far above what any of them needs, far below CI's limit, so a hang is a red test naming
/// the command instead of a run that never ends.
public let commandDeadline: Double = 120

/// A command that did not finish within its deadline; it has been killed.
public struct CommandTimedOut: Error, CustomStringConvertible {
    public var command: String
    public var seconds: Double
    public var output: String
    public var stderr: String
    public var description: String {
        "killed after \(Int(seconds)) s: \(command)\n--- stdout ---\n\(output.suffix(2000))\n--- stderr ---\n\(stderr.suffix(2000))"
    }
}

/// What a test types into a command while it runs: each text after a pause. Stdin then stays
/// open until the command exits, because closing it is input too (`script` turns it into Ctrl-D).
public struct Typing: Sendable {
    public var steps: [(pause: Double, text: String)]
    public init(_ steps: [(pause: Double, text: String)] = []) { self.steps = steps }
}

/// Runs `executable` with `arguments`, feeding `input` (or nothing) on stdin, and waits.
///
/// - Parameters:
///   - typing: instead of `input`, texts typed while it runs, stdin kept open to the end.
///   - environment: added to (and overriding) this process's environment.
///   - directory: the working directory; the repository by default, as a user would run it.
///   - deadline: seconds before the command is killed and ``CommandTimedOut`` thrown.
@discardableResult
public func runCommand(
    _ executable: String, _ arguments: [String], input: Data? = nil, typing: Typing? = nil,
    environment: [String: String] = [:], directory: String? = nil,
    deadline: Double = commandDeadline
) throws -> CommandResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory ?? BuiltProducts.repository)
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = nil
    for (k, v) in environment { env[k] = v }
    process.environment = env
    let out = Pipe(), err = Pipe(), inPipe = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = inPipe
    try process.run()
    let running = RunningProcess(process: process, output: out, errors: err)
    guard let typing else {
        if let input { inPipe.fileHandleForWriting.write(input) }
        try? inPipe.fileHandleForWriting.close()
        return try running.finish(within: deadline)
    }
    let keyboard = Keyboard(inPipe.fileHandleForWriting)
    Thread { keyboard.type(typing) }.start()
    defer { keyboard.unplug() }
    return try running.finish(within: deadline)
}

/// Writes a ``Typing`` into a pipe from its own thread; ``unplug()`` closes the pipe, after
/// which nothing more is written. The pipe is closed through its FileHandle, never by number:
/// the handle would close the number again later, by then perhaps another test's descriptor.
private final class Keyboard: @unchecked Sendable {
    private let handle: FileHandle
    private let lock = NSLock()
    private var plugged = true

    init(_ handle: FileHandle) {
        self.handle = handle
        signal(SIGPIPE, SIG_IGN)  // the command may be gone before the last key: EPIPE, not death
    }

    func type(_ typing: Typing) {
        for (pause, text) in typing.steps {
            Thread.sleep(forTimeInterval: pause)
            lock.lock()
            defer { lock.unlock() }
            guard plugged else { return }
            var bytes = Array(text.utf8)
            _ = write(handle.fileDescriptor, &bytes, bytes.count)
        }
    }

    func unplug() {
        lock.lock()
        defer { lock.unlock() }
        if plugged { try? handle.close() }
        plugged = false
    }
}

/// A started process whose stdout and stderr are pipes to the test.
public struct RunningProcess {
    public let process: Process
    public let output: Pipe
    public let errors: Pipe
    let started = Date()

    /// Reads both pipes to their end and waits for the exit; after `seconds` the process is
    /// killed and ``CommandTimedOut`` thrown with what it had written.
    public func finish(within seconds: Double = commandDeadline) throws -> CommandResult {
        try finish(within: seconds, after: (Data(), Data()))
    }

    /// The same, for pipes of which `read` was already read (what comes back starts with it).
    func finish(within seconds: Double, after read: (stdout: Data, stderr: Data)) throws -> CommandResult {
        // Read both pipes concurrently so a large output cannot block the child.
        let outData = Collected(), errData = Collected()
        let group = DispatchGroup()
        for (pipe, box) in [(output, outData), (errors, errData)] {
            let thread = Thread {
                box.set(pipe.fileHandleForReading.readDataToEndOfFile())
                group.leave()
            }
            group.enter()
            thread.start()
        }
        if group.wait(timeout: .now() + seconds) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            // Something it started may still hold the pipes: do not wait for them long.
            _ = group.wait(timeout: .now() + 5)
            let command = ([process.executableURL?.path ?? "?"] + (process.arguments ?? [])).joined(separator: " ")
            throw CommandTimedOut(
                command: command, seconds: seconds,
                output: String(decoding: read.stdout + outData.get(), as: UTF8.self),
                stderr: String(decoding: read.stderr + errData.get(), as: UTF8.self))
        }
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus, stdout: read.stdout + outData.get(),
            stderr: String(decoding: read.stderr + errData.get(), as: UTF8.self),
            seconds: Date().timeIntervalSince(started))
    }
}

/// Runs the built `txfeed`.
@discardableResult
public func txfeed(
    _ arguments: String..., input: Data? = nil, environment: [String: String] = [:],
    directory: String? = nil
) throws -> CommandResult {
    try runCommand(BuiltProducts.txfeed, arguments, input: input, environment: environment, directory: directory)
}

@discardableResult
public func txfeed(
    arguments: [String], input: Data? = nil, environment: [String: String] = [:],
    directory: String? = nil
) throws -> CommandResult {
    try runCommand(BuiltProducts.txfeed, arguments, input: input, environment: environment, directory: directory)
}

/// One pipe's bytes, filled by its reader thread.
private final class Collected: @unchecked Sendable {
    private var data = Data()
    private let lock = NSLock()
    func set(_ bytes: Data) {
        lock.lock()
        data = bytes
        lock.unlock()
    }
    func get() -> Data {
        lock.lock()
        defer { lock.unlock() }
        return data
    }
    func append(_ bytes: some Sequence<UInt8>) {
        lock.lock()
        data.append(contentsOf: bytes)
        lock.unlock()
    }
}

/// A `txfeed` still running, for tests that talk to it while it runs (pipes, signals).
public struct RunningTxfeed {
    public let process: Process
    /// Its stdin, left open until the test closes it; nil when stdin is /dev/null.
    public let input: Pipe?
    public let output: Pipe
    public let errors: Pipe
    /// What ``awaitOutput(_:of:on:)`` read of stdout and of stderr: the start of the result's.
    private let early = Collected(), earlyErrors = Collected()

    init(process: Process, input: Pipe?, output: Pipe, errors: Pipe) {
        (self.process, self.input, self.output, self.errors) = (process, input, output, errors)
    }

    /// Its stdout or its stderr.
    public enum Stream: String, Sendable { case stdout, stderr }

    /// Reads its stdout (or stderr) as it comes until `text` is in it `times` times: for a test
    /// that acts once something happened (a refresh written, a failure said), not after a guess
    /// at how long that takes. Throws when it ends first, or after ``commandDeadline``. The other
    /// pipe is not read meanwhile: for a command that writes little there (under 64 KiB).
    public func awaitOutput(_ times: Int, of text: String, on stream: Stream = .stdout) throws {
        let (pipe, box) = stream == .stdout ? (output, early) : (errors, earlyErrors)
        let reader = pipe.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(commandDeadline)
        let missing = OutputMissing(text: text, times: times, stream: stream)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while String(decoding: box.get(), as: UTF8.self).components(separatedBy: text).count - 1 < times {
            var ready = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
            guard Date() < deadline, poll(&ready, 1, 100) >= 0 else { throw missing }
            guard ready.revents != 0 else { continue }
            let count = read(reader, &buffer, buffer.count)
            guard count > 0 else { throw missing }
            box.append(buffer[..<count])
        }
    }

    /// Waits until it has read all that was written to its stdin (the pipe is empty): for a
    /// test that acts once it is reading, or whose next write must come in a read of its own.
    public func awaitInputRead() throws {
        let writer = input!.fileHandleForWriting.fileDescriptor
        try awaitCondition("txfeed reading what was written to its stdin") {
            var unread: Int32 = 0
            return ioctl(writer, UInt(FIONREAD), &unread) == 0 && unread == 0
        }
    }

    /// Waits for it to exit (reading what it wrote), killing it after `seconds`.
    public func finish(within seconds: Double = commandDeadline) throws -> CommandResult {
        try RunningProcess(process: process, output: output, errors: errors)
            .finish(within: seconds, after: (early.get(), earlyErrors.get()))
    }
}

/// Stdout (or stderr) ended, or stalled, before `text` came `times` times.
public struct OutputMissing: Error, CustomStringConvertible {
    public var text: String
    public var times: Int
    public var stream: RunningTxfeed.Stream = .stdout
    public var description: String { "\(stream.rawValue) ended or stalled before \(times) of \(text)" }
}

/// Polls `condition` every 20 ms until it holds: for a test that waits for what another process
/// does (a file it writes), not for a guess at how long that takes. Throws ``NeverHappened``
/// naming `what` after `seconds`.
public func awaitCondition(
    _ what: String, within seconds: Double = commandDeadline, _ condition: () throws -> Bool
) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while try !condition() {
        guard Date() < deadline else { throw NeverHappened(what: what, seconds: seconds) }
        usleep(20_000)
    }
}

/// What ``awaitCondition(_:within:_:)`` waited for did not happen in time.
public struct NeverHappened: Error, CustomStringConvertible {
    public var what: String
    public var seconds: Double
    public var description: String { "not within \(Int(seconds)) s: \(what)" }
}

/// Starts the built `txfeed` in the repository and returns at once.
///
/// It starts with every signal at its default action, as from a shell prompt: Foundation's
/// Process passes on what this process ignores, and a CI runner may ignore SIGINT, which
/// would make the signal tests depend on the machine.
///
/// - Parameters:
///   - openInput: give it a stdin pipe the test writes to and closes (a source reading `-`).
public func startTxfeed(_ arguments: [String], openInput: Bool = false) throws -> RunningTxfeed {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["--default-signal", BuiltProducts.txfeed] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: BuiltProducts.repository)
    let input = openInput ? Pipe() : nil, output = Pipe(), errors = Pipe()
    process.standardInput = input ?? FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    return RunningTxfeed(process: process, input: input, output: output, errors: errors)
}

// MARK: On a terminal

/// `arguments` quoted for `/bin/sh`.
public func shellQuoted(_ arguments: [String]) -> String {
    arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
}

/// Runs a shell command with stdin, stdout and stderr on one pseudo-terminal (util-linux
/// `script`); what the terminal showed comes back as stdout.
///
/// `SHELL` is pinned to `/bin/sh`, which `script` runs the command with, so that process
/// groups (and with them job control) are the same on every machine.
///
/// - Parameters:
///   - typing: what is typed at the terminal while the command runs (nothing by default).
public func runOnTerminal(
    _ command: String, typing: Typing = Typing(), environment: [String: String] = [:],
    deadline: Double = commandDeadline
) throws -> CommandResult {
    var env = environment
    env["SHELL"] = "/bin/sh"
    // Default signal actions, as at a prompt, whatever this test process ignores.
    return try runCommand(
        "/usr/bin/env", ["--default-signal", "/usr/bin/script", "-qfec", command, "/dev/null"], typing: typing,
        environment: env, deadline: deadline)
}

/// Runs the built `txfeed` on a pseudo-terminal, as a user at a shell prompt would.
public func txfeedOnTerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandResult {
    try runOnTerminal(shellQuoted([BuiltProducts.txfeed] + arguments), environment: environment)
}
