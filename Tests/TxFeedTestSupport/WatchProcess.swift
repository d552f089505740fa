import Foundation

/// `txfeed watch` left running for many refreshes, its stderr in a log file the test counts
/// lines in (a pipe nobody reads would fill and stall it); stdin and stdout are /dev/null.
///
/// It starts with every signal at its default action, as ``startTxfeed(_:openInput:)`` does.
public final class WatchProcess {
    public let process: Process
    public let log: String

    /// Starts `txfeed watch ARGUMENTS` in the repository, logging to `log` (created empty).
    public init(_ arguments: [String], log: String) throws {
        self.log = log
        guard FileManager.default.createFile(atPath: log, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--default-signal", BuiltProducts.txfeed, "watch"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: BuiltProducts.repository)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: log)
        try process.run()
    }

    public var pid: Int32 { process.processIdentifier }

    /// How often `text` is in the log so far: a line each refresh writes counts refreshes.
    public func count(_ text: String) -> Int {
        let logged = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return logged.components(separatedBy: text).count - 1
    }

    /// Waits until `text` is in the log `times` times; throws with the log's end when watch
    /// stops, or stalls past ``commandDeadline``.
    public func wait(for times: Int, of text: String) throws {
        let deadline = Date().addingTimeInterval(commandDeadline)
        while count(text) < times {
            guard process.isRunning, Date() < deadline else {
                let tail = (try? String(contentsOfFile: log, encoding: .utf8).suffix(500)) ?? ""
                throw Stalled(description: "watch stopped or stalled before \(times) refreshes:\n\(tail)")
            }
            usleep(20_000)
        }
    }

    /// SIGTERM, and waits for it to end.
    public func stop() {
        process.terminate()
        process.waitUntilExit()
    }

    struct Stalled: Error, CustomStringConvertible {
        var description: String
    }
}
