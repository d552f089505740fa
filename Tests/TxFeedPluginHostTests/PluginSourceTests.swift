import Synchronization
import TxFeedModel
import TxFeedTestSupport
import XCTest

@testable import TxFeedPluginHost

/// A real C plugin (the built fixture source) driven through `PluginSource`: its callbacks
/// reach the Swift events, and nothing of a finished run stays behind.
final class PluginSourceTests: XCTestCase {
    func fixture(_ file: String) throws -> PluginSource {
        let plugin = try PluginLoader.load(path: BuiltProducts.plugin("fixture"))
        return PluginSource(plugin: plugin, options: [("path", BuiltProducts.repository + "/samples/accounts/" + file)])
    }

    func testTheCallbacksReachTheEventsAndTheRunLetsGoOfThem() throws {
        let source = try fixture("checking.json")
        weak var weakEvents: Recorder?
        try {
            let events = Recorder()
            weakEvents = events
            XCTAssertNil(source.open())
            XCTAssertEqual(source.run(events), .completed)
            source.close()
            XCTAssertEqual(events.documents.count, 1)
            XCTAssertTrue(events.documents[0].origin?.hasSuffix("checking.json") ?? false, "\(events.documents)")
            let text = try XCTUnwrap(events.documents.first?.text)
            XCTAssertTrue(text.contains("\"transactions\""), "the envelope's own bytes")
        }()
        XCTAssertNil(weakEvents, "the plugin's context was released when run returned")
    }

    func testRunOpensWhenNotOpenedAndReportsARefusal() throws {
        let missing = try fixture("no-such-file.json")
        let result = missing.run(Recorder())
        guard case .failed(let message) = result else { return XCTFail("\(result)") }
        XCTAssertTrue(message.contains("no-such-file.json"), message)
    }

    func testACancelledRunIsToldToStop() throws {
        let source = try fixture("checking.json")
        let events = Recorder(cancelled: true)
        let result = source.run(events)
        source.close()
        XCTAssertEqual(result, .failed("stopped"), "it returned TXFEED_STOP without a message of its own")
        XCTAssertLessThanOrEqual(events.documents.count, 1, "nothing after the first answer to stop")
    }
}

/// Records what a plugin hands over.
final class Recorder: SourceEvents {
    private let state: Mutex<[(text: String, origin: String?)]>
    private let cancelled: Bool

    init(cancelled: Bool = false) {
        self.cancelled = cancelled
        state = Mutex([])
    }

    var documents: [(text: String, origin: String?)] { state.withLock { $0 } }

    func document(text: UnsafeBufferPointer<UInt8>, origin: String?) -> CallbackAnswer {
        state.withLock { $0.append((String(decoding: text, as: UTF8.self), origin)) }
        return cancelled ? .stop : .proceed
    }

    func document(text: UnsafeBufferPointer<UInt8>, origin: String?, part: TextPart) -> CallbackAnswer {
        document(text: text, origin: origin)
    }
    func transactions(text: UnsafeBufferPointer<UInt8>, part: TextPart) -> CallbackAnswer { .proceed }
    func document(janssonValue: UnsafeMutableRawPointer, origin: String?) -> CallbackAnswer { .proceed }
    func beginAccount(text: UnsafeBufferPointer<UInt8>, originBytes: UnsafeBufferPointer<UInt8>?) -> CallbackAnswer {
        .proceed
    }
    func beginAccount(fields: AccountFields, originBytes: UnsafeBufferPointer<UInt8>?) -> CallbackAnswer { .proceed }
    func transactions(text: UnsafeBufferPointer<UInt8>) -> CallbackAnswer { .proceed }
    func endAccount(balance: UnsafeBufferPointer<UInt8>?) -> CallbackAnswer { .proceed }
    func entries(_ entries: UnsafeBufferPointer<EntryFields>) -> CallbackAnswer { .proceed }
    func reject(location: String, reason: String, raw: [UInt8]) -> CallbackAnswer { .proceed }
    func failAccount(reason: String) -> CallbackAnswer { .proceed }
    var isCancelled: Bool { cancelled }
    func log(_ level: PluginLogLevel, _ message: String) {}
}
