import Foundation

/// The result of running a command to the end.
public struct CommandResult {
    public var status: Int32
    public var stdout: Data
    public var stderr: String
    public var seconds: Double

    public var output: String { String(decoding: stdout, as: UTF8.self) }
}

/// Runs `executable` with `arguments`, feeding `input` (or nothing) on stdin, and waits.
///
/// - Parameters:
///   - environment: added to (and overriding) this process's environment.
///   - directory: the working directory; the repository by default, as a user would run it.
@discardableResult
public func runCommand(_ executable: String, _ arguments: [String], input: Data? = nil,
                       environment: [String: String] = [:], directory: String? = nil) throws -> CommandResult {
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
    let start = Date()
    try process.run()
    // Read both pipes concurrently so a large output cannot block the child.
    let outData = Collected(), errData = Collected()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { outData.data = out.fileHandleForReading.readDataToEndOfFile() }
    DispatchQueue.global().async(group: group) { errData.data = err.fileHandleForReading.readDataToEndOfFile() }
    if let input { inPipe.fileHandleForWriting.write(input) }
    try? inPipe.fileHandleForWriting.close()
    group.wait()
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus, stdout: outData.data,
                         stderr: String(decoding: errData.data, as: UTF8.self),
                         seconds: Date().timeIntervalSince(start))
}

/// Runs the built `txfeed`.
@discardableResult
public func txfeed(_ arguments: String..., input: Data? = nil, environment: [String: String] = [:],
                   directory: String? = nil) throws -> CommandResult {
    try runCommand(BuiltProducts.txfeed, arguments, input: input, environment: environment, directory: directory)
}

@discardableResult
public func txfeed(arguments: [String], input: Data? = nil, environment: [String: String] = [:],
                   directory: String? = nil) throws -> CommandResult {
    try runCommand(BuiltProducts.txfeed, arguments, input: input, environment: environment, directory: directory)
}

/// One pipe's bytes, filled by its reader before the group is waited on.
private final class Collected: @unchecked Sendable {
    var data = Data()
}

/// A `txfeed` still running, for tests that talk to it while it runs (pipes, signals).
public struct RunningTxfeed {
    public let process: Process
    /// Its stdin, left open until the test closes it; nil when stdin is /dev/null.
    public let input: Pipe?
    public let output: Pipe
    public let errors: Pipe
}

/// Starts the built `txfeed` in the repository and returns at once.
///
/// - Parameters:
///   - openInput: give it a stdin pipe the test writes to and closes (a source reading `-`).
public func startTxfeed(_ arguments: [String], openInput: Bool = false) throws -> RunningTxfeed {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: BuiltProducts.txfeed)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: BuiltProducts.repository)
    let input = openInput ? Pipe() : nil, output = Pipe(), errors = Pipe()
    process.standardInput = input ?? FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    return RunningTxfeed(process: process, input: input, output: output, errors: errors)
}
