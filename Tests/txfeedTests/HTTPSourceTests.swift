import Foundation
import TxFeedTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The built `txfeed` with the built `libhttp.so` against a real HTTP server on 127.0.0.1:
/// `Tests/Fixtures/http/server.py`, one per test so that its hit counts start at zero.
final class HTTPSourceTests: XCTestCase {
    private var servers: [Process] = []
    private var port = 0
    /// What the server's /secret accepts as the Authorization header.
    private let goodToken = "Bearer good-token-4f1c9a"

    override func setUpWithError() throws {
        port = try startServer(["--token", goodToken, "--samples", BuiltProducts.repository + "/samples/http"])
    }

    override func tearDown() {
        for server in servers where server.isRunning {
            server.terminate()
            server.waitUntilExit()
        }
        servers = []
    }

    // MARK: Success

    func testEnvelopeIsDeliveredWithEveryRecord() throws {
        let result = try run("-s", "http:url=\(url("ok"))")
        XCTAssertEqual(result.status, 0, result.stderr)
        let records = try self.records(result)
        XCTAssertEqual(records.count, 3, result.output)
        XCTAssertEqual(Set(records.map { $0["account"] as? String }), ["HTTP Checking"])
        XCTAssertEqual(Set(records.map { $0["source"] as? String }), ["http"])
        XCTAssertTrue(result.stderr.contains("http (http): ok, read 3 = written 3 + rejected 0"), result.stderr)
    }

