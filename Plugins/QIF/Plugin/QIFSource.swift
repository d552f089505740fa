// The `qif` source: Quicken Interchange Format files. This file is the plugin's edge; how a file
// is read lives in QIFReading, which knows nothing of the ABI, and the talk with the host in
// SourceKit.
import QIFReading
import SourceKit
import StatementText
import TxFeedPluginABI

@_cdecl("txfeed_plugin_entry")
public func txfeedPluginEntry() -> UnsafePointer<txfeed_plugin> {
    QIFFileSource.descriptor
}

/// One configured source: the file and the settings, checked at `open`.
final class QIFFileSource: FileSource {
    // Built once by the lazy initialiser, read-only afterwards.
    nonisolated(unsafe) static let descriptor = SourcePluginDescriptor.make(
        QIFFileSource.self,
        SourceDescription(
            name: "qif", summary: "Reads Quicken QIF files: bank, card and cash accounts; splits listed in the memo",
            version: "1.0.0", options: QIFSettings.declared,
            sampleConfig: #"{"path": "statement.qif"}"#,
            identify: { path, head in QIFDocument.confidence(path: path, head: head) }))

    /// How many records go to the host in one call, as for csv.
    static let batchSize = 4096

    let path: String
    let settings: QIFSettings

    init(options: [String: String]) throws {
        path = try PluginOptions.path(in: options, what: "the QIF file")
        do { settings = try QIFSettings(options: options) } catch { throw PluginFailure("\(error)") }
    }

    func run(_ channel: HostChannel) throws -> Bool {
        let document = try read()
        guard document.problems.isEmpty else { throw PluginFailure(document.problems.joined(separator: "; ")) }
        for note in document.notes { channel.log("\(path): \(note)") }
        for warning in document.warnings { channel.log("\(path): \(warning)", level: Int32(TXFEED_LOG_WARNING)) }
        for (index, name) in document.accountNames.enumerated() {
            let going = channel.account(name: name, currency: document.currency, id: nil, origin: path) {
                var going = true
                document.forEachBatch(account: index, batchSize: Self.batchSize) { batch in
                    let rejects = batch.rejects.lazy.map {
                        PluginReject(location: $0.location, reason: $0.reason, raw: batch.texts.bytes[$0.raw])
                    }
                    going = channel.deliver(batch.texts, rejects: rejects)
                    return going
                }
                return going
            }
            if !going { return false }
        }
        return true
    }

    func explain() throws -> (report: String, problems: [String]) {
        let document = try read()
        return (document.report, document.problems)
    }

    private func read() throws -> QIFDocument {
        let file = try FileBytes(path: path)
        return QIFDocument(bytes: file.bytes, origin: path, stem: FileBytes.stem(of: path), settings: settings)
    }
}
