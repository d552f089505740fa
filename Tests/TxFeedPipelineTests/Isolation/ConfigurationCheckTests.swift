import TxFeedPluginHost
import TxFeedTestSupport
import XCTest

@testable import TxFeedPipeline

/// A source's configuration is checked in a plugin host child before it runs
/// (``IsolatedPluginSource/open()``), with the run's timeout as its deadline.
final class ConfigurationCheckTests: XCTestCase {
    /// Once answered, the check leaves nothing of its child behind: its timer held the child
    /// for the whole timeout, and a `watch` refreshing every 10 ms kept each refresh's child
    /// and its frame buffer (1.6 MB a refresh of 50,000 records) for 30 s.
    func testAnAnsweredCheckLeavesItsChildToTheRunAlone() throws {
        let pool = PluginChildPool(executable: BuiltProducts.txfeed)
        let plugin = try pool.load(path: BuiltProducts.plugin("random-users"))
        let source = IsolatedPluginSource(plugin: plugin, options: [], pool: pool, checkTimeout: 600)
        XCTAssertNil(source.open(), "random-users takes an empty configuration")
        // The child the check gave back, taken again and given back as a run would.
        var taken: PluginChild? = try pool.acquire(plugin.path)
        weak let child = taken
        pool.release(taken!)
        taken = nil
        pool.shutdown()
        XCTAssertNil(child, "the ended child is still held (by the check's timer?)")
    }
}