    /// A status line outside 100-599 is an error named as such, not a 5xx to retry.
    func testAStatusOutsideHTTPsRangeIsAnErrorNotRetried() throws {
        let result = try run("-s", "http:url=\(url("odd-status")),retries=3")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("answered with status 600, outside HTTP's 100-599"), result.stderr)
        XCTAssertEqual(try hits("odd-status"), 1, "asked once")
    }

    func testPlaceholdersAreFilledPercentEncoded() throws {
        // The server names the account after the raw path it received.
        let result = try run("-s", "http:url=\(url("users/{userId}/account")),userId=a b/ç?&x")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try records(result).first?["account"] as? String, "/users/a%20b%2F%C3%A7%3F%26x/account")
    }

    func testAPlaceholderWithoutItsOptionIsNamed() throws {
        let result = try run("-s", "http:url=\(url("users/{userId}/account"))")
        XCTAssertEqual(result.status, 2, "a configuration error, found before any source runs: \(result.stderr)")
        XCTAssertTrue(result.stderr.contains("{userId}") && result.stderr.contains("userId=VALUE"), result.stderr)
        XCTAssertEqual(try hits("users"), 0)
    }

    func testSamplePipelineRunsAgainstAServer() throws {
        // samples/pipeline-http.json expects `python3 -m http.server 8080 --directory samples/http`;
        // our server serves the same files, on its own port.
        let sample = try String(
            contentsOfFile: BuiltProducts.repository + "/samples/pipeline-http.json", encoding: .utf8)
        XCTAssertTrue(sample.contains("127.0.0.1:8080/accounts/{userId}.json"), sample)
        let folder = try TemporaryFolder()
        // A copy elsewhere: its relative file path is made absolute, its port ours.
        let config = try folder.write(
            "pipeline.json",
            sample.replacingOccurrences(of: ":8080/", with: ":\(port)/").replacingOccurrences(
                of: #""accounts/"#, with: #""\#(BuiltProducts.repository)/samples/accounts/"#))
        // As is: the pipeline's own text sink.
        let result = try txfeed("run", "--config", config, "--no-progress", environment: environment([:]))
        XCTAssertEqual(result.status, 0, result.stderr)
        for account in ["Online Bank Current", "Everyday Checking"] {
            XCTAssertTrue(result.output.contains(account), "missing \(account) in\n\(result.output)")
        }
        XCTAssertTrue(result.stderr.contains("bank (http): ok, read 5 = written 5"), result.stderr)
    }

    func testSlowLinkFinishesWithinTheTimeout() throws {
        // ~3.6 s of small pieces 60 ms apart: longer than the 3 s `timeout`, which counts idle
        // time only (seconds more than any gap, on a loaded machine too).
        let result = try run("-s", "http:url=\(url("drip")),timeout=3", "--timeout", "30")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try records(result).count, 4, result.output)
        XCTAssertGreaterThan(result.seconds, 3, "the drip should be slower than the 3 s idle timeout")
    }

    // MARK: Failures reported by the host

    func testEnvelopeFailureShowsItsMessage() throws {
        let result = try run("-s", "http:url=\(url("envelope-failure"))")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("account locked by the bank"), result.stderr)
        XCTAssertTrue(result.stderr.contains("500"), result.stderr)
        XCTAssertEqual(result.output, "")
    }

    func testHTMLBodyIsAClearError() throws {
        let result = try run("-s", "http:url=\(url("html"))")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("text/html, not JSON"), result.stderr)
        // The host's parser names the document (the URL) with line and column.
        XCTAssertTrue(result.stderr.contains("/html:1:1"), result.stderr)
    }

    // MARK: Retries

    func testServerErrorsAreRetriedUntilTheyRecover() throws {
        let result = try run("-s", "http:url=\(url("flaky"))")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try records(result).count, 3)
        XCTAssertEqual(try hits("flaky"), 3)
        XCTAssertTrue(result.stderr.contains("HTTP 503") && result.stderr.contains("retry 2 of 3"), result.stderr)
    }

    func testRetriesGiveUpWithTheLastStatus() throws {
        let result = try run("-s", "http:url=\(url("down")),retries=2")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(try hits("down"), 3)
        XCTAssertTrue(
            result.stderr.contains("HTTP 503 Service Unavailable")
                && result.stderr.contains("gave up after 3 attempts"), result.stderr)
    }

    func testRetryAfterIsHonoured() throws {
        let result = try run("-s", "http:url=\(url("throttled"))")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try hits("throttled"), 2)
        XCTAssertGreaterThanOrEqual(result.seconds, 1.0, "Retry-After: 1 was not waited for")
        XCTAssertTrue(result.stderr.contains("HTTP 429"), result.stderr)
    }

    /// Retry-After as an HTTP-date (whole seconds, 3 to 4 s ahead when sent), in each of the
    /// three forms a recipient must accept: the retry waits for it rather than the short backoff
    /// (0.1-0.2 s). One source for each form, in one run, so the waits are taken together.
    func testRetryAfterAsAnHTTPDateIsHonoured() throws {
        let forms = ["throttled-until", "throttled-until-rfc850", "throttled-until-asctime"]
        let result = try run(arguments: forms.flatMap { ["-s", "http:url=\(url($0)),name=\($0)"] })
        XCTAssertEqual(result.status, 0, result.stderr)
        for form in forms {
            XCTAssertEqual(try hits(form), 2, form)
            // "HTTP 503 Service Unavailable from URL; retry 1 of 3 in 3.4 s"
            let answered = "HTTP 503 Service Unavailable from \(url(form));"
            let said = result.stderr.split(separator: "\n").first { $0.contains(answered) }
            guard let wait = said?.firstMatch(of: #/retry 1 of 3 in (\d+\.\d) s/#).flatMap({ Double($0.1) }) else {
                XCTFail("\(form): no retry:\n\(result.stderr)")
                continue
            }
            // At most the date's distance when sent; at least a second, though the answer was
            // read up to 2 s late on a loaded machine, and far above the backoff's 0.2 s.
            XCTAssertLessThanOrEqual(wait, 4.0, "\(form): waited longer than the date asked")
            XCTAssertGreaterThanOrEqual(wait, 1.0, "\(form): the HTTP-date was not waited for")
            XCTAssertGreaterThanOrEqual(result.seconds, wait, "\(form): the retry came before its wait")
        }
    }

    func testRetryAfterDateTooFarAheadFailsAtOnce() throws {
        let result = try run("-s", "http:url=\(url("throttled-long"))", "--timeout", "20")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(try hits("throttled-long"), 1)
        XCTAssertLessThan(result.seconds, 10, "waited for an hour-long Retry-After")
        XCTAssertTrue(result.stderr.contains("is longer than 30 s, not waiting"), result.stderr)
    }

    /// A Retry-After beyond what an integer holds is one more that is too long, not a crash.
    func testARetryAfterNoIntegerHoldsIsTooLongNotACrash() throws {
        let result = try run("-s", "http:url=\(url("throttled-forever"))")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("is longer than 30 s, not waiting"), result.stderr)
        XCTAssertFalse(result.stderr.contains("crashed"), result.stderr)
    }

    /// A configured `Accept` or `User-Agent` is the one sent, not a second line after txfeed's.
    func testAConfiguredAcceptReplacesTheDefault() throws {
        let result = try run(
            "-s", "http:url=\(url("versioned")),header.Accept=application/vnd.bank.v2+json,header.User-Agent=bank/2")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try records(result).count, 3)
    }

    /// A chunked body's trailers are not its header: a trailer naming another type is no
    /// reason to warn of an error page.
    func testTrailersAreNotTheHeader() throws {
        let result = try run("-s", "http:url=\(url("trailer"))")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try records(result).count, 3)
        XCTAssertFalse(result.stderr.contains("text/html"), result.stderr)
    }

    /// A password in the URL is never shown, even pasted with an unencoded `/`, `?` or `#`,
    /// which end the authority or start the query to a URL parser.
    func testAPasswordInTheURLIsNeverShown() throws {
        let host = "127.0.0.1:\(port)"
        for url in [
            "http://alice:pa/S3CRET-1@\(host)/ok", "http://alice:pa?S3CRET-2@\(host)/ok",
            "http://alice:12345#S3CRET-3@\(host)/ok", "http:/alice:S3CRET-4@\(host)/ok",
            "http://alice:S3CRET-5@\(host)/missing",
        ] {
            let result = try run("-s", "http:url=\(url)", "--timeout", "20")
            for shown in [result.stderr, result.output] {
                XCTAssertFalse(shown.contains("S3CRET") || shown.contains("alice"), "\(url):\n\(shown)")
            }
        }
    }

    func testNotFoundIsRequestedOnceAndTheQueryIsNotShown() throws {
        let result = try run("-s", "http:url=\(url("missing?account=7&apikey=q7x9secret"))")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(try hits("missing"), 1)
        XCTAssertTrue(result.stderr.contains("HTTP 404 Not Found from \(url("missing"))"), result.stderr)
        XCTAssertFalse(result.stderr.contains("q7x9secret"), result.stderr)
        XCTAssertFalse(result.stderr.contains("retry"), result.stderr)
    }

    func testConnectionRefusedIsRetriedThenFails() throws {
        let closed = try freePort()
        let result = try run("-s", "http:url=http://127.0.0.1:\(closed)/ok,retries=1")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("retry 1 of 1"), result.stderr)
        XCTAssertTrue(result.stderr.contains("gave up after 2 attempts"), result.stderr)
        XCTAssertTrue(result.stderr.lowercased().contains("connect"), result.stderr)
    }

    // MARK: Limits and broken responses

    func testTruncatedBodyFails() throws {
        let result = try run("-s", "http:url=\(url("truncated")),retries=1")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("response truncated: got 100 of 1000 bytes"), result.stderr)
        XCTAssertEqual(try hits("truncated"), 2, "a connection closed early is retried")
        XCTAssertEqual(result.output, "")
    }

    /// NDJSON whose body only the connection closing ended (HTTP/1.0, no Content-Length) reads
    /// as it came, with a note: cut at a line's end, it would look whole. With a length, or as
    /// one JSON text (which does not parse when cut), nothing is said.
    func testNDJSONEndedByClosingTheConnectionIsNoted() throws {
        let streamed = try run("-s", "http:url=\(url("lines-stream"))")
        XCTAssertEqual(streamed.status, 0, streamed.stderr)
        XCTAssertEqual(try records(streamed).count, 7)
        XCTAssertTrue(
            streamed.stderr.contains(
                "ended its NDJSON body by closing the connection (no Content-Length, not chunked): had the connection been cut at a line's end, the lines read would look whole"
            ), streamed.stderr)
        for path in ["lines", "big-stream"] {
            let result = try run("-s", "http:url=\(url(path))")
            XCTAssertEqual(result.status, 0, "\(path): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("closing the connection"), "\(path): \(result.stderr)")
        }
    }

    func testBodyOverMaxBytesIsAborted() throws {
        // The big body is a valid envelope: only the limit stops it.
        let unlimited = try run("-s", "http:url=\(url("big"))")
        XCTAssertEqual(unlimited.status, 0, unlimited.stderr)
        XCTAssertEqual(try records(unlimited).count, 400)

        for path in ["big", "big-stream"] {  // with Content-Length, and without (streamed to EOF)
            let result = try run("-s", "http:url=\(url(path)),max-bytes=2000")
            XCTAssertEqual(result.status, 1, "\(path): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("response larger than max-bytes 2000"), "\(path): \(result.stderr)")
            XCTAssertEqual(result.output, "")
        }
        XCTAssertEqual(try hits("big-stream"), 1, "an oversized body is not retried")
    }

    // MARK: Timeouts and cancellation

    func testSlowServerDoesNotHoldUpTheRunTimeout() throws {
        // The server holds the answer for 60 s; the run's 1 s and its grace end it long before.
        // The bound is loose on purpose: a loaded machine took 5.4 s, where 4 s was asked.
        let result = try run("samples/accounts/checking.json", "-s", "http:url=\(url("slow"))", "--timeout", "1")
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertLessThan(result.seconds, 20, "the run waited for the slow server")
        let records = try self.records(result)
        XCTAssertEqual(records.count, 7)
        XCTAssertEqual(Set(records.map { $0["source"] as? String }), ["checking"])
        XCTAssertTrue(result.stderr.contains("http (http): FAILED: timed out after 1s"), result.stderr)
        // It stopped when asked (polling is_cancelled), rather than being abandoned.
        XCTAssertFalse(result.stderr.contains("abandoned"), result.stderr)
    }

    /// Sources sent to one plugin host child together do not wait behind a slow one: those not
    /// begun are given back (`withdraw`) and another child runs them. The slow source is held
    /// by the server until every quick one has been asked for, and fails if they waited behind it.
    func testSourcesBehindASlowOneInItsChildAreRunElsewhere() throws {
        // Twelve sources, four children: a share of three, the slow one first in its child's.
        let quick = (1...11).flatMap { ["-s", "http:url=\(url("quick-\($0)"))"] }
        let result = try run(arguments: ["-s", "http:url=\(url("hold-for-quick/11"))"] + quick + ["--timeout", "60"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try records(result).count, 12 * 3)
        XCTAssertLessThan(result.seconds, 15, "the quick sources waited for the slow one")
    }

    func testTimeoutOptionLimitsTheWaitForAResponse() throws {
        let result = try run("-s", "http:url=\(url("slow")),timeout=1,retries=0", "--timeout", "20")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("no response within 1 s"), result.stderr)
        XCTAssertLessThan(result.seconds, 5)
    }

    // MARK: Secrets and TLS

    func testRejectedTokenNeverAppearsInOutput() throws {
        let token = "Bearer wrong-s3cr3t-77d2"
        for sink in ["ndjson", "json"] {
            let result = try txfeed(
                arguments: [
                    "run", "-s", "http:url=\(url("secret")),header.Authorization=env:BANK_TOKEN",
                    "samples/accounts/checking.json", "--sink", sink, "--no-progress",
                ],
                environment: environment(["BANK_TOKEN": token]))
            XCTAssertEqual(result.status, 3, result.stderr)
            XCTAssertTrue(result.stderr.contains("HTTP 401 Unauthorized from \(url("secret"))"), result.stderr)
            for text in [result.output, result.stderr] {
                XCTAssertFalse(text.contains("s3cr3t"), "the token leaked:\n\(text)")
            }
        }
        XCTAssertEqual(try hits("secret"), 2, "a 401 is not retried")
    }

    func testAcceptedTokenFromTheEnvironmentIsSentAndNotShown() throws {
        let result = try run(
            "-s", "http:url=\(url("secret")),header.Authorization=env:BANK_TOKEN",
            environment: ["BANK_TOKEN": goodToken])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try records(result).count, 3)
        XCTAssertFalse(result.output.contains("good-token") || result.stderr.contains("good-token"))
    }

    func testMissingEnvironmentVariableIsNamedNotGuessed() throws {
        let result = try run("-s", "http:url=\(url("secret")),header.Authorization=env:TXFEED_TEST_UNSET_TOKEN")
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("header.Authorization: environment variable TXFEED_TEST_UNSET_TOKEN is not set"),
            result.stderr)
        XCTAssertEqual(try hits("secret"), 0, "no request goes out without the header")
    }

    func testHeadersFollowRedirectsOnlyToTheSameOrigin() throws {
        for (path, expected) in [("redirect-home", "auth present"), ("redirect-away", "auth absent")] {
            let result = try run(
                "-s", "http:url=\(url(path)),header.Authorization=env:BANK_TOKEN",
                environment: ["BANK_TOKEN": goodToken])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(try records(result).first?["account"] as? String, expected, path)
        }
    }

    func testSelfSignedCertificateIsRefused() throws {
        let folder = try TemporaryFolder()
        let made = try runCommand(
            "/bin/sh",
            [
                "-c",
                "command -v openssl >/dev/null || exit 77; "
                    + "openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=127.0.0.1 "
                    + "-addext subjectAltName=IP:127.0.0.1 -keyout key.pem -out cert.pem",
            ], directory: folder.path)
        if made.status == 77 { throw XCTSkip("openssl is not installed") }
        XCTAssertEqual(made.status, 0, made.stderr)
        let tlsPort = try startServer(["--tls-cert", folder.path + "/cert.pem", "--tls-key", folder.path + "/key.pem"])
        let result = try run("-s", "http:url=https://127.0.0.1:\(tlsPort)/ok")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("TLS failed"), result.stderr)
        XCTAssertFalse(result.stderr.contains("retry"), "a certificate failure is not retried:\n\(result.stderr)")
    }

    // MARK: Options and the descriptor

    func testBadOptionValuesAreExplained() throws {
        let cases = [
            ("timeout=soon", "timeout must be a positive number"),
            ("retries=-1", "retries must be a whole number"),
            ("max-bytes=0", "max-bytes must be a positive whole number"),
            ("header.Bad Name=x", "is not a valid header name"),
        ]
        for (option, message) in cases {
            let result = try run("-s", "http:url=\(url("ok")),\(option)")
            XCTAssertEqual(result.status, 2, "\(option): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(option): \(result.stderr)")
        }
        XCTAssertEqual(try hits("ok"), 0)
    }

    func testPluginsCheckListsTheDeclaredOptions() throws {
        // The sample run needs a server on port 8080, so only the descriptor is asserted.
        let result = try txfeed(
            "plugins", "check", BuiltProducts.plugin("http"), "--timeout", "5", environment: environment([:]))
        XCTAssertTrue(result.output.contains("ok    loaded http (source plugin, ABI 1"), result.output)
        XCTAssertTrue(
            result.output.contains("ok    descriptor: 5 option(s): url, header.*, timeout, retries, max-bytes"),
            result.output)
        XCTAssertTrue(result.output.contains("ok    sample_config:"), result.output)
    }

    // MARK: Helpers

    private func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// Never go through a proxy a developer may have configured: the server is on loopback.
    private func environment(_ extra: [String: String]) -> [String: String] {
        ["no_proxy": "127.0.0.1,localhost", "NO_PROXY": "127.0.0.1,localhost"].merging(extra) { $1 }
    }

    private func run(_ arguments: String..., environment extra: [String: String] = [:]) throws -> CommandResult {
        try run(arguments: arguments, environment: extra)
    }

    private func run(arguments: [String], environment extra: [String: String] = [:]) throws -> CommandResult {
        try txfeed(
            arguments: ["run"] + arguments + ["--sink", "ndjson", "--no-progress"], environment: environment(extra))
    }

    private func records(_ result: CommandResult) throws -> [[String: Any]] {
        try result.output.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    /// Starts server.py and returns the port it printed once listening.
    private func startServer(_ arguments: [String]) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try TestPython.system())
        process.arguments = [BuiltProducts.fixtures + "/http/server.py"] + arguments
        let out = Pipe()
        process.standardOutput = out
        // Not the test run's own stderr: a server outliving a crashed test would hold the CI
        // log's pipe open, and the run would never end.
        process.standardError = FileHandle.nullDevice
        try process.run()
        servers.append(process)
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty {
                throw ServerError(description: "server.py exited before printing its port (is python3 installed?)")
            }
            line.append(chunk)
        }
        return try XCTUnwrap(Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// How many requests the server saw for the path starting with `name`.
    private func hits(_ name: String) throws -> Int {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var body: Data?
        URLSession.shared.dataTask(with: URL(string: url("hits/\(name)"))!) { data, _, _ in
            body = data
            done.signal()
        }.resume()
        done.wait()
        let object = try JSONSerialization.jsonObject(with: try XCTUnwrap(body)) as? [String: Int]
        return try XCTUnwrap(object?["hits"])
    }

    /// A port nothing listens on: bound, read, released.
    private func freePort() throws -> Int {
        let result = try runCommand(
            try TestPython.system(),
            [
                "-c",
                "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])",
            ])
        return try XCTUnwrap(Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)))
    }
}

private struct ServerError: Error, CustomStringConvertible {
    var description: String
}
