import Foundation
import TxFeedTestSupport
import XCTest

/// txfeed's CSV against the hand-written C reference (`bench/floor.c`, jansson + libc
/// drand48) on generated data with awkward vendors: dates, days, vendors, amounts and legacy
/// colours must agree row for row.
final class FloorParityTests: XCTestCase {
    func testCSVMatchesTheCReferenceRowForRow() throws {
        // Part of the repository: a missing file is a failure, never a skip.
        let bench = BuiltProducts.repository + "/bench"
        for file in ["floor.c", "gen_transactions.py"] {
            guard FileManager.default.fileExists(atPath: bench + "/" + file) else {
                return XCTFail("bench/\(file) is missing from the repository")
            }
        }
        let folder = try TemporaryFolder()
        let input = folder.path + "/tx.json"
        let floor = folder.path + "/floor"
        XCTAssertEqual(
            try runCommand(try TestPython.system(), [bench + "/gen_transactions.py", "5000", input, "--seed", "7"])
                .status, 0)
        let cc = try runCommand(
            "/bin/sh", ["-c", "cc -O2 -o \"$1\" \"$2\" -ljansson -lm", "sh", floor, bench + "/floor.c"])
        XCTAssertEqual(cc.status, 0, cc.stderr)
        let reference = try runCommand(floor, [input])
        XCTAssertEqual(reference.status, 0, reference.stderr)
        try reference.stdout.write(to: URL(fileURLWithPath: folder.path + "/floor.csv"))

        let ours = try txfeed("run", input, "--sink", "csv", "-o", folder.path + "/ours.csv")
        XCTAssertEqual(ours.status, 0, ours.stderr)

        // An independent CSV reader compares the shared columns.
        let compare = """
            import csv, sys
            f = list(csv.reader(open(sys.argv[1], newline='')))
            o = list(csv.reader(open(sys.argv[2], newline='')))
            assert len(f) == len(o) == 5001, (len(f), len(o))
            bad = 0
            for a, b in zip(f[1:], o[1:]):
                vendor = b[3][1:] if b[3][:1] == "'" else b[3]
                if (a[0], a[1], a[2], a[3], a[4]) != (b[0], b[1], vendor, b[5], b[7]):
                    bad += 1
                    print(a, b)
            print("mismatches", bad)
            sys.exit(1 if bad else 0)
            """
        let result = try runCommand(
            try TestPython.system(), ["-c", compare, folder.path + "/floor.csv", folder.path + "/ours.csv"])
        XCTAssertEqual(result.status, 0, result.output + result.stderr)
    }
}
