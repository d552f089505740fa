import TxFeedModel

/// The feed's accounts, sources and summary as compact JSON (small, once per run): the `json`
/// sink's other members, and what a sink plugin's `sink_finish` receives.
public enum FeedJSON {
    public static func sources(_ feed: Feed) -> String { array(sourceObjects(feed)) }

    public static func accounts(_ feed: Feed) -> String { array(accountObjects(feed)) }

    /// Each source's object, in source order: what a part file keeps of them (`--shard`).
    public static func sourceObjects(_ feed: Feed) -> [[UInt8]] {
        let countsSkipped = feed.countsSkipped  // asked once: it looks at every source
        return feed.sources.map { s in
            var members: [(String, Member)] = [
                ("name", .text(s.name)), ("plugin", .text(s.plugin)), ("status", .text(s.status.rawValue)),
                ("error", s.error.map(Member.text) ?? .null), ("count", .integer(Int64(s.count))),
                ("rejected", .integer(Int64(s.rejected))),
            ]
            // Only with --dedupe, so a run without it writes what it always wrote.
            if feed.deduplicated { members.append(("duplicates", .integer(Int64(s.duplicates)))) }
            if feed.batch != nil { members.append(("seen", .integer(Int64(s.seen)))) }
            if countsSkipped { members.append(("skipped", .integer(Int64(s.skipped)))) }
            // Only when some failed, so a clean run writes what it always wrote.
            if !s.documentFailures.isEmpty {
                let reasons = array(s.documentFailures.map { JSONString.literal($0) })
                members.append(("failed_documents", .raw(Array(reasons.utf8))))
            }
            members.append(("elapsed_ms", .integer(Int64(s.elapsedMilliseconds))))
            return object(members)
        }
    }

    public static func summary(_ feed: Feed) -> String {
        let seen = feed.sources.reduce(0) { $0 + $1.seen }
        return summary(
            Totals(
                written: feed.rowCount, rejected: feed.sources.reduce(0) { $0 + $1.rejected },
                duplicates: feed.deduplicated ? feed.duplicates.count - seen : nil,
                seen: feed.batch.map { (seen, $0) }, sources: feed.sources.count,
                failedSources: feed.sources.filter { $0.status == .failure }.count, accounts: feed.accounts.count,
                skipped: feed.countsSkipped ? feed.sources.reduce(0) { $0 + $1.skipped } : nil))
    }

    /// The numbers of a `summary` object, however they were counted (a run, or `txfeed merge`).
    public struct Totals: Sendable {
        public var written: Int
        public var rejected: Int
        /// With `--dedupe` only.
        public var duplicates: Int?
        /// With `--state` only: records seen before, and the batch.
        public var seen: (count: Int, batch: Int64)?
        public var sources: Int
        public var failedSources: Int
        public var accounts: Int
        /// With rules, or when a source left records out: records skipped.
        public var skipped: Int?

        public init(
            written: Int, rejected: Int, duplicates: Int?, seen: (count: Int, batch: Int64)?, sources: Int,
            failedSources: Int, accounts: Int, skipped: Int? = nil
        ) {
            self.skipped = skipped
            self.written = written
            self.rejected = rejected
            self.duplicates = duplicates
            self.seen = seen
            self.sources = sources
            self.failedSources = failedSources
            self.accounts = accounts
        }
    }

    public static func summary(_ totals: Totals) -> String {
        let read =
            totals.written + totals.rejected + (totals.duplicates ?? 0) + (totals.seen?.count ?? 0)
            + (totals.skipped ?? 0)
        var members: [(String, Member)] = [
            ("read", .integer(Int64(read))),
            ("written", .integer(Int64(totals.written))),
            ("rejected", .integer(Int64(totals.rejected))),
        ]
        if let duplicates = totals.duplicates { members.append(("duplicates", .integer(Int64(duplicates)))) }
        if let seen = totals.seen {
            members += [("seen", .integer(Int64(seen.count))), ("batch", .integer(seen.batch))]
        }
        if let skipped = totals.skipped { members.append(("skipped", .integer(Int64(skipped)))) }
        members += [
            ("sources", .integer(Int64(totals.sources))),
            ("failed_sources", .integer(Int64(totals.failedSources))),
            ("accounts", .integer(Int64(totals.accounts))),
        ]
        return String(decoding: object(members), as: UTF8.self)
    }

    /// Each account's object, in the feed's order.
    public static func accountObjects(_ feed: Feed) -> [[UInt8]] {
        feed.accounts.map { a in
            var members: [(String, Member)] = [("name", .text(a.name)), ("id", a.id.map(Member.text) ?? .null)]
            if let balance = a.balance {
                // Signed minor units: the sign is the balance's own.
                members.append(("balance", .text(balance.plainDecimalSigned)))
                members.append(("balance_minor", .integer(balance.minorUnits)))
            } else {
                members.append(("balance", .null))
            }
            members.append(("currency", a.currency.map(Member.text) ?? .null))
            members.append(("source", .text(feed.sources[a.source].name)))
            if let p = a.profile {
                members.append(
                    (
                        "profile",
                        .raw(
                            object([
                                ("id", p.id.map(Member.text) ?? .null),
                                ("firstName", p.firstName.map(Member.text) ?? .null),
                                ("lastName", p.lastName.map(Member.text) ?? .null),
                            ]))
                    ))
            }
            return object(members)
        }
    }

    private enum Member {
        case text(String)
        case integer(Int64)
        case null
        case raw([UInt8])
    }

    /// `[` + the objects joined by `,` + `]`: also how `txfeed merge` joins the parts' objects.
    public static func array(_ objects: [[UInt8]]) -> String {
        var out: [UInt8] = [UInt8(ascii: "[")]
        for (i, object) in objects.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out += object
        }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }

    private static func object(_ members: [(String, Member)]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "{")]
        for (i, (key, value)) in members.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            JSONString.append(key, to: &out)
            out.append(UInt8(ascii: ":"))
            switch value {
            case .text(let text): JSONString.append(text, to: &out)
            case .integer(let n): out += Array(String(n).utf8)
            case .null: out += Array("null".utf8)
            case .raw(let bytes): out += bytes
            }
        }
        out.append(UInt8(ascii: "}"))
        return out
    }
}

extension Money {
    /// The plain decimal with the amount's own sign (`-12.50` for an overdrawn balance).
    var plainDecimalSigned: String {
        var text: [UInt8] = []
        appendPlainDecimal(to: &text, negative: false)
        return String(decoding: text, as: UTF8.self)
    }
}
