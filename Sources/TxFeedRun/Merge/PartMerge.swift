import TxFeedDecoding
import TxFeedModel
import TxFeedOutput

/// What `txfeed merge` is given.
public struct MergeRequest: Sendable {
    public var parts: [String] = []
    /// `--sink csv[:dialect=…,bom=…,neutralise=…,columns=…]|ndjson|json`.
    public var sink: String?
    /// `-o PATH`; stdout without.
    public var output: String?

    public init() {}
}

/// `txfeed merge PART...`: the parts of a sharded run (``PartSink``) as the one feed a single
/// run over every source writes, byte for byte, in one streaming pass: each part is read one
/// line at a time, so memory stays the same whatever the parts hold.
///
/// Transactions come newest first, ties in the order of the sources over the whole run, which
/// is the order a single run keeps; within one source the part's own order stands.
public struct PartMerge {
    enum Format: Equatable {
        case ndjson, json
        case csv(CSVDialect, columns: [FeedColumn])

        /// The CSV columns (the standard ones for the JSON formats, which never ask).
        var columns: [FeedColumn] {
            if case .csv(_, let columns) = self { return columns }
            return FeedColumn.standard
        }
    }

    let parts: [PartReader]
    let format: Format
    let output: String?

    /// Opens and checks every part: one run's parts, each once, all of them.
    /// - Throws: ``UsageError`` for a bad sink, a file that is not a part, or a missing part.
    public init(_ request: MergeRequest) throws(UsageError) {
        format = try Self.format(request)
        output = request.output
        guard !request.parts.isEmpty else {
            throw UsageError("no parts: give the files txfeed run --shard I/N -o PART wrote")
        }
        parts = try request.parts.map { path throws(UsageError) in try PartReader(path: path) }
        let count = parts[0].shard.count
        if let other = parts.first(where: { $0.shard.count != count }) {
            throw UsageError(
                "\(other.path) is part \(other.shard.index)/\(other.shard.count), \(parts[0].path) one of \(count)")
        }
        if let other = parts.first(where: { $0.run != parts[0].run }) {
            throw UsageError(
                "\(other.path) and \(parts[0].path) are parts of different runs: \(Self.differ(other, parts[0]))")
        }
        var seen: [Int: String] = [:]
        for part in parts {
            if let first = seen[part.shard.index] {
                throw UsageError("\(first) and \(part.path) are both part \(part.shard.index)/\(count)")
            }
            seen[part.shard.index] = part.path
        }
        let missing = (0..<count).filter { seen[$0] == nil }
        if !missing.isEmpty {
            throw UsageError(
                "missing \("part".plural(missing.count)) \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")): a merge needs every part of the run"
            )
        }
    }

    /// Writes the merged feed; the outcome is the run's own (a failed source or a reject in any
    /// part: `.partial`).
    public func write(unfinished: (any UnfinishedFiles)?, standardOutput: Int32 = 1) throws -> RunOutcome {
        let file = try output.map { path in try AtomicFile(path: path, unfinished: unfinished) }
        defer { file?.discard() }
        let out = file?.writer ?? OutputWriter(fd: standardOutput, name: "stdout")
        let sources = parts.flatMap(\.sources).sorted { $0.index < $1.index }
        let accounts = parts.flatMap(\.accounts).enumerated().sorted {
            ($0.element.index, $0.offset) < ($1.element.index, $1.offset)
        }.map(\.element.object)
        switch format {
        case .json:
            out.write("{\"accounts\":")
            out.write(FeedJSON.array(accounts))
            out.write(",\n\"transactions\":[")
        case .csv(let dialect, let columns):
            if dialect.byteOrderMark { out.write([0xEF, 0xBB, 0xBF]) }
            out.write(dialect.header(columns))
        case .ndjson: break
        }
        var heads = try parts.map { part throws(UsageError) in try part.next() }
        // Newest first, ties to the earlier source (and, within a source, its part's order).
        let precedes = { (a: Int, b: Int) -> Bool in
            let x = heads[a]!, y = heads[b]!
            return x.time != y.time ? x.time > y.time : x.source != y.source ? x.source < y.source : a < b
        }
        var order = IndexHeap()
        for k in heads.indices where heads[k] != nil { order.push(k, by: precedes) }
        var written = 0
        // Each source's transactions read, by its index in the run: checked against the count its
        // part states, since a part cut at a line's end reads as a whole one.
        var counted = [Int](repeating: 0, count: (sources.map(\.index).max() ?? -1) + 1)
        var scratch = CSVRow.Scratch(columns: format.columns)
        while let k = order.top {
            let record = heads[k]!.record
            let source = heads[k]!.source
            guard counted.indices.contains(source) else {
                throw UsageError(
                    "\(parts[k].path): a transaction of source \(source), which no part lists (was it edited?)")
            }
            counted[source] += 1
            switch format {
            case .ndjson:
                out.buffer += record
                out.buffer.append(0x0A)
            case .json:
                out.write(written == 0 ? "\n" : ",\n")
                out.buffer += record
            case .csv(let dialect, _):
                try CSVRow.append(record, in: parts[k].path, dialect: dialect, scratch: &scratch, to: &out.buffer)
            }
            written += 1
            try out.rowDone()
            heads[k] = try parts[k].next()
            if heads[k] == nil { order.popTop(by: precedes) } else { order.topChanged(by: precedes) }
        }
        let reports = try sources.map { source throws(UsageError) in try SourceTotals(source.object) }
        for (source, report) in zip(sources, reports) where counted[source.index] != report.count {
            let part = parts.first { $0.sources.contains { $0.index == source.index } }!
            throw UsageError(
                "\(part.path): source \(report.name) wrote \(report.count) \("transaction".plural(report.count)), the part holds \(counted[source.index]) (was it cut short, or edited?): run part \(part.shard.index)/\(part.shard.count) again"
            )
        }
        if format == .json {
            out.write("],\n\"sources\":")
            out.write(FeedJSON.array(sources.map(\.object)))
            out.write(",\n\"summary\":")
            let deduplicated = reports.contains { $0.duplicates != nil }
            let skipped = reports.contains { $0.skipped != nil }
            out.write(
                FeedJSON.summary(
                    FeedJSON.Totals(
                        written: written, rejected: reports.reduce(0) { $0 + $1.rejected },
                        duplicates: deduplicated ? reports.reduce(0) { $0 + ($1.duplicates ?? 0) } : nil, seen: nil,
                        sources: reports.count, failedSources: reports.filter(\.failed).count, accounts: accounts.count,
                        skipped: skipped ? reports.reduce(0) { $0 + ($1.skipped ?? 0) } : nil)
                ))
            out.write("}\n")
        }
        try out.flush()
        try file?.commit()
        let troubled = reports.contains { $0.failed || $0.rejected > 0 }
        return troubled ? .partial : .complete
    }

    /// How two parts' runs differ, and what to do.
    private static func differ(_ one: PartReader, _ other: PartReader) -> String {
        guard let a = one.run, let b = other.run else {
            let old = one.run == nil ? one : other
            return "\(old.path) was written by an earlier txfeed, which does not record its run; run every part again"
        }
        let how =
            a.sources != b.sources
            ? "one over \(a.sources) \("source".plural(a.sources)), the other over \(b.sources)"
            : "as many sources, named otherwise"
        return "\(how) (the inputs changed between them?); run every part again over the same inputs"
    }

    private static func format(_ request: MergeRequest) throws(UsageError) -> Format {
        let refusal = "txfeed merge writes csv, ndjson or json"
        guard let spec = request.sink else {
            guard let path = request.output else { return .ndjson }
            switch SinkPlan.builtInName(forExtensionOf: path) {
            case "csv": return .csv(.standard, columns: FeedColumn.standard)
            case "json": return .json
            case "ndjson": return .ndjson
            default: throw UsageError("-o \(path): \(refusal); name the file .csv, .json or .ndjson, or give --sink")
            }
        }
        let parsed = try SourceSpec(parsing: spec)
        let options = try parsed.options(mainOption: nil) { _ in true }
        switch parsed.plugin {
        case "ndjson" where options.isEmpty: return .ndjson
        case "json" where options.isEmpty: return .json
        case "csv" where options.allSatisfy({ ["bom", "dialect", "neutralise", "columns"].contains($0.key) }):
            let columns = try SinkPlan.columns(options)
            if let column = columns.first(where: (FeedColumn.rules + FeedColumn.transfers).contains) {
                throw UsageError(
                    "--sink \(spec): txfeed merge cannot write \(column.rawValue): a part file carries no rules' labels "
                        + "or transfers (leave it out of columns=)")
            }
            if columns.contains(.localDate) {
                throw UsageError(
                    "--sink \(spec): txfeed merge cannot write local_date: a part does not record its run's --tz "
                        + "(leave local_date out of columns=)")
            }
            return .csv(try SinkPlan.csvDialect(options), columns: columns)
        default: throw UsageError("--sink \(spec): \(refusal)")
        }
    }
}

/// What the summary needs of a part's source object.
private struct SourceTotals {
    var name: String
    /// Its transactions in the feed, each a line of its part.
    var count: Int
    var failed: Bool
    var rejected: Int
    var duplicates: Int?
    /// Records whose money never moved (rules, which also skip, do not run on shards).
    var skipped: Int?

    init(_ object: [UInt8]) throws(UsageError) {
        guard case .object(let members)? = try? JSONValue.parse(String(decoding: object, as: UTF8.self)) else {
            throw UsageError("a part's source is not a JSON object")
        }
        func integer(_ key: String) -> Int? {
            if case .integer(let n)? = members.first(where: { $0.key == key })?.value { return Int(n) }
            return nil
        }
        name = members.first(where: { $0.key == "name" })?.value.string ?? "?"
        count = integer("count") ?? 0
        failed = members.first(where: { $0.key == "status" })?.value.string == "failure"
        rejected = integer("rejected") ?? 0
        duplicates = integer("duplicates")
        skipped = integer("skipped")
    }
}
