import Foundation

/// A look at the processes running this build's `txfeed` that this test process started:
/// txfeed itself, its plugin host children, and what a plugin forked from one without exec,
/// whatever their process group, session or parent (a daemon's double fork leaves all three).
public struct TxfeedProcesses {
    /// Each one's parent, by process id.
    public let parents: [Int32: Int32]

    /// This test process's mark in the environment of every process it starts, and theirs
    /// (a daemon keeps its environment through its double fork): `bin/test` runs test classes
    /// in processes side by side, and one must neither count nor end another's txfeed.
    private static let mark: [UInt8] = {
        setenv("TXFEED_TEST_PROCESS", String(getpid()), 1)
        return Array("TXFEED_TEST_PROCESS=\(getpid())".utf8)
    }()

    public init() {
        let mark = Self.mark
        var parents: [Int32: Int32] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(name),
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe"))
                    == BuiltProducts.txfeed,
                let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ"),
                environment.split(separator: 0).contains(where: { $0.elementsEqual(mark) }),
                let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let end = stat.lastIndex(of: ")")
            else { continue }
            // After the command's closing parenthesis: state, then the parent.
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            if fields.count > 1, let parent = Int32(fields[1]) { parents[pid] = parent }
        }
        self.parents = parents
    }

    public var pids: Set<Int32> { Set(parents.keys) }

    /// Those that are neither `ancestor` nor below it.
    public func outside(_ ancestor: Int32) -> Set<Int32> {
        pids.filter { pid in
            var at = pid
            var steps = 0
            while at != ancestor, let parent = parents[at], steps < 64 {
                at = parent
                steps += 1
            }
            return at != ancestor
        }
    }

    /// Waits up to `seconds` (a loaded machine reaps slowly) for those of `among` not in
    /// `before` to end; returns the ones still there.
    public static func left(
        since before: Set<Int32>, within seconds: Double = 10,
        among: (TxfeedProcesses) -> Set<Int32> = { $0.pids }
    ) -> Set<Int32> {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let left = among(TxfeedProcesses()).subtracting(before)
            if left.isEmpty || Date() >= deadline { return left }
            usleep(50_000)
        }
    }

    /// Whether process `pid` has started a child (any of its threads): for a test that signals
    /// `txfeed` once it is past start-up (its plugin host children are started after its first
    /// line takes the stop signals), not after a guess at how long start-up takes.
    public static func hasChildren(_ pid: Int32) -> Bool {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.contains { task in
            let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
            return !children.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        }
    }
}
