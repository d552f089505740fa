import TxFeedModel

/// One transaction a line, the fields of a CSV row plus `amount_minor`, written as soon as
/// the barrier opens.
public struct NDJSONSink: FeedSink {
    public init() {}

    public func write(_ feed: Feed, context: FeedContext, to out: OutputWriter) throws {
        let cells = JSONCells(feed, colours: context.colours)
        var dates = ISODate.Writer()
        var rows = feed.rows()
        try out.withBuffer { buffer in
            while let row = try rows.next() {
                cells.text.prefetch(ahead: rows)
                TransactionJSON.append(row, feed: feed, cells: cells, context: context, dates: &dates, to: &buffer)
                buffer.append(0x0A)
                try out.rowDone(&buffer)
            }
        }
    }
}

/// The JSON object of one transaction, shared by the `json` and `ndjson` sinks.
enum TransactionJSON {
    /// The row's fingerprint is its `id` when it has no bank id.
    static func append(
        _ row: FeedRow, feed: Feed, cells: JSONCells, context: FeedContext, dates: inout ISODate.Writer,
        to b: inout [UInt8]
    ) {
        let t = row.transaction
        let account = cells.text.accounts[Int(t.account)]
        let scale = account.scale
        b.append(contentsOf: #"{"date":""#.utf8)
        dates.append(t, to: &b)
        b.append(contentsOf: #"","day":""#.utf8)
        context.dayFormat.appendDay(of: t, to: &b)
        b.append(contentsOf: #"","account":"#.utf8)
        cells.text.names.append(range: account.name, to: &b)
        b.append(contentsOf: #","vendor":"#.utf8)
        cells.text.vendors.append(Int(t.vendor), to: &b)
        b.append(contentsOf: t.isDebit ? #","type":"debit","amount":""#.utf8 : #","type":"credit","amount":""#.utf8)
        Money(minorUnits: t.amountMinor, scale: scale).appendPlainDecimal(to: &b, negative: t.isDebit)
        b.append(contentsOf: #"","amount_minor":"#.utf8)
        appendInteger(t.signedMinor, to: &b)
        b.append(contentsOf: #","currency":"#.utf8)
        cells.text.shared.append(account.currency, to: &b)
        b.append(contentsOf: #","colour":"#.utf8)
        cells.colours.append(Int(t.vendor), to: &b)
        b.append(contentsOf: #","source":"#.utf8)
        cells.text.shared.append(account.source, to: &b)
        let details = row.details
        b.append(contentsOf: #","id":"#.utf8)
        if let id = details?.id {
            JSONString.append(id, to: &b)
        } else if let fingerprint = row.fingerprint {
            b.append(UInt8(ascii: "\""))
            fingerprint.appendText(to: &b)
            b.append(UInt8(ascii: "\""))
        } else {
            b.append(contentsOf: "null".utf8)
        }
        b.append(contentsOf: t.isPending ? #","status":"pending","memo":"#.utf8 : #","status":"booked","memo":"#.utf8)
        if let memo = details?.memo { JSONString.append(memo, to: &b) } else { b.append(contentsOf: "null".utf8) }
        // Only with rules, so a run without them writes what it always wrote.
        if let labels = feed.labels {
            appendLabels(row.labels, to: &b)
            if labels.explains { appendExplain(row.labels?.explain, tags: row.labels?.tags ?? [], to: &b) }
        }
        // Only when the run linked a transfer, so that other runs write what they always wrote.
        if let transfers = feed.transfers, !transfers.pairs.isEmpty {
            if let transfer = row.transfer {
                b.append(contentsOf: #","transfer":"#.utf8)
                JSONString.append(transfer.id, to: &b)
                b.append(contentsOf: #","transfer_account":"#.utf8)
                JSONString.append(feed.transferAccount(transfer.otherAccount).name, to: &b)
            } else {
                b.append(contentsOf: #","transfer":null,"transfer_account":null"#.utf8)
            }
        }
        if let batch = feed.batch {
            b.append(contentsOf: #","batch":"#.utf8)
            appendInteger(batch, to: &b)
        }
        b.append(UInt8(ascii: "}"))
    }

    /// `"category":…,"tags":[…],"original_vendor":…`, null and `[]` for what no rule set.
    static func appendLabels(_ labels: RowLabels?, to b: inout [UInt8]) {
        b.append(contentsOf: #","category":"#.utf8)
        if let category = labels?.category {
            JSONString.append(category, to: &b)
        } else {
            b.append(contentsOf: "null".utf8)
        }
        b.append(contentsOf: #","tags":["#.utf8)
        for (n, tag) in (labels?.tags ?? []).enumerated() {
            if n > 0 { b.append(UInt8(ascii: ",")) }
            JSONString.append(tag, to: &b)
        }
        b.append(contentsOf: #"],"original_vendor":"#.utf8)
        if let vendor = labels?.originalVendor {
            JSONString.append(vendor, to: &b)
        } else {
            b.append(contentsOf: "null".utf8)
        }
    }

    /// `--explain`: `"explain":{"category":"rule 3 (\"groceries\")","vendor":…,"memo":…,"tags":{"food":…}}`,
    /// the rule that set each field, null (or `{}`) for what no rule set.
    static func appendExplain(_ explain: RowExplain?, tags: [String], to b: inout [UInt8]) {
        func field(_ name: String, _ value: String?) {
            b.append(contentsOf: name.utf8)
            if let value { JSONString.append(value, to: &b) } else { b.append(contentsOf: "null".utf8) }
        }
        field(#","explain":{"category":"#, explain?.category)
        field(#","vendor":"#, explain?.vendor)
        field(#","memo":"#, explain?.memo)
        b.append(contentsOf: #","tags":{"#.utf8)
        for (n, rule) in (explain?.tags ?? []).enumerated() where n < tags.count {
            if n > 0 { b.append(UInt8(ascii: ",")) }
            JSONString.append(tags[n], to: &b)
            b.append(UInt8(ascii: ":"))
            JSONString.append(rule, to: &b)
        }
        b.append(contentsOf: "}}".utf8)
    }

    @inline(__always)
    static func appendInteger(_ value: Int64, to b: inout [UInt8]) {
        if value < 0 { b.append(UInt8(ascii: "-")) }
        b.appendASCIIDecimal(value.magnitude, minimumDigits: 1)
    }
}
