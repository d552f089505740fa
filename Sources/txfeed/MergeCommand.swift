import ArgumentParser
import TxFeedModel
import TxFeedOutput
import TxFeedRun

/// `txfeed merge`: the parts of a sharded run as one feed, byte for byte what one run over every
/// source writes.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the parts of `txfeed run --shard I/N` into one feed (csv, ndjson or json).")

    @Argument(help: "Every part file of the run (txfeed run --shard I/N -o PART).", completion: .file())
    var parts: [String] = []

    @Option(
        name: .customLong("sink"), help: "csv[:dialect=…,bom=…,neutralise=…,columns=…], ndjson (the default) or json.")
    var sink: String?

    @Option(
        name: [.short, .customLong("output")], help: "Write to PATH (atomically); the sink follows the extension.",
        completion: .file())
    var output: String?

    func run() throws {
        var request = MergeRequest()
        request.parts = parts
        request.sink = sink
        request.output = output
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
