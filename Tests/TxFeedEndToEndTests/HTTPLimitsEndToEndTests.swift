import Foundation
import TxFeedTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The built `txfeed` and `libhttp.so` against a hostile server on 127.0.0.1
/// (`Tests/Fixtures/http/hostile.py`, one per test): what the http source takes is bounded by
/// `max-bytes` after decompression, a refused body is not downloaded, and responses libcurl
/// refuses are named and not retried.
final class HTTPLimitsEndToEndTests: XCTestCase {
    private var server: Process?
    private var port = 0

    override func setUpWithError() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try TestPython.system())
        process.arguments = [BuiltProducts.fixtures + "/http/hostile.py"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice  // never the test run's own stderr
        try process.run()
        server = process
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { return XCTFail("hostile.py exited before printing its port") }
            line.append(chunk)
        }
        port = try XCTUnwrap(Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    override func tearDown() {
        if let server, server.isRunning {
            server.terminate()
            server.waitUntilExit()
        }
        server = nil
    }

    /// A few MB of gzip that inflate to 4 GiB: the source fails naming max-bytes, and the
    /// process never holds much more than max-bytes (64 MiB by default). Before, queued pieces
    /// of the inflated body took 4 GB of memory and the run was abandoned after 30 s.
    func testAGzipBombFailsNamingMaxBytesWithMemoryBounded() throws {
        let (result, peakKiB) = try runMeasured("-s", "http:url=\(url("gzip-bomb")),retries=2")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "response larger than max-bytes 67108864 once decompressed (Content-Encoding: gzip)"),
            result.stderr)
        XCTAssertLessThan(peakKiB, 300 * 1024, "peak RSS \(peakKiB) KiB")
        let report = try self.report("gzip-bomb")
        XCTAssertEqual(report["hits"] as? Int, 1, "too large is not retried")
        // Compression is not asked for, so an honest server would not have compressed.
        XCTAssertEqual(report["accept_encoding"] as? String, "identity")
    }

    /// A configured Accept-Encoding is sent as configured, and max-bytes still counts the
    /// inflated bytes, however small the compressed ones.
    func testCompressionWhenAskedForStillCountsInflatedBytes() throws {
        let result = try run("-s", "http:url=\(url("gzip-bomb")),max-bytes=1000000,header.Accept-Encoding=gzip")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("response larger than max-bytes 1000000 once decompressed"), result.stderr)
        XCTAssertEqual(try report("gzip-bomb")["accept_encoding"] as? String, "gzip")
    }

    /// A compressed body within max-bytes is decompressed and read, asked for or not.
    func testACompressedBodyWithinTheLimitIsRead() throws {
        for (option, asked) in [("", "identity"), (",header.Accept-Encoding=gzip", "gzip")] {
            let result = try run("-s", "http:url=\(url("gzip-envelope"))\(option)")
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stderr.contains("ok, read 2 = written 2 + rejected 0"), result.stderr)
            XCTAssertEqual(try report("gzip-envelope")["accept_encoding"] as? String, asked)
        }
    }

    /// A Content-Length of 1 GiB over max-bytes: refused with the length named, and the client
    /// hangs up instead of taking the body (the server could hand over only what the sockets
    /// hold, far below the 1 GiB).
    func testABodyWhoseContentLengthIsRefusedIsNotDownloaded() throws {
        let (result, peakKiB) = try runMeasured("-s", "http:url=\(url("huge-length"))")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("response larger than max-bytes 67108864: its Content-Length is 1073741824"),
            result.stderr)
        XCTAssertLessThan(peakKiB, 300 * 1024, "peak RSS \(peakKiB) KiB")
        // The server notices the hang-up when its blocked write fails: wait for that, not a time.
        var report = try self.report("huge-length")
        let deadline = Date().addingTimeInterval(30)
        while report["cut"] as? Bool != true, Date() < deadline {
            usleep(50_000)
            report = try self.report("huge-length")
        }
        XCTAssertEqual(report["cut"] as? Bool, true, "the client never hung up: \(report)")
        let sent = try XCTUnwrap(report["sent"] as? Int)
        XCTAssertLessThan(sent, 64 << 20, "the client took \(sent) bytes of a body it had refused")
        XCTAssertEqual(report["hits"] as? Int, 1)
    }

    /// A 200 KB header line: named as a too-large header (libcurl said "Out of memory"), and
    /// not retried, since the server would send it again.
    func testAnOversizedHeaderIsNamedAndNotRetried() throws {
        let result = try run("-s", "http:url=\(url("huge-header")),retries=2")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("the server's response header is too large"), result.stderr)
        XCTAssertFalse(result.stderr.contains("Out of memory"), result.stderr)
        XCTAssertEqual(try report("huge-header")["hits"] as? Int, 1, "asked once")
    }

    /// `HTTP/1.1 OK 200`: named as a malformed status line (it was "unsupported URL"), not retried.
    func testAMalformedStatusLineIsNamedAndNotRetried() throws {
        let result = try run("-s", "http:url=\(url("bad-status")),retries=2")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("the server sent a malformed status line"), result.stderr)
        XCTAssertFalse(result.stderr.contains("unsupported URL"), result.stderr)
        XCTAssertEqual(try report("bad-status")["hits"] as? Int, 1, "asked once")
    }

    /// `HTTP/1.1 200` without a reason phrase is a status line all the same.
    func testAStatusLineWithoutAReasonIsRead() throws {
        let result = try run("-s", "http:url=\(url("bare-status"))")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("http (http): ok, read 0 = written 0"), result.stderr)
    }

    // MARK: Helpers

    private func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// Never through a proxy a developer may have configured: the server is on loopback.
    private let environment = ["no_proxy": "127.0.0.1,localhost", "NO_PROXY": "127.0.0.1,localhost"]

    private func arguments(_ given: [String]) -> [String] {
        ["run"] + given + ["--sink", "ndjson", "--no-progress"]
    }

    private func run(_ arguments: String...) throws -> CommandResult {
        try txfeed(arguments: self.arguments(arguments), environment: environment)
    }

    /// Runs txfeed under a Python parent that reports its peak resident set (getrusage of its
    /// one waited-for child), in KiB.
    private func runMeasured(_ arguments: String...) throws -> (CommandResult, Int) {
        let folder = try TemporaryFolder()
        let peak = folder.path + "/peak"
        let script = """
            import resource, subprocess, sys
            status = subprocess.call(sys.argv[2:])
            open(sys.argv[1], "w").write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
            sys.exit(status)
            """
        let result = try runCommand(
            try TestPython.system(), ["-c", script, peak, BuiltProducts.txfeed] + self.arguments(arguments),
            environment: environment)
        let kib = try XCTUnwrap(Int(try String(contentsOfFile: peak, encoding: .utf8)))
        return (result, kib)
    }

    /// What the server saw of `name`: hits, sent, cut, accept_encoding.
    private func report(_ name: String) throws -> [String: Any] {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var body: Data?
        URLSession.shared.dataTask(with: URL(string: url("report/\(name)"))!) { data, _, _ in
            body = data
            done.signal()
        }.resume()
        done.wait()
        return try XCTUnwrap(JSONSerialization.jsonObject(with: try XCTUnwrap(body)) as? [String: Any])
    }
}
