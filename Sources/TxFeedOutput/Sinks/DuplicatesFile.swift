import TxFeedModel

/// `--duplicates FILE`: each record `--dedupe` dropped, one NDJSON line: its source, origin and
/// position in the source (`index`, from 0), the record as the NDJSON sink writes it, and the
/// record it duplicated (`kept`: its source, or with `--state` the earlier batch, and its `id`),
/// so every dropped row can be checked.
public enum DuplicatesFile {
    public static func write(_ feed: Feed, context: FeedContext, to out: OutputWriter) {
        let cells = JSONCells(feed, colours: context.colours)
        for duplicate in feed.duplicates {
            let t = duplicate.transaction
            out.write("{\"source\":")
            out.write(JSONString.literal(feed.sources[duplicate.source].name))
            out.write(",\"origin\":")
            out.write(JSONString.literal(feed.accounts[Int(t.account)].origin))
            out.write(",\"index\":\(duplicate.index),\"record\":")
            let row = FeedRow(transaction: t, fingerprint: duplicate.fingerprint, details: feed.details(of: t))
            TransactionJSON.append(row, feed: feed, cells: cells, context: context, to: &out.buffer)
            switch duplicate.kept {
            case .source(let source):
                out.write(",\"kept\":{\"source\":")
                out.write(JSONString.literal(feed.sources[source].name))
            case .batch(let batch):
                out.write(",\"kept\":{\"batch\":\(batch)")
            }
            out.write(",\"id\":")
            out.write(JSONString.literal(duplicate.keptIdentity))
            out.write("}}\n")
        }
    }
}
