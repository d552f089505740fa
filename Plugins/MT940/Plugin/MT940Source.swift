// The `mt940` source: SWIFT MT940 customer statements and MT942 interim reports. This file is
// the plugin's edge; how a file is read lives in MT940Reading, which knows nothing of the ABI,
// and the talk with the host in SourceKit.
import MT940Reading
import SourceKit
import StatementText
import TxFeedPluginABI

@_cdecl("txfeed_plugin_entry")
public func txfeedPluginEntry() -> UnsafePointer<txfeed_plugin> {
    MT940FileSource.descriptor
}

/// One configured source: the file and an account name, checked at `open`.
final class MT940FileSource: FileSource {
    // Built once by the lazy initialiser, read-only afterwards.
    nonisolated(unsafe) static let descriptor = SourcePluginDescriptor.make(
        MT940FileSource.self,
        SourceDescription(
            name: "mt940", summary: "Reads SWIFT MT940 statements and MT942 reports, streamed, balances reconciled",
            version: "1.0.0",
            options: [
                ("path", "the MT940 or MT942 file"),
                ("account", "the account's name (default: the statement's :25: account)"),
                (
                    "encoding",
                    "any iconv knows: cp850, iso-8859-2, cp1250, cp1251… (default: UTF-8, texts that are not windows-1252)"
                ),
                ("rules", "a JSON file of these options"),
            ],
            sampleConfig: #"{"path": "statement.sta"}"#,
            identify: { path, head in MT940Identity.confidence(path: path, head: head) }))

    let path: String
    let account: String?
    let encoding: TextEncoding?

    init(options: [String: String]) throws {
        path = try PluginOptions.path(in: options, what: "the MT940 file")
        account = options["account"].flatMap { $0.isEmpty ? nil : $0 }
        do { encoding = try TextEncoding.option(in: options) } catch { throw PluginFailure(error.message) }
    }

    func run(_ channel: HostChannel) throws -> Bool {
        let reader = MT940Reader(source: try MT940FileInput(path: path), origin: path, encoding: encoding)
        var stream = AccountStream(channel: channel)
        var written = MT940WrittenEntries()
        let stem = FileBytes.stem(of: path)
        while let output = reader.nextWritingEntries(upTo: stream.batchSize) {
            // The entries written come before the event.
            guard written.emit(from: reader, to: &stream) else { return false }
            guard case .event(let event) = output else { continue }
            let going: Bool
            switch event {
            case .statement(let statement):
                going = stream.begin(
                    name: account ?? statement.accountID ?? stem, currency: statement.currency,
                    id: statement.accountID, balance: nil, origin: path)
            case .entry(let entry):
                going = stream.add(
                    date: entry.date, vendor: entry.vendor, amount: entry.amount, id: entry.id, memo: entry.memo,
                    location: entry.location, pending: entry.pending)
            case .reject(let reject):
                going = stream.reject(location: reject.location, reason: reject.reason, raw: reject.raw)
            case .statementEnd(let end):
                if end.statement.isInterim {
                    channel.log(
                        "\(path): \(end.statement.path): an MT942 interim report: entries pending, not reconciled")
                }
                if let failure = end.failure {
                    going = stream.fail("\(end.statement.path): \(failure)")
                } else {
                    going = stream.end(balance: end.statement.finalBalance)
                }
            case .failure(let failure):
                guard stream.isOpen else { throw PluginFailure("\(failure)") }
                going = stream.fail(failure.withoutOrigin)
            }
            guard going else { return false }
        }
        guard written.emit(from: reader, to: &stream) else { return false }
        for note in reader.notes { channel.log("\(path): \(note)") }
        for warning in reader.warnings { channel.log("\(path): \(warning)", level: Int32(TXFEED_LOG_WARNING)) }
        return true
    }

    func explain() throws -> (report: String, problems: [String]) {
        let report = MT940Report(
            reader: MT940Reader(source: try MT940FileInput(path: path), origin: path, encoding: encoding))
        return (report.text, report.problems)
    }
}

/// The file as the reader's byte source: read(2) a piece at a time, never mapped.
final class MT940FileInput: MT940ByteSource {
    private let file: FileReader
    private(set) var failure: String?

    init(path: String) throws(PluginFailure) {
        file = try FileReader(path: path)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard failure == nil else { return nil }
        do {
            return try file.read(into: buffer)
        } catch {
            let text = error.description
            failure = text.hasPrefix(file.path + ": ") ? String(text.dropFirst(file.path.count + 2)) : text
            return nil
        }
    }
}
