import Foundation
import TxFeedTestSupport
import XCTest

/// The bank fixtures broken on purpose, the same way on every run: flipped, inserted and deleted
/// bytes, cuts, doubled separators and quotes, unterminated quotes, NUL bytes, huge fields. txfeed
/// must never die of a signal or hang on them, must exit 0, 1, 2 or 3, and every failure must
/// name its file. All the cases go through one process (a folder), a handful through `-s csv:`.
final class CSVFuzzRunTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    static let fixtures = [
        "sparkasse-giro.csv", "us-card.csv", "uk-current.csv", "utf16-export.csv", "ambiguous-dates.csv",
        "bad-rows.csv",
    ]

    /// SplitMix64 with its own bounded draw, so the cases do not change with the standard
    /// library's random algorithms.
    struct SeededGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }

        /// A number in 0..<bound (bound > 0).
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
    }

    /// Where a mutation strikes: any offset, or one just after a given byte (a separator, a quote).
    static func offset(in bytes: [UInt8], _ random: inout SeededGenerator, after wanted: Set<UInt8>? = nil) -> Int {
        guard let wanted else { return random.below(bytes.count + 1) }
        let candidates = bytes.indices.filter { wanted.contains(bytes[$0]) }
        guard !candidates.isEmpty else { return random.below(bytes.count + 1) }
        return candidates[random.below(candidates.count)] + 1
    }

    static let separators: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t"), UInt8(ascii: "|")]
    static let quote = UInt8(ascii: "\"")
    static let newline = UInt8(ascii: "\n")

    /// One way of breaking a file; its raw value goes into the case's file name.
    enum Mutation: String, CaseIterable {
        case flip, insert, delete, cut, separators, quotes, unterminated, nul
        case hugeField = "huge-field"
        case lineEnds = "line-ends"
        case dropLines = "drop-lines"
        case shuffleLines = "shuffle-lines"

        func apply(to bytes: inout [UInt8], _ random: inout SeededGenerator) {
            let fuzz = CSVFuzzRunTests.self
            switch self {
            case .flip:
                for _ in 0..<(1 + random.below(8)) where !bytes.isEmpty {
                    bytes[random.below(bytes.count)] ^= 1 << UInt8(random.below(8))
                }
            case .insert:
                for _ in 0..<(1 + random.below(16)) {
                    bytes.insert(random.byte(), at: random.below(bytes.count + 1))
                }
            case .delete:
                guard !bytes.isEmpty else { return }
                let start = random.below(bytes.count)
                bytes.removeSubrange(start..<min(bytes.count, start + 1 + random.below(64)))
            case .cut:
                bytes.removeSubrange(random.below(bytes.count + 1)...)
            case .separators:
                for _ in 0..<(1 + random.below(4)) {
                    let at = fuzz.offset(in: bytes, &random, after: fuzz.separators)
                    let separator = at > 0 ? bytes[at - 1] : UInt8(ascii: ",")
                    bytes.insert(contentsOf: repeatElement(separator, count: 1 + random.below(5)), at: at)
                }
            case .quotes:
                for _ in 0..<(1 + random.below(4)) {
                    let at = fuzz.offset(in: bytes, &random, after: [fuzz.quote])
                    bytes.insert(contentsOf: repeatElement(fuzz.quote, count: 1 + random.below(3)), at: at)
                }
            case .unterminated:
                // A quote opening a field that never closes: the rest of the file is one cell.
                bytes.insert(
                    fuzz.quote, at: fuzz.offset(in: bytes, &random, after: fuzz.separators.union([fuzz.newline])))
            case .nul:
                for _ in 0..<(1 + random.below(4)) {
                    let at = random.below(bytes.count + 1)
                    bytes.insert(contentsOf: repeatElement(0, count: 1 + random.below(3)), at: at)
                }
            case .hugeField:
                let filler = [UInt8(ascii: "9"), UInt8(ascii: "x"), fuzz.quote, UInt8(ascii: ";")][random.below(4)]
                let at = fuzz.offset(in: bytes, &random, after: fuzz.separators)
                bytes.insert(contentsOf: repeatElement(filler, count: 200_000 + random.below(100_000)), at: at)
            case .lineEnds:
                // Old Mac CR-only ends, or every CR gone, or a lone CR in the middle of a line.
                switch random.below(3) {
                case 0: bytes = bytes.map { $0 == fuzz.newline ? 0x0D : $0 }
                case 1: bytes.removeAll { $0 == 0x0D }
                default: bytes.insert(0x0D, at: random.below(bytes.count + 1))
                }
            case .dropLines:
                var lines = bytes.split(separator: fuzz.newline, omittingEmptySubsequences: false)
                for _ in 0..<(1 + random.below(3)) where !lines.isEmpty { lines.remove(at: random.below(lines.count)) }
                bytes = Array(lines.joined(separator: [fuzz.newline]))
            case .shuffleLines:
                var lines = bytes.split(separator: fuzz.newline, omittingEmptySubsequences: false)
                for index in lines.indices.reversed() where index > 0 { lines.swapAt(index, random.below(index + 1)) }
                bytes = Array(lines.joined(separator: [fuzz.newline]))
            }
        }
    }

    /// Every case as (file name, bytes): each mutation twice on each fixture, plus a few edge files.
    /// 12 × 2 × 6 + 4 = 148.
    static func cases() throws -> [(name: String, bytes: [UInt8])] {
        var random = SeededGenerator(state: 20_241_124)
        var cases: [(String, [UInt8])] = [
            ("empty.csv", []), ("bom-only.csv", [0xEF, 0xBB, 0xBF]), ("utf16-bom-only.csv", [0xFF, 0xFE]),
            ("header-only.csv", Array("Date,Description,Amount\n".utf8)),
        ]
        for fixture in fixtures {
            let path = BuiltProducts.fixtures + "/bank/" + fixture
            let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let stem = (fixture as NSString).deletingPathExtension
            for mutation in Mutation.allCases {
                for round in 1...2 {
                    var bytes = original
                    mutation.apply(to: &bytes, &random)
                    let number = String(format: "%03d", cases.count)
                    cases.append(("\(number)-\(mutation.rawValue)\(round)-\(stem).csv", bytes))
                }
            }
        }
        return cases
    }

    /// Runs txfeed (default signal actions) to its end within the helpers' deadline, and checks it
    /// exited by itself with a documented status.
    private func run(_ arguments: [String]) throws -> CommandResult {
        let running = try startTxfeed(arguments)
        let result = try running.finish(within: commandDeadline)
        XCTAssertEqual(
            running.process.terminationReason, .exit,
            "died of signal \(running.process.terminationStatus): \(arguments)\n\(result.stderr.suffix(3000))")
        XCTAssertTrue([0, 1, 2, 3].contains(result.status), "status \(result.status): \(arguments)\n\(result.stderr)")
        return result
    }

    /// Failure lines of the run summary: `txfeed: NAME (PLUGIN): FAILED: why`.
    private func failures(in stderr: String) -> [(source: String, line: String)] {
        stderr.split(separator: "\n").compactMap { line in
            guard line.contains("): FAILED:"), let open = line.range(of: " (") else { return nil }
            let source = line[..<open.lowerBound].replacingOccurrences(of: "txfeed: ", with: "")
            return (source, String(line))
        }
    }

    func testBrokenBankFilesNeverCrashOrHangAndEveryFailureNamesItsFile() throws {
        let cases = try Self.cases()
        XCTAssertLessThanOrEqual(cases.count, 150)
        for (name, bytes) in cases { try folder.write("cases/" + name, Data(bytes)) }
        let stems = Dictionary(
            uniqueKeysWithValues: cases.map { (($0.name as NSString).deletingPathExtension, $0.name) })

        // All of them in one process: one source per file.
        let all = try run([
            "run", folder.path + "/cases", "--sink", "ndjson", "--no-progress", "--timeout", "20",
            "--rejects", folder.path + "/rejects.ndjson",
        ])
        for stem in stems.keys.sorted() {
            XCTAssertTrue(all.stderr.contains("txfeed: \(stem) ("), "\(stem) is reported, never skipped")
        }
        let failed = failures(in: all.stderr)
        // The empty file and the ambiguous dates fail: the naming check below has lines to check.
        XCTAssertFalse(failed.isEmpty, String(all.stderr.suffix(3000)))
        for (source, line) in failed {
            guard let file = stems[source] else {
                XCTFail("a failure for no case: \(line)")
                continue
            }
            XCTAssertTrue(line.contains(file), "the failure names its file \(file): \(line)")
        }
        // 0 exactly when nothing failed and nothing was rejected (`read R = written W + rejected 0`).
        let rejected = all.stderr.contains(#/\+ rejected [1-9]/#)
        XCTAssertEqual(all.status == 0, failed.isEmpty && !rejected, String(all.stderr.suffix(3000)))

        // A handful forced onto the csv source, each alone: a failure then is the whole run's.
        for (name, _) in stride(from: 0, to: cases.count, by: 25).map({ cases[$0] }) {
            let path = folder.path + "/cases/" + name
            let alone = try run(["run", "-s", "csv:" + path, "--sink", "ndjson", "--no-progress", "--timeout", "20"])
            if alone.status == 1 || alone.status == 2 || alone.stderr.contains("FAILED") {
                XCTAssertTrue(alone.stderr.contains(name), "the failure names \(name): \(alone.stderr)")
            }
        }
    }
}
