import ArgumentParser
import TxFeedModel
import TxFeedOutput
import TxFeedRun

/// `txfeed merge`: the parts of a sharded run as one feed, byte for byte what one run over every
/// source writes.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the parts of `txfeed run --shard I/N` into one feed (csv, ndjson or json).",
        // Each option once (the arrays below only catch a second one).
        usage: "txfeed merge PART... [-o|--output PATH] [--sink csv[:…]|ndjson|json]")

    @Argument(help: "Every part file of the run (txfeed run --shard I/N -o PART).", completion: .file())
    var parts: [String] = []

    // Arrays, not optionals: see `refuseRepeated`.
    @Option(
        name: .customLong("sink"), help: "csv[:dialect=…,bom=…,neutralise=…,columns=…], ndjson (the default) or json.")
    var sink: [String] = []

    @Option(
        name: [.short, .customLong("output")], help: "Write to PATH (atomically); the sink follows the extension.",
        completion: .file())
    var output: [String] = []

    func run() throws {
        try refuseRepeated(["-o": output, "--sink": sink], because: "merge writes one feed: merge once for each")
        var request = MergeRequest()
        request.parts = parts
        request.sink = sink.first
        request.output = output.first
        let merge: PartMerge
        do { merge = try PartMerge(request) } catch { throw usageFailure("\(error)") }
        let outcome: RunOutcome
        do {
            outcome = try merge.write(unfinished: UnfinishedFileRegistry.shared)
        } catch let error as UsageError {
            throw usageFailure("\(error)")
        } catch OutputError.brokenPipe {
            return
        } catch {
            throw failure("\(error); nothing written", status: .nothingWritten)
        }
        let status = ExitStatus(outcome)
        if status != .success { throw ExitStatusError(status: status) }
    }
}
