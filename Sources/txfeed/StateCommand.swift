import ArgumentParser
import TxFeedOutput
import TxFeedState

/// `txfeed state`: what a `--state` file remembers, forgetting one batch of it, and saying what
/// it should make of a record (`keep`, `same`).
struct StateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "state",
        abstract: "Show or undo what a --state file remembers, or say what it should of a record.",
        subcommands: [StateShowCommand.self, StateUndoCommand.self, StateKeepCommand.self, StateSameCommand.self])
}

struct StateShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "The accounts with what was imported into each, and every batch.")

    @Argument(help: "The state file.")
    var file: String

    @Flag(help: "List every drop a batch keeps (its first 1,000), not only its first five.")
    var drops = false

    func run() throws {
        let report: StateReport
        do { report = try StateFile.report(path: file) } catch { throw usageFailure("\(error)") }
        StandardStreams.output(Self.render(report, showDrops: drops))
    }

    static func render(_ report: StateReport, showDrops: Bool = false) -> String {
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
            if let overrule = b.overrule {
                let used = b.usedBy.map { ", used by batch \($0)" } ?? ""
                text += "  \(b.id)  \(b.started)  \(overrule)\(used)\(undone)\n"
                continue
            }
            text +=
                "  \(b.id)  \(b.started)  read \(b.read) = written \(b.written) + rejected \(b.rejected)"
                + " + duplicates \(b.duplicates) + seen \(b.seen); remembered \(b.remembered)"
                + (b.pending > 0 ? ", pending \(b.pending)" : "")
                + (b.booked > 0 ? "; \(b.booked) pending became booked" : "")
                + (b.dropped > 0 ? "; \(b.dropped) pending dropped, never booked" : "") + "\(undone)\n"
            for line in b.endedPending { text += "      \(line)\n" }
            let shown = showDrops ? b.drops.count : min(5, b.drops.count)
            for d in b.drops.prefix(shown) {
                let place = d.path.map { " (\($0))" } ?? ""
                text +=
                    "      dropped \(d.source)\(place) \(d.day) \(d.vendor) \(d.amount) \(d.id): \(d.by) of \(d.kept)\n"
            }
            // An undone batch's drops are forgotten with it: none is listed, and none is promised.
            let dropped = b.undone == nil ? b.duplicates + b.seen : 0
            if dropped > shown {
                text +=
                    "      … and \(dropped - shown) more dropped"
                    + (shown == b.drops.count
                        ? " (--duplicates FILE lists every one)\n" : " (--drops lists \(b.drops.count))\n")
            }
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

    @OptionGroup var state: StateFileArguments

    @Argument(help: "The batch number (txfeed state show lists them).")
    var batch: Int64

    func run() throws {
        do {
            let undone = try StateFile.undo(path: state.file, batch: batch, wait: state.wait)
            if let overrule = undone.overrule {
                StandardStreams.error("txfeed: state \(state.file): batch \(batch) undone: \(overrule) forgotten\n")
            } else {
                StandardStreams.error(
                    "txfeed: state \(state.file): batch \(batch) undone: \(undone.forgotten) transactions forgotten; the next run imports them again\n"
                )
            }
        } catch {
            throw usageFailure("\(error)")
        }
    }
}

/// `txfeed state keep FILE ID`: a record `--state` or `--dedupe` dropped is real.
struct StateKeepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keep",
        abstract: "Say a dropped record is real: the next run that would drop it imports it, once.",
        discussion: "ID is the record's id as --duplicates lists it: its bank id, or its fingerprint (fp:…-N).")

    @OptionGroup var state: StateFileArguments

    @Argument(help: "The record's id.")
    var id: String

    func run() throws {
        try StateOverruleCommand.record(.keep(id), in: state.file, wait: state.wait) { batch in
            "\(id) is imported the next time a run would drop it (txfeed state undo \(state.file) \(batch) forgets this)"
        }
    }
}

/// `txfeed state same FILE A B`: two records with different ids are one payment.
struct StateSameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "same",
        abstract:
            "Say two records are one payment, though their ids differ: once either is imported, the other is seen.",
        discussion: "A and B are ids as the sinks write them: bank ids, or fingerprints (fp:…-N).")

    @OptionGroup var state: StateFileArguments

    @Argument(help: "One record's id.")
    var first: String

    @Argument(help: "The other's.")
    var second: String

    func run() throws {
        guard first != second else { throw usageFailure("the two ids are the same: name two records") }
        try StateOverruleCommand.record(.same(first, second), in: state.file, wait: state.wait) { batch in
            "\(first) and \(second) are one: once either is imported, the other is seen (txfeed state undo \(state.file) \(batch) forgets this)"
        }
    }
}

/// What `state keep` and `state same` share: an existing state file, the lock, a batch.
enum StateOverruleCommand {
    static func record(_ overrule: Overrule, in file: String, wait: Double, said: (Int64) -> String) throws {
        do {
            let batch = try StateFile.record(overrule, path: file, wait: wait)
            StandardStreams.error("txfeed: state \(file): batch \(batch): \(said(batch))\n")
        } catch {
            throw usageFailure("\(error)")
        }
    }
}

/// The state file and how long to wait for a run using it: what `undo`, `keep` and `same` take.
struct StateFileArguments: ParsableArguments {
    @Argument(help: "The state file.")
    var file: String

    @Option(name: .customLong("state-wait"), help: "Seconds to wait for a run using the file (default 60).")
    var wait: Double = 60
}
