/// The largest texts txfeed takes, so that one absurd record (a 500 MB vendor name) is a clear
/// reject instead of seconds and gigabytes; far above anything a bank writes.
public enum TextLimits {
    /// A vendor, in UTF-8 bytes.
    public static let vendor = 1024
    /// A memo.
    public static let memo = 4096
    /// A transaction's bank id (OFX allows 255).
    public static let id = 256
    /// An account's name or id.
    public static let account = 1024
    /// One document a source hands over (`emit_document`, `begin_account`, a batch): 16 GiB.
    public static let document = 16 << 30

    /// `vendor is 5000 bytes, over the limit of 1024`.
    public static func over(_ what: String, _ count: Int, _ limit: Int) -> String {
        "\(what) is \(count) bytes, over the limit of \(limit)"
    }
}
