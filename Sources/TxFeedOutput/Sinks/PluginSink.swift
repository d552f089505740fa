import TxFeedModel
import TxFeedPluginHost

/// A sink plugin as a ``FeedSink``: the merged feed in batches of records, then the sources and
/// the summary (the ABI calls themselves are ``PluginSinkSession``'s).
///
/// The plugin writes its output itself; `out` is not used. When the sink has a `path`, the
/// runner hands the plugin a temporary file in the same folder instead and renames it over
/// the path only after every sink has succeeded, as for the built-in sinks.
public struct PluginSink: FeedSink, Sendable {
    public let plugin: LoadedPlugin
    /// Options in the order given, checked against the plugin's declaration.
    public let options: [(key: String, value: String)]
    /// Records per `sink_write` call.
    public var batchSize = 1024
    /// The descriptor that is the plugin's stdout: txfeed's stdout for the sink that writes
    /// there, else 2 (its stderr), so that a stray `printf` never lands inside a feed.
    public var standardOutput: Int32

    public init(plugin: LoadedPlugin, options: [(key: String, value: String)], standardOutput: Int32 = 1) {
        self.plugin = plugin
        self.options = options
        self.standardOutput = standardOutput
    }

    public func write(_ feed: Feed, context: FeedContext, to out: OutputWriter) throws {
        try deliver(feed, context: context)
    }

    /// Runs the whole sink ABI sequence; `sink_close` follows every successful `sink_open`.
    public func deliver(_ feed: Feed, context: FeedContext) throws(PluginSinkError) {
        let session = plugin.sinkSession(standardOutput: standardOutput)
        try session.open(options: options)
        defer { session.close() }

        let cells = RecordCells(feed, colours: context.colours)
        var rows: [UInt8] = []
        var batch: [SinkRecord] = []
        rows.reserveCapacity(batchSize * 48)
        batch.reserveCapacity(min(batchSize, feed.rowCount))
        var feedRows = feed.rows()
        var dates = ISODate.Writer()
        var more = true
        while more {
            // Per row: date, day and amount, NUL-terminated, in one buffer for the batch.
            rows.removeAll(keepingCapacity: true)
            batch.removeAll(keepingCapacity: true)
            while batch.count < batchSize {
                guard let row = try next(&feedRows) else {
                    more = false
                    break
                }
                let t = row.transaction
                let account = Int(t.account), vendor = Int(t.vendor)
                let date = rows.count
                dates.append(t, to: &rows)
                rows.append(0)
                let day = rows.count
                context.dayFormat.appendDay(of: t, to: &rows)
                rows.append(0)
                let amount = rows.count
                Money(minorUnits: t.amountMinor, scale: feed.accounts[account].scale)
                    .appendPlainDecimal(to: &rows, negative: t.isDebit)
                rows.append(0)
                let details = row.details
                let id = rows.count
                if let bankID = details?.id {
                    rows.append(contentsOf: bankID.utf8)
                } else {
                    row.fingerprint?.appendText(to: &rows)
                }
                rows.append(0)
                let memo = rows.count
                rows.append(contentsOf: (details?.memo ?? "").utf8)
                rows.append(0)
                batch.append(
                    SinkRecord(
                        date: date, day: day, amount: amount, account: cells.accounts[account],
                        vendor: cells.vendors[vendor], type: t.isDebit ? cells.debit : cells.credit,
                        currency: cells.currencies[account], colour: cells.colours[vendor],
                        source: cells.sources[feed.accounts[account].source], id: id,
                        status: t.isPending ? cells.pending : cells.booked, memo: memo, amountMinor: t.signedMinor))
            }
            if !batch.isEmpty { try session.write(batch, shared: cells.storage, rows: rows) }
        }
        try session.finish(sources: FeedJSON.sources(feed), summary: FeedJSON.summary(feed))
    }

    /// The next row; a spilled feed that cannot be read fails the sink.
    private func next(_ rows: inout FeedRows) throws(PluginSinkError) -> FeedRow? {
        do {
            return try rows.next()
        } catch {
            throw PluginSinkError(sink: plugin.name, message: error.description)
        }
    }
}

/// Every text a record points at that does not change from row to row, rendered once per
/// distinct vendor, colour, account, currency and source: NUL-terminated in one buffer,
/// addressed by offset.
struct RecordCells {
    var storage: [UInt8] = []
    var vendors: [Int] = []
    var colours: [Int] = []
    var accounts: [Int] = []
    var currencies: [Int] = []
    var sources: [Int] = []
    var credit = 0
    var debit = 0
    var booked = 0
    var pending = 0

    init(_ feed: Feed, colours rgb: [RGB]) {
        credit = add("credit".utf8)
        debit = add("debit".utf8)
        booked = add("booked".utf8)
        pending = add("pending".utf8)
        vendors = (0..<feed.vendors.count).map { add(feed.vendors.bytes(of: UInt32($0))) }
        colours = rgb.map { rgb in
            var hex: [UInt8] = []
            rgb.appendHex(to: &hex)
            return add(hex)
        }
        accounts = feed.accounts.map { add($0.name.utf8) }
        currencies = feed.accounts.map { add(($0.currency ?? "").utf8) }
        sources = feed.sources.map { add($0.name.utf8) }
    }

    /// Adds a C string; a NUL inside the text ends it early, as C reads it.
    private mutating func add(_ bytes: some Sequence<UInt8>) -> Int {
        let start = storage.count
        storage.append(contentsOf: bytes)
        storage.append(0)
        return start
    }
}
