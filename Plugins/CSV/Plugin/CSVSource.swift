// The `csv` source: bank CSV exports read as they come. This file is the plugin's edge; how a
// file is read lives in CSVReading, which knows nothing of the ABI, and the talk with the host
// in SourceKit.
import CSVReading
import SourceKit
import StatementText
import TxFeedPluginABI

@_cdecl("txfeed_plugin_entry")
public func txfeedPluginEntry() -> UnsafePointer<txfeed_plugin> {
    CSVFileSource.descriptor
}

/// One configured source: the file and the settings, checked at `open`.
final class CSVFileSource: FileSource {
    // Built once by the lazy initialiser, read-only afterwards.
    nonisolated(unsafe) static let descriptor = SourcePluginDescriptor.make(
        CSVFileSource.self,
        SourceDescription(
            name: "csv", summary: "Reads bank CSV exports, as they come: dialect, columns, dates and amounts inferred",
            version: "1.0.0", options: CSVSettings.declared,
            sampleConfig: #"{"path": "samples/bank/uk-current.csv"}"#,
            identify: { path, head in CSVDocument.confidence(path: path, head: head) }))

    /// How many entries go to the host in one call: enough to amortise the call, small enough
    /// that the batch's texts stay in cache.
    static let batchSize = 4096

    let path: String
    let options: [String: String]
    /// The user's profiles, then the built-in ones.
    let profiles: [BankProfile]

    init(options: [String: String]) throws {
        path = try PluginOptions.path(in: options, what: "the CSV file")
        do { _ = try CSVSettings(options: options) } catch { throw PluginFailure("\(error)") }
        self.options = options
        profiles = try ProfileFolder.library()
    }

    /// The file read as inferred, or through the bank profile its header matches.
    private func document(_ file: FileBytes) throws -> CSVDocument {
        do {
            return try CSVDocument.read(
                bytes: file.bytes, origin: path, stem: FileBytes.stem(of: path), options: options, profiles: profiles)
        } catch { throw PluginFailure("\(error)") }
    }

    func run(_ channel: HostChannel) throws -> Bool {
        let file = try FileBytes(path: path)
        let document = try document(file)
        guard document.problems.isEmpty else { throw PluginFailure(document.problems.joined(separator: "; ")) }
        var said = 0
        func sayNotes() {
            for note in document.notes.dropFirst(said) { channel.log("\(path): \(note)") }
            said = document.notes.count
        }
        sayNotes()
        for (index, account) in document.accounts.enumerated() {
            let going = channel.account(
                name: account.name, currency: account.currency, id: account.id, origin: path
            ) {
                var going = true
                document.forEachBatch(account: index, batchSize: Self.batchSize) { batch in
                    func plugin(_ row: CSVReject) -> PluginReject {
                        PluginReject(location: "line \(row.line)", reason: row.reason, raw: batch.texts.bytes[row.raw])
                    }
                    going = channel.deliver(
                        batch.texts, rejects: batch.rejects.lazy.map(plugin),
                        neverMoved: batch.neverMoved.lazy.map(plugin))
                    return going
                }
                return going
            }
            sayNotes()
            if !going { return false }
        }
        return true
    }

    func explain() throws -> (report: String, problems: [String]) {
        let file = try FileBytes(path: path)
        let document = try document(file)
        var report = document.report
        if let target = options["save-profile"] {
            report += try ProfileFolder.save(document, to: target)
        }
        return (report, document.problems)
    }
}
