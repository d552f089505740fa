// The `ofx` source: OFX 1.x SGML, OFX 2.x XML and QFX statements. This file is the plugin's
// edge; how a file is read lives in OFXReading, which knows nothing of the ABI, and the talk
// with the host in SourceKit.
import OFXReading
import SourceKit
import TxFeedPluginABI

@_cdecl("txfeed_plugin_entry")
public func txfeedPluginEntry() -> UnsafePointer<txfeed_plugin> {
    OFXFileSource.descriptor
}

/// One configured source: the file and the account name, checked at `open`.
final class OFXFileSource: FileSource {
    // Built once by the lazy initialiser, read-only afterwards.
    nonisolated(unsafe) static let descriptor = SourcePluginDescriptor.make(
        OFXFileSource.self,
        SourceDescription(
            name: "ofx",
            summary:
                "Reads OFX and QFX statements: OFX 1.x (SGML) and 2.x (XML), bank, credit-card and investment "
                + "accounts (an investment account's cash movements)",
            version: "1.0.0",
            options: [
                ("path", "the OFX or QFX file"),
                ("account", "the account's name (default: ACCTTYPE ACCTID, e.g. CHECKING 1234567890)"),
                (
                    "sign",
                    "auto or as-is: auto reads a statement whose DEBITs are all written positive as unsigned, "
                        + "TRNTYPE giving each amount's direction (default auto)"
                ),
                ("rules", "a JSON file of these options, for what is the same every time"),
            ],
            sampleConfig: #"{"path": "Tests/Fixtures/statements/ofx/bank-102.ofx"}"#,
            identify: { path, head in OFXDocument.confidence(path: path, head: head) }))

    let path: String
    let account: String?
    let sign: OFXSignOption

    init(options: [String: String]) throws {
        path = try PluginOptions.path(in: options, what: "the OFX file")
        account = options["account"].flatMap { $0.isEmpty ? nil : $0 }
        let value = options["sign"] ?? OFXSignOption.auto.rawValue
        guard let sign = OFXSignOption(rawValue: value.lowercased()) else {
            throw PluginFailure("sign \"\(value)\": expected auto or as-is")
        }
        self.sign = sign
    }

    /// The file as a document read with the options.
    private func document(_ file: FileBytes) -> OFXDocument {
        let document = OFXDocument(bytes: file.bytes, origin: path)
        document.sign = sign
        return document
    }

    func run(_ channel: HostChannel) throws -> Bool {
        let file = try FileBytes(path: path)
        let document = document(file)
        // OFX writes the ledger balance after the transactions: each account ends with it
        // (end_account_with_balance), so one pass reads the file. Only the `account` option
        // needs a first pass, to name the accounts of a file that holds several statements.
        var emitter = OFXEmitter(
            channel: channel, origin: path, account: account, surveyed: account == nil ? [] : document.ledgers())
        switch document.read({ emitter.take($0) }) {
        case .finished:
            return true
        case .stopped:
            return false
        case let .failed(failure):
            // Inside a statement its account fails (the host names the file, and the source
            // counts as failed); before any, the source fails. Statements already ended stay.
            guard emitter.isAccountOpen else { throw PluginFailure(failure.description) }
            return emitter.failOpenAccount(failure.withinFile)
        }
    }

    func explain() throws -> (report: String, problems: [String]) {
        let file = try FileBytes(path: path)
        let report = OFXReport.make(document(file))
        return (report.text, report.problems)
    }
}
