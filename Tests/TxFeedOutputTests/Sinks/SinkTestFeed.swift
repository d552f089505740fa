import Foundation
import TxFeedDecoding
import TxFeedModel
import TxFeedPipeline
import TxFeedPluginHost

@testable import TxFeedOutput

/// Builds a merged ``Feed`` from envelope texts, one source each, as the pipeline would.
enum SinkTestFeed {
    static func make(_ sources: [(name: String, text: String)], dedupe: Bool = false) -> Feed {
        var outcomes: [SourceOutcome] = []
        for (index, source) in sources.enumerated() {
            let decoded = Array(source.text.utf8).withUnsafeBufferPointer {
                DocumentDecoder(origin: source.name + ".json", sourceIndex: index).decode(text: $0)
            }
            outcomes.append(
                SourceOutcome(
                    data: decoded,
                    report: SourceReport(
                        name: source.name, plugin: "fixture", status: decoded.failures.isEmpty ? .success : .failure,
                        error: decoded.failures.first, count: decoded.transactions.count,
                        rejected: decoded.rejects.count,
                        documents: decoded.documents, failedDocuments: decoded.failures.count, elapsedMilliseconds: 0)))
        }
        return Feed(merging: outcomes, dedupe: dedupe)
    }

    /// One envelope; `transactions` are `(type, vendor, amount, date)`.
    static func envelope(
        name: String, balance: String? = "1234.56", currency: String? = "USD", profile: String? = nil,
        _ transactions: [(Int, String, String, String)]
    ) -> String {
        var body = #""name":\#(json(name))"#
        if let balance { body += #","currentBalance":\#(balance)"# }
        if let currency { body += #","currency":\#(json(currency))"# }
        if let profile { body += #","profile":\#(profile)"# }
        let rows = transactions.map {
            #"{"type":\#($0.0),"vendor":\#(json($0.1)),"amount":\#($0.2),"date":"\#($0.3)"}"#
        }
        body += #","transactions":[\#(rows.joined(separator: ","))]"#
        return #"{"status":200,"message":"ok","body":{\#(body)}}"#
    }

    /// A JSON string literal for `text`.
    static func json(_ text: String) -> String { JSONString.quoted(text) }

    /// What a sink writes for `feed`, as bytes.
    static func render(
        _ sink: FeedSink, _ feed: Feed, palette: Palette = .legacy, colour: Bool = false,
        trueColour: Bool = true, timeZone: TimeZone? = nil, threads: Int = 2
    ) throws -> [UInt8] {
        let path = "/dev/null"
        let writer = OutputWriter(fd: -1, name: path)
        let context = FeedContext(
            colours: palette.colours(of: feed.vendors), dayFormat: DayFormat(timeZone: timeZone),
            colour: colour, trueColour: trueColour, threads: threads)
        try sink.write(feed, context: context, to: writer)
        // A large output was flushed into `captured` on the way.
        return writer.captured + writer.buffer
    }
}

extension FeedContext {
    /// The context `txfeed run` gives sinks by default: legacy colours, UTC days.
    static func legacy(_ feed: Feed) -> FeedContext {
        FeedContext(colours: Palette.legacy.colours(of: feed.vendors))
    }
}
