import Foundation
import Glibc
import TxFeedPipeline
import TxFeedTestSupport

@testable import txfeed

/// Runs a txfeed command line in this process, as `main` would up to its exit status, with its
/// standard streams captured: what the end-to-end tests get from the built binary, without a
/// process per command. Plugins still run in children of the built txfeed (this process, the
/// test runner, cannot host them), and a command never takes the stop signals or leaves its
/// memory to an exit here (``TxFeedCommand/ownsTheProcess``). Where a process is the point
/// (signals, terminals, watch, pipes), tests start the binary.
///
/// The standard streams, the environment and the working directory are the process's: one
/// command at a time, as XCTest runs a class's tests.
@discardableResult
func txfeed(
    arguments: [String], input: Data? = nil, environment: [String: String] = [:], directory: String? = nil
) throws -> CommandResult {
    let started = ContinuousClock.now
    let scratch = try TemporaryFolder()
    let stdinPath = scratch.path + "/stdin", stdoutPath = scratch.path + "/stdout",
        stderrPath = scratch.path + "/stderr"
    _ = FileManager.default.createFile(atPath: stdinPath, contents: input ?? Data())
    fflush(nil)  // every stream: what the runner printed stays before the command's output
    let saved = (dup(0), dup(1), dup(2))
    let opened = (
        open(stdinPath, O_RDONLY), open(stdoutPath, O_WRONLY | O_CREAT, 0o600),
        open(stderrPath, O_WRONLY | O_CREAT, 0o600)
    )
    dup2(opened.0, 0)
    dup2(opened.1, 1)
    dup2(opened.2, 2)
    let earlier = environment.keys.map { ($0, getenv($0).map { String(cString: $0) }) }
    for (key, value) in environment { setenv(key, value, 1) }
    let workingDirectory = FileManager.default.currentDirectoryPath
    chdir(directory ?? BuiltProducts.repository)
    TxFeedCommand.ownsTheProcess.store(false, ordering: .relaxed)
    PluginHostChild.namedExecutable.withLock { $0 = BuiltProducts.txfeed }

    let status = TxFeedCommand.execute(arguments)

    fflush(nil)  // `print`, ArgumentParser's help, is buffered
    chdir(workingDirectory)
    for (key, value) in earlier {
        if let value { setenv(key, value, 1) } else { unsetenv(key) }
    }
    for (fd, original) in [(Int32(0), saved.0), (1, saved.1), (2, saved.2)] {
        dup2(original, fd)
        close(original)
    }
    for fd in [opened.0, opened.1, opened.2] { close(fd) }
    let elapsed = ContinuousClock.now - started
    return CommandResult(
        status: status, stdout: try Data(contentsOf: URL(fileURLWithPath: stdoutPath)),
        stderr: String(decoding: try Data(contentsOf: URL(fileURLWithPath: stderrPath)), as: UTF8.self),
        seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}

@discardableResult
func txfeed(
    _ arguments: String..., input: Data? = nil, environment: [String: String] = [:], directory: String? = nil
) throws -> CommandResult {
    try txfeed(arguments: arguments, input: input, environment: environment, directory: directory)
}
