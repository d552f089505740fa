// The `camt` source: ISO 20022 bank statements (camt.053, also .052 and .054). This file is the
// plugin's edge; how a file is read lives in CAMTReading, which knows nothing of the ABI, and
// the talk with the host in SourceKit.
import CAMTReading
import SourceKit
import StatementText
import TxFeedPluginABI

@_cdecl("txfeed_plugin_entry")
public func txfeedPluginEntry() -> UnsafePointer<txfeed_plugin> {
    CAMTFileSource.descriptor
}

/// One configured source: the file and an account name, checked at `open`.
final class CAMTFileSource: FileSource {
    // Built once by the lazy initialiser, read-only afterwards.
    nonisolated(unsafe) static let descriptor = SourcePluginDescriptor.make(
        CAMTFileSource.self,
        SourceDescription(
            name: "camt", summary: "Reads ISO 20022 camt.053/.052/.054 statements, streamed, balances reconciled",
            version: "1.0.0",
            options: [
                ("path", "the camt XML file"),
                ("account", "the account's name (default: Acct/Nm, Acct/Ownr/Nm, else the IBAN)"),
                ("encoding", "the text's encoding over the XML declaration's (windows-1252, iso-8859-1, cp1250…)"),
                ("rules", "a JSON file of these options"),
            ],
            sampleConfig: #"{"path": "statement.xml"}"#,
            identify: { path, head in CAMTIdentity.confidence(path: path, head: head) }))

    let path: String
    let account: String?
    let encoding: TextEncoding?

    init(options: [String: String]) throws {
        path = try PluginOptions.path(in: options, what: "the camt XML file")
        account = options["account"].flatMap { $0.isEmpty ? nil : $0 }
        do { encoding = try TextEncoding.option(in: options) } catch { throw PluginFailure(error.message) }
    }

    /// The reader over the file, in the encoding ``CAMTEncoding`` chooses, and its note.
    private func reader() throws -> (CAMTReader, note: String?) {
        let input = try CAMTFileInput(path: path)
        let (encoding, note) = CAMTEncoding.choose(
            option: self.encoding?.iconvName, head: input.head(), whole: { input.whole() })
        return (CAMTReader(source: input, origin: path, encoding: encoding), note)
    }

    func run(_ channel: HostChannel) throws -> Bool {
        let (reader, note) = try reader()
        if let note { channel.log("\(path): \(note)") }
        var delivery = CAMTDelivery(channel: channel, origin: path, account: account, stem: FileBytes.stem(of: path))
        while let event = reader.next() {
            guard try delivery.take(event) else { return false }
        }
        return true
    }

    func explain() throws -> (report: String, problems: [String]) {
        let (reader, note) = try reader()
        var report = CAMTReport(reader: reader)
        report.encoding = note
        return (report.text, report.problems)
    }
}
