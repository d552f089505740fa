import ArgumentParser
import TxFeedOutput
import TxFeedState

/// `txfeed state`: what a `--state` file remembers, and forgetting one batch of it.
struct StateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "state",
        abstract: "Show or undo what a --state file remembers.",
        subcommands: [StateShowCommand.self, StateUndoCommand.self])
}

struct StateShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "The accounts with what was imported into each, and every batch.")

    @Argument(help: "The state file.")
    var file: String

    func run() throws {
        let report: StateReport
        do { report = try StateFile.report(path: file) } catch { throw usageFailure("\(error)") }
        StandardStreams.output(Self.render(report))
    }

    static func render(_ report: StateReport) -> String {
        var text = "accounts\n"
        if report.accounts.isEmpty { text += "  (none yet)\n" }
        for a in report.accounts {
            let id = a.bankID.map { " [\($0)]" } ?? ""
            let currency = a.currency.map { " \($0)" } ?? ""
            let span = a.firstDay.map { first in ", \(first) … \(a.lastDay ?? first)" } ?? ""
            text += "  \(a.name)\(id)\(currency): \(a.transactions) transactions\(span)\n"
        }
        text += "batches\n"
        if report.batches.isEmpty { text += "  (none yet)\n" }
        for b in report.batches {
            let undone = b.undone.map { " — UNDONE at \($0)" } ?? ""
            text +=
                "  \(b.id)  \(b.started)  read \(b.read) = written \(b.written) + rejected \(b.rejected)"
                + " + duplicates \(b.duplicates) + seen \(b.seen); remembered \(b.remembered)"
                + (b.pending > 0 ? ", pending \(b.pending)" : "")
                + (b.booked > 0 ? "; \(b.booked) pending became booked" : "")
                + (b.dropped > 0 ? "; \(b.dropped) pending dropped, never booked" : "") + "\(undone)\n"
            for s in b.sources {
                let file = s.path.map { path in
                    "  \(path) sha256:\(s.sha256 ?? "?") \(s.bytes.map { "\($0) bytes" } ?? "")"
                }
                text +=
                    "      \(s.name) (\(s.plugin)): \(s.status), read \(s.read), written \(s.written)\(file ?? "")\n"
            }
        }
        if !report.pending.isEmpty {
            text += "pending, not yet booked\n"
            for p in report.pending {
                text += "  \(p.account): \(p.day)  \(p.vendor)  \(p.amount)  (batch \(p.batch))\n"
            }
        }
        return text
    }
}

struct StateUndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Forget what one batch imported, so the next run imports it again (a corrected statement).")

    @Argument(help: "The state file.")
    var file: String

    @Argument(help: "The batch number (txfeed state show lists them).")
    var batch: Int64

    @Option(help: "Seconds to wait for a run using the file (default 60).")
    var stateWait: Double = 60

    func run() throws {
        do {
            let forgotten = try StateFile.undo(path: file, batch: batch, wait: stateWait)
            StandardStreams.error(
                "txfeed: state \(file): batch \(batch) undone: \(forgotten) transactions forgotten; the next run imports them again\n"
            )
        } catch {
            throw usageFailure("\(error)")
        }
    }
}
