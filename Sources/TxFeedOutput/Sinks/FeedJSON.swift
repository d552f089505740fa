import CJansson
import Glibc

/// The feed's accounts, sources and summary as JSON, built with jansson (small, once per run).
public enum FeedJSON {
    public static func sources(_ feed: Feed) -> String {
        let array = json_array()!
        for s in feed.sources {
            let o = json_object()!
            set(o, "name", json_string(s.name))
            set(o, "plugin", json_string(s.plugin))
            set(o, "status", json_string(s.status.rawValue))
            set(o, "error", s.error.map { json_string($0) } ?? json_null())
            set(o, "count", json_integer(json_int_t(s.count)))
            set(o, "rejected", json_integer(json_int_t(s.rejected)))
            set(o, "elapsed_ms", json_integer(json_int_t(s.elapsedMilliseconds)))
            json_array_append_new(array, o)
        }
        return dump(array)
    }

    public static func summary(_ feed: Feed) -> String {
        let o = json_object()!
        let rejected = feed.sources.reduce(0) { $0 + $1.rejected }
        set(o, "read", json_integer(json_int_t(feed.transactions.count + rejected)))
        set(o, "written", json_integer(json_int_t(feed.transactions.count)))
        set(o, "rejected", json_integer(json_int_t(rejected)))
        set(o, "sources", json_integer(json_int_t(feed.sources.count)))
        set(o, "failed_sources", json_integer(json_int_t(feed.sources.filter { $0.status == .failure }.count)))
        set(o, "accounts", json_integer(json_int_t(feed.accounts.count)))
        return dump(o)
    }

    public static func accounts(_ feed: Feed) -> String {
        let array = json_array()!
        for a in feed.accounts {
            let o = json_object()!
            set(o, "name", json_string(a.name))
            if let b = a.balance {
                var text: [UInt8] = []
                b.appendPlainDecimal(to: &text, negative: false)  // signed minor units: no flip
                set(o, "balance", json_string(String(decoding: text, as: UTF8.self)))
                set(o, "balance_minor", json_integer(json_int_t(b.minorUnits)))
            } else {
                set(o, "balance", json_null())
            }
            set(o, "currency", a.currency.map { json_string($0) } ?? json_null())
            set(o, "source", json_string(feed.sources[a.source].name))
            if let p = a.profile {
                let profile = json_object()!
                set(profile, "id", p.id.map { json_string($0) } ?? json_null())
                set(profile, "firstName", p.firstName.map { json_string($0) } ?? json_null())
                set(profile, "lastName", p.lastName.map { json_string($0) } ?? json_null())
                set(o, "profile", profile)
            }
            json_array_append_new(array, o)
        }
        return dump(array)
    }

    private static func set(_ object: UnsafeMutablePointer<json_t>, _ key: String, _ value: UnsafeMutablePointer<json_t>?) {
        json_object_set_new(object, key, value ?? json_null())
    }

    private static func dump(_ value: UnsafeMutablePointer<json_t>) -> String {
        defer { json_decref(value) }
        guard let text = json_dumps(value, Int(JSON_COMPACT | JSON_ENCODE_ANY)) else { return "null" }
        defer { free(text) }
        return String(cString: text)
    }
}
