import TxFeedModel

/// The feed's accounts, sources and summary as compact JSON (small, once per run): the `json`
/// sink's other members, and what a sink plugin's `sink_finish` receives.
public enum FeedJSON {
    public static func sources(_ feed: Feed) -> String {
        array(feed.sources) { s in
            var members: [(String, Member)] = [
                ("name", .text(s.name)), ("plugin", .text(s.plugin)), ("status", .text(s.status.rawValue)),
                ("error", s.error.map(Member.text) ?? .null), ("count", .integer(Int64(s.count))),
                ("rejected", .integer(Int64(s.rejected))),
            ]
            // Only with --dedupe, so a run without it writes what it always wrote.
            if feed.deduplicated { members.append(("duplicates", .integer(Int64(s.duplicates)))) }
            if feed.batch != nil { members.append(("seen", .integer(Int64(s.seen)))) }
            members.append(("elapsed_ms", .integer(Int64(s.elapsedMilliseconds))))
            return members
        }
    }

    public static func summary(_ feed: Feed) -> String {
        let rejected = feed.sources.reduce(0) { $0 + $1.rejected }
        var members: [(String, Member)] = [
            ("read", .integer(Int64(feed.transactions.count + rejected + feed.duplicates.count))),
            ("written", .integer(Int64(feed.transactions.count))),
            ("rejected", .integer(Int64(rejected))),
        ]
        let seen = feed.sources.reduce(0) { $0 + $1.seen }
        if feed.deduplicated { members.append(("duplicates", .integer(Int64(feed.duplicates.count - seen)))) }
        if let batch = feed.batch { members += [("seen", .integer(Int64(seen))), ("batch", .integer(batch))] }
        members += [
            ("sources", .integer(Int64(feed.sources.count))),
            ("failed_sources", .integer(Int64(feed.sources.filter { $0.status == .failure }.count))),
            ("accounts", .integer(Int64(feed.accounts.count))),
        ]
        return String(decoding: object(members), as: UTF8.self)
    }

    public static func accounts(_ feed: Feed) -> String {
        array(feed.accounts) { a in
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
            return members
        }
    }

    private enum Member {
        case text(String)
        case integer(Int64)
        case null
        case raw([UInt8])
    }

    private static func array<T>(_ items: [T], _ members: (T) -> [(String, Member)]) -> String {
        var out: [UInt8] = [UInt8(ascii: "[")]
        for (i, item) in items.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out += object(members(item))
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
