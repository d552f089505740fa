import TxFeedDecoding
import TxFeedModel
import XCTest

@testable import TxFeedPipeline

/// A recorded small account replays its calls in the order they came, whatever they were:
/// the same data as decoding each call as it came.
final class StreamedAccountRecordingTests: XCTestCase {
    enum Call {
        case batch(String)
        case reject(String)
        case fail(String)
    }

    static let envelope = #"{"body":{"name":"A","currency":"EUR","transactions":[]}}"#

    static func record(_ n: Int) -> String {
        #"{"type":1,"vendor":"v\#(n)","amount":\#(n),"date":"2024-01-01"}"#
    }

    func summary(_ data: SourceData) -> [String] {
        data.transactions.map { "\($0.amountMinor) \(data.vendors.name(of: $0.vendor))" }
            + data.rejects.map { "\($0.path): \($0.reason)" } + data.failures
    }

    func check(_ calls: [Call], file: StaticString = #filePath, line: UInt = #line) {
        let decoder = DocumentDecoder(origin: "r", sourceIndex: 0, threads: 1)
        var live = Array(Self.envelope.utf8).withUnsafeBufferPointer { StreamedAccount(decoder: decoder, envelope: $0) }
        var recording = Array(Self.envelope.utf8).withUnsafeBufferPointer {
            StreamedAccountRecording(origin: "r", envelope: $0)
        }
        for call in calls {
            switch call {
            case .batch(let text):
                Array(text.utf8).withUnsafeBufferPointer {
                    live.add(batch: $0)
                    recording.add(batch: $0)
                }
            case .reject(let location):
                live.reject(location: location, reason: "bad", raw: [0x61])
                recording.reject(location: location, reason: "bad", raw: [0x61])
            case .fail(let reason):
                live.fail(reason)
                recording.fail(reason)
            }
        }
        // Both ways: replayed into an account of its own, and decoded in place into data.
        let replayed = recording.replay(decoder).finish()
        var decoded = SourceData()
        recording.decode(decoder, into: &decoded)
        let expected = summary(live.finish())
        XCTAssertEqual(summary(replayed), expected, file: file, line: line)
        XCTAssertEqual(summary(decoded), expected, file: file, line: line)
        XCTAssertFalse(expected.isEmpty, file: file, line: line)
    }

    func testEveryOrderOfCallsReplaysAsItCame() {
        let two = "[\(Self.record(1)),\(Self.record(2))]"
        check([.batch(two)])
        check([.batch("[]"), .batch(two), .batch("[\(Self.record(3))]")])
        check([.reject("row 1"), .batch(two), .reject("row 4"), .batch("[\(Self.record(5))]")])
        check([.batch(two), .reject("row 3"), .batch("[\(Self.record(4))]")])
        check([.batch(two), .fail("gone"), .batch("[\(Self.record(4))]")])
        check([.batch("[{"), .batch(two)])
    }
}
