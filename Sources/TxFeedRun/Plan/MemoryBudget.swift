import Foundation
import TxFeedModel

/// `--memory SIZE` and `--temp-dir DIR`: how much the delivered records may hold in memory
/// before they spill to sorted runs in temporary files (docs/CLI.md, "Memory").
public struct MemoryBudget: Sendable, Equatable {
    /// 1 GiB: a million transactions take about 154 MiB in memory, so runs up to some six
    /// million never touch the disk.
    public static let defaultBytes = 1 << 30
    /// Below this a budget would spill every few records: a run file per delivery.
    public static let minimumBytes = 1 << 20

    public var bytes = defaultBytes
    /// Where runs go; nil for `$TMPDIR`, else `/tmp`.
    public var directory: String?
    /// Where a budget was set (`--memory`, or the config file's `"memory"`): with `--dedupe`
    /// or `--state` that is a usage error, as they need every record's identity in memory.
    public var setBy: String?

    public init() {}

    /// The folder runs are written to.
    public var folder: String {
        if let directory { return directory }
        let tmp = ProcessInfo.processInfo.environment["TMPDIR"] ?? ""
        return tmp.isEmpty ? "/tmp" : tmp
    }

    /// `512M`, `1G`, `1.5G`, `800K` or plain bytes; binary units (`1K` is 1024), an optional `B`
    /// or `iB` after the unit.
    /// - Parameters:
    ///   - name: where the size was given, for the error (`--memory`, or the config's key).
    public static func parse(_ text: String, name: String = "--memory") throws(UsageError) -> Int {
        guard let bytes = ByteSize.parse(text), bytes > 0 else {
            throw UsageError("\(name): '\(text)' is not a size (say 512M or 2G)")
        }
        guard bytes >= minimumBytes else { throw UsageError("\(name): '\(text)' is below the least, 1M") }
        return bytes
    }
}
