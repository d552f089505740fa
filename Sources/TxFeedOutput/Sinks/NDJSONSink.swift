import TxFeedModel

/// One transaction a line, the fields of a CSV row plus `amount_minor`, written as soon as
/// the barrier opens.
public struct NDJSONSink: FeedSink {
    public init() {}

    public func write(_ feed: Feed, context: FeedContext, to out: OutputWriter) throws {
        let cells = JSONCells(feed, colours: context.colours)
        let startingDayFormat = context.dayFormat
        try out.writeRows(of: feed, threads: context.threads) { rows, buffer, rowDone in
            var dates = ISODate.Writer()
            var dayFormat = startingDayFormat
            while let row = try rows.next() {
                cells.text.prefetch(ahead: rows)
                TransactionJSON.append(row, feed: feed, cells: cells, dayFormat: &dayFormat, dates: &dates, to: &buffer)
                buffer.append(0x0A)
                try rowDone(&buffer)
            }
        }
    }
}

/// The JSON object of one transaction, shared by the `json` and `ndjson` sinks.
enum TransactionJSON {
    /// The row's fingerprint is its `id` when it has no bank id.
    static func append(
        _ row: FeedRow, feed: Feed, cells: JSONCells, dayFormat: inout DayFormat, dates: inout ISODate.Writer,
        to b: inout [UInt8]
    ) {
        let t = row.transaction
        let account = cells.text.accounts[Int(t.account)]
        let scale = account.scale
        b.append(#"{"date":""#)
        dates.append(t, to: &b)
        b.append(#"","day":""#)
        dayFormat.appendDay(of: t, to: &b)
        b.append(#"","account":"#)
        cells.text.names.append(range: account.name, to: &b)
        b.append(#","vendor":"#)
        cells.text.vendors.append(Int(t.vendor), to: &b)
        b.append(t.isDebit ? #","type":"debit","amount":""# : #","type":"credit","amount":""#)
        Money(minorUnits: t.amountMinor, scale: scale).appendPlainDecimal(to: &b, negative: t.isDebit)
        b.append(#"","amount_minor":"#)
        appendInteger(t.signedMinor, to: &b)
        b.append(#","currency":"#)
        cells.text.shared.append(account.currency, to: &b)
        b.append(#","colour":"#)
        cells.colours.append(Int(t.vendor), to: &b)
        b.append(#","source":"#)
        cells.text.shared.append(account.source, to: &b)
        let details = row.details
        b.append(#","id":"#)
        if let id = details?.id {
            JSONString.append(id, to: &b)
        } else if let fingerprint = row.fingerprint {
            b.append(UInt8(ascii: "\""))
            fingerprint.appendText(to: &b)
            b.append(UInt8(ascii: "\""))
        } else {
            b.append("null")
        }
        b.append(t.isPending ? #","status":"pending","memo":"# : #","status":"booked","memo":"#)
        if let memo = details?.memo { JSONString.append(memo, to: &b) } else { b.append("null") }
        // Only with rules, so a run without them writes what it always wrote.
        if let labels = feed.labels {
            appendLabels(row.labels, to: &b)
            if labels.explains { appendExplain(row.labels?.explain, tags: row.labels?.tags ?? [], to: &b) }
        }
        // Only when the run linked a transfer, so that other runs write what they always wrote.
        if let transfers = feed.transfers, !transfers.pairs.isEmpty {
            if let transfer = row.transfer {
                b.append(#","transfer":"#)
                JSONString.append(transfer.id, to: &b)
                b.append(#","transfer_account":"#)
                JSONString.append(feed.transferAccount(transfer.otherAccount).name, to: &b)
            } else {
                b.append(#","transfer":null,"transfer_account":null"#)
            }
        }
        if let batch = feed.batch {
            b.append(#","batch":"#)
            appendInteger(batch, to: &b)
        }
        b.append(UInt8(ascii: "}"))
    }

    /// `"category":…,"tags":[…],"original_vendor":…`, null and `[]` for what no rule set.
    static func appendLabels(_ labels: RowLabels?, to b: inout [UInt8]) {
        b.append(#","category":"#)
        if let category = labels?.category {
            JSONString.append(category, to: &b)
        } else {
            b.append("null")
        }
        b.append(#","tags":["#)
        for (n, tag) in (labels?.tags ?? []).enumerated() {
            if n > 0 { b.append(UInt8(ascii: ",")) }
            JSONString.append(tag, to: &b)
        }
        b.append(#"],"original_vendor":"#)
        if let vendor = labels?.originalVendor {
            JSONString.append(vendor, to: &b)
        } else {
            b.append("null")
        }
    }

    /// `--explain`: `"explain":{"category":"rule 3 (\"groceries\")","vendor":…,"memo":…,"tags":{"food":…}}`,
    /// the rule that set each field, null (or `{}`) for what no rule set.
    static func appendExplain(_ explain: RowExplain?, tags: [String], to b: inout [UInt8]) {
        func field(_ name: String, _ value: String?) {
            b.append(contentsOf: name.utf8)
            if let value { JSONString.append(value, to: &b) } else { b.append("null") }
        }
        field(#","explain":{"category":"#, explain?.category)
        field(#","vendor":"#, explain?.vendor)
        field(#","memo":"#, explain?.memo)
        b.append(#","tags":{"#)
        for (n, rule) in (explain?.tags ?? []).enumerated() where n < tags.count {
            if n > 0 { b.append(UInt8(ascii: ",")) }
            JSONString.append(tags[n], to: &b)
            b.append(UInt8(ascii: ":"))
            JSONString.append(rule, to: &b)
        }
        b.append("}}")
    }

    @inline(__always)
    static func appendInteger(_ value: Int64, to b: inout [UInt8]) {
        if value < 0 { b.append(UInt8(ascii: "-")) }
        b.appendASCIIDecimal(value.magnitude, minimumDigits: 1)
    }
}
