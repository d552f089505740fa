import TxFeedModel

/// `--duplicates FILE`: each record `--dedupe` dropped, one NDJSON line: its source, origin,
/// position in the source (`index`, from 0) and place in its file (`path`: `line 17`,
/// `transactions[3]`), the record as the NDJSON sink writes it, what matched (`by`: `bank id`
/// or `fingerprint`; `pending` with its `evidence` for a hold another source's booked record
/// replaces), and the record it duplicated (`kept`: its source, position and path
/// there, or with `--state` the earlier batch and that batch's files, and its `id`), so every
/// dropped row can be checked and found. With `--state`, a line for each booked
/// record that replaces a pending one an earlier batch wrote follows the drops. Written as it
/// goes, a line at a time (a million drops are half a gigabyte).
public enum DuplicatesFile {
    /// - Parameter batchFiles: with `--state`, the input files of each earlier batch a record
    ///   was seen in.
    public static func write(
        _ feed: Feed, context: FeedContext, batchFiles: [Int64: [String]] = [:], to out: OutputWriter
    ) throws(OutputError) {
        let cells = JSONCells(feed, colours: context.colours)
        var dates = ISODate.Writer()
        for duplicate in feed.duplicates {
            let t = duplicate.transaction
            out.write("{\"source\":")
            out.write(JSONString.literal(feed.sources[duplicate.source].name))
            out.write(",\"origin\":")
            out.write(JSONString.literal(feed.accounts[Int(t.account)].origin))
            out.write(",\"index\":\(duplicate.index)")
            writePath(feed.details(of: t)?.location, to: out)
            out.write(",\"record\":")
            let row = FeedRow(transaction: t, fingerprint: duplicate.fingerprint, details: feed.details(of: t))
            TransactionJSON.append(
                row, feed: feed, cells: cells, dayFormat: &context.dayFormat, dates: &dates, to: &out.buffer)
            if let evidence = duplicate.evidence {
                out.write(",\"by\":\"pending\",\"evidence\":")
                out.write(JSONString.literal(evidence))
            } else {
                out.write(duplicate.byBankID ? ",\"by\":\"bank id\"" : ",\"by\":\"fingerprint\"")
            }
            switch duplicate.kept {
            case .source(let source):
                out.write(",\"kept\":{\"source\":")
                out.write(JSONString.literal(feed.sources[source].name))
                if let index = duplicate.keptIndex { out.write(",\"index\":\(index)") }
                writePath(duplicate.keptLocation, to: out)
            case .batch(let batch):
                out.write(",\"kept\":{\"batch\":\(batch)")
                if let files = batchFiles[batch] {
                    out.write(",\"files\":[")
                    for (n, file) in files.enumerated() {
                        if n > 0 { out.write(",") }
                        out.write(JSONString.literal(file))
                    }
                    out.write("]")
                }
            }
            out.write(",\"id\":")
            out.write(JSONString.literal(duplicate.keptIdentity))
            out.write("}}\n")
            try out.rowDone()
        }
        try writeBookings(feed, cells: cells, context: context, to: out)
    }

    /// With `--state`, after the drops: each booked record of the run that replaces a pending
    /// one an earlier batch wrote — not a drop (it is written), but the same money seen twice:
    /// `by` is `pending`, `evidence` how they were matched, `replaces` the pending record.
    private static func writeBookings(
        _ feed: Feed, cells: JSONCells, context: FeedContext, to out: OutputWriter
    ) throws(OutputError) {
        guard let bookings = feed.pending?.bookings else { return }
        var dates = ISODate.Writer()
        for booking in bookings {
            let t = feed.transactions[booking.position]
            let account = feed.accounts[Int(t.account)]
            let pending = booking.pending
            out.write("{\"source\":")
            out.write(JSONString.literal(feed.sources[account.source].name))
            out.write(",\"origin\":")
            out.write(JSONString.literal(account.origin))
            writePath(feed.details(of: t)?.location, to: out)
            out.write(",\"record\":")
            let row = FeedRow(
                transaction: t, fingerprint: feed.fingerprint(at: booking.position), details: feed.details(of: t))
            TransactionJSON.append(
                row, feed: feed, cells: cells, dayFormat: &context.dayFormat, dates: &dates, to: &out.buffer)
            out.write(",\"by\":\"pending\",\"evidence\":")
            out.write(JSONString.literal(booking.evidence))
            out.write(",\"replaces\":{\"batch\":\(pending.batch),\"date\":")
            out.write(JSONString.literal(TransactionDate.isoDay(days: pending.day)))
            out.write(",\"vendor\":")
            out.write(JSONString.literal(pending.vendor))
            out.write(",\"amount\":")
            out.write(JSONString.literal(Money(minorUnits: pending.signedMinor, scale: account.scale).plainDecimal))
            out.write(",\"id\":")
            if let id = pending.bankID { out.write(JSONString.literal(id)) } else { out.write("null") }
            out.write("}}\n")
            try out.rowDone()
        }
    }

    /// `,"path":…` for a record whose place in its file was kept.
    private static func writePath(_ path: String?, to out: OutputWriter) {
        guard let path else { return }
        out.write(",\"path\":")
        out.write(JSONString.literal(path))
    }
}
