import Foundation
import TxFeedTestSupport
import XCTest

/// The built `librandom-users.so`, through the built CLI (and once through a tiny C host, for
/// what only the ABI shows: batch sizes and stopping).
///
/// Invalid option values (`users=abc`) are refused by the plugin's `open`, which the host calls
/// for every source before any runs: a configuration error, exit 2, with the plugin's message.
/// Unknown option names are refused by the host itself, also with exit 2.
final class RandomUsersTests: XCTestCase {
    /// NDJSON lines as objects.
    func records(_ result: CommandResult) throws -> [[String: Any]] {
        try result.output.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    func testEmitsExactlyUsersTimesTransactionsRecords() throws {
        // 5000 a user crosses the 4096 batch boundary.
        let result = try txfeed("run", "-s", "random-users:seed=42,users=3,transactions=5000", "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = try records(result)
        XCTAssertEqual(rows.count, 15000)
        let perAccount = Dictionary(grouping: rows) { $0["account"] as? String ?? "" }.mapValues(\.count)
        XCTAssertEqual(perAccount.count, 3, "\(perAccount.keys)")
        XCTAssertEqual(Set(perAccount.values), [5000])
        XCTAssertTrue(result.stderr.contains("read 15000 = written 15000 + rejected 0"), result.stderr)
    }

    func testDefaultsAreThreeUsersOfTwentyTransactions() throws {
        let result = try txfeed("run", "-s", "random-users", "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try records(result).count, 60)
    }

    func testSameSeedIsByteIdenticalAndAnotherSeedIsNot() throws {
        let spec = "random-users:seed=7,users=4,transactions=300"
        let first = try txfeed("run", "-s", spec, "--sink", "csv")
        let second = try txfeed("run", "-s", spec, "--sink", "csv")
        let other = try txfeed("run", "-s", "random-users:seed=8,users=4,transactions=300", "--sink", "csv")
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertFalse(first.stdout.isEmpty)
        XCTAssertEqual(first.stdout, second.stdout)
        XCTAssertEqual(other.status, 0, other.stderr)
        XCTAssertNotEqual(first.stdout, other.stdout)
    }

    func testVendorsExerciseUnicodeAndQuoting() throws {
        let result = try txfeed("run", "-s", "random-users:seed=3,users=2,transactions=2000", "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        // Compare bytes: Swift's String == would equate the decomposed and precomposed ë.
        let vendors = Set(try records(result).compactMap { ($0["vendor"] as? String).map { Array($0.utf8) } })
        for expected in [
            "Boulangerie Noe\u{308}l", "\u{1F355} Pizza Palace", "Smith, Jones & Co.", #"Joe's "Best" Burgers"#,
            "Café Zoë",
        ] {
            XCTAssertTrue(vendors.contains(Array(expected.utf8)), "no \(expected)")
        }
    }

    func testJPYAmountsHaveNoDecimals() throws {
        let result = try txfeed("run", "-s", "random-users:seed=5,users=20,transactions=10", "--sink", "ndjson")
        XCTAssertEqual(result.status, 0, result.stderr)
        var yen = 0
        for row in try records(result) {
            let amount = try XCTUnwrap(row["amount"] as? String)
            if row["currency"] as? String == "JPY" {
                yen += 1
                XCTAssertFalse(amount.contains("."), amount)
                XCTAssertEqual(row["amount_minor"] as? Int, Int(amount))
            } else {
                XCTAssertNotNil(amount.range(of: #"^-?[0-9]+\.[0-9]{2}$"#, options: .regularExpression), amount)
            }
        }
        XCTAssertGreaterThan(yen, 0, "seed 5 should give at least one JPY account")
    }

    func testEveryUserFailingFailsTheRun() throws {
        let result = try txfeed("run", "-s", "random-users:users=3,failure-rate=1", "--sink", "ndjson")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("simulated failure for user"), result.stderr)
        XCTAssertTrue(result.output.isEmpty)
    }

    /// Half the users fail. A second, healthy source keeps this about the plugin: the host
    /// currently counts a lone source with some failed documents as "every source failed"
    /// (exit 1, nothing written), which is the core's rule to settle, not this plugin's.
    func testSomeUsersFailingIsPartial() throws {
        let result = try txfeed(
            "run", "-s", "random-users:seed=9,users=10,transactions=4,failure-rate=0.5",
            "-s", "random-users:seed=10,users=2,transactions=4", "--sink", "ndjson")
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("simulated failure for user"), result.stderr)
        let rows = try records(result).filter { $0["source"] as? String == "random-users" }
        XCTAssertEqual(Set(rows.compactMap { $0["account"] as? String }).count, 5, "exactly half of 10 users fail")
        XCTAssertEqual(rows.count, 20)
    }

    func testLatencyIsCancelledByTheTimeout() throws {
        let result = try txfeed("run", "-s", "random-users:latency=5", "--timeout", "1", "--sink", "ndjson")
        XCTAssertLessThan(result.seconds, 4, "the plugin did not stop sleeping when cancelled")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("timed out"), result.stderr)
    }

    func testPluginsCheckPasses() throws {
        let result = try txfeed("plugins", "check", BuiltProducts.plugin("random-users"))
        XCTAssertEqual(result.status, 0, result.output + result.stderr)
    }

    func testInvalidOptionValuesAreConfigurationErrorsWithExit2() throws {
        let cases = [
            ("users=abc", "users must be a whole number from 1 to 1000000"),
            ("users=1000001", "users must be a whole number from 1 to 1000000"),
            ("users=0", "users must be a whole number"),
            ("transactions=-5", "transactions must be a whole number"),
            ("seed=1.5", "seed must be a whole number"),
            ("failure-rate=1.5", "failure-rate must be a share from 0 to 1"),
            ("latency=soon", "latency must be seconds"),
        ]
        for (option, message) in cases {
            let result = try txfeed("run", "-s", "random-users:\(option)", "--sink", "ndjson")
            XCTAssertEqual(result.status, 2, "\(option): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(option): \(result.stderr)")
            XCTAssertTrue(result.output.isEmpty)
        }
    }

    func testUnknownOptionIsAUsageErrorWithExit2() throws {
        let result = try txfeed("run", "-s", "random-users:users=2,colour=red")
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("colour"), result.stderr)
        XCTAssertTrue(result.stderr.contains("failure-rate"), "should list the valid options: \(result.stderr)")
    }

    // MARK: The ABI itself

    /// A minimal host in C: prints one line per callback, and answers TXFEED_STOP to the
    /// batch numbered by its third argument.
    static let host = #"""
        #include <dlfcn.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include "txfeed_plugin.h"
        static long batches, stop_at = -1;
        static int begin(const txfeed_source_host *h, const txfeed_account *a, const char *o) { printf("begin %.*s %.*s %.*s\n", (int)a->name.length, a->name.data, (int)a->currency.length, a->currency.data, (int)a->balance.length, a->balance.data); return 0; }
        static int batch(const txfeed_source_host *h, const txfeed_entry *e, size_t n, size_t size) { printf("batch %zu %.*s %.*s\n", n, (int)e->date.length, e->date.data, (int)e->amount.length, e->amount.data); return ++batches == stop_at ? TXFEED_STOP : TXFEED_OK; }
        static int end(const txfeed_source_host *h) { puts("end"); return 0; }
        static int cancelled(const txfeed_source_host *h) { return 0; }
        static void say(const txfeed_source_host *h, int level, const char *m) { printf("log %s\n", m); }
        int main(int argc, char **argv) {
            void *lib = dlopen(argv[1], RTLD_NOW);
            if (!lib) { fprintf(stderr, "%s\n", dlerror()); return 2; }
            const txfeed_plugin *p = ((txfeed_plugin_entry_fn)dlsym(lib, TXFEED_ENTRY_SYMBOL))();
            if (argc > 3) stop_at = atol(argv[3]);
            txfeed_source_host host = {.abi_version = TXFEED_ABI_VERSION, .struct_size = sizeof host, .end_account = end,
                .is_cancelled = cancelled, .log = say, .emit_entries = batch, .begin_account_fields = begin};
            void *state = NULL; char *error = NULL;
            int status = p->open(argv[2], &state, &error);
            if (status == TXFEED_OK) { status = p->run(state, &host, &error); p->close(state); }
            printf("run %d %s\n", status, error ? error : "");
            if (error) p->free_error(error);
            return 0;
        }
        """#

    func runInCHost(_ config: String, stopAtBatch: Int? = nil) throws -> [Substring] {
        let folder = try TemporaryFolder()
        let source = try folder.write("host.c", Self.host)
        let built = try runCommand(
            "/bin/sh",
            ["-c", #"cc -I"$1" -o "$2" "$3" -ldl"#, "sh", BuiltProducts.header, folder.path + "/host", source])
        XCTAssertEqual(built.status, 0, built.stderr)
        var arguments = [BuiltProducts.plugin("random-users"), config]
        if let stopAtBatch { arguments.append(String(stopAtBatch)) }
        let result = try runCommand(folder.path + "/host", arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.output.split(separator: "\n")
    }

    func testStreamsBatchesOfAtMost4096() throws {
        let lines = try runInCHost(#"{"seed":"1","users":"1","transactions":"10000"}"#)
        XCTAssertEqual(
            lines.map { $0.prefix(while: { $0 != " " }) }, ["begin", "batch", "batch", "batch", "end", "run"])
        // The account's name, currency and balance as plain fields; each batch's first entry's
        // date and signed amount.
        XCTAssertNotNil(
            lines[0].range(
                of: #"^begin .+ ••[0-9]{6} (USD|EUR|GBP|JPY) [0-9]+(\.[0-9]+)?$"#, options: .regularExpression),
            String(lines[0]))
        let batches = lines.filter { $0.hasPrefix("batch ") }
        XCTAssertEqual(batches.map { $0.split(separator: " ")[1] }, ["4096", "4096", "1808"])
        for line in batches {
            XCTAssertNotNil(
                line.range(
                    of:
                        #"^batch [0-9]+ 20[12][0-9]-[01][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-5][0-9] -?[0-9]+(\.[0-9]+)?$"#,
                    options: .regularExpression), String(line))
        }
        XCTAssertEqual(lines.last, "run 0 ")
    }

    func testStopsWhenTheHostAnswersStop() throws {
        let lines = try runInCHost(#"{"users":"3","transactions":"10000"}"#, stopAtBatch: 2)
        XCTAssertEqual(lines.filter { $0.hasPrefix("batch ") }.count, 2)
        XCTAssertEqual(lines.last, "run 2 ")  // TXFEED_STOP, at once, with no error
    }
}
