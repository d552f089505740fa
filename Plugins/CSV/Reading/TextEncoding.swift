/// The encodings the `encoding` option names: what bank exports are written in.
public enum TextEncoding: String, Sendable, CaseIterable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case windows1252 = "windows-1252"
    case iso88591 = "iso-8859-1"
    case iso885915 = "iso-8859-15"

    /// Reads the option's value, any case; `utf8`, `latin1`, `cp1252` are accepted spellings too.
    public init?(option: String) {
        switch option.lowercased() {
        case "utf-8", "utf8": self = .utf8
        case "utf-16", "utf16": self = .utf16
        case "windows-1252", "cp1252": self = .windows1252
        case "iso-8859-1", "latin1", "latin-1": self = .iso88591
        case "iso-8859-15", "latin9", "latin-9": self = .iso885915
        default: return nil
        }
    }

    /// The name glibc's iconv knows it by.
    var iconvName: String {
        switch self {
        case .utf8: "UTF-8"
        case .utf16: "UTF-16"
        case .windows1252: "WINDOWS-1252"
        case .iso88591: "ISO-8859-1"
        case .iso885915: "ISO-8859-15"
        }
    }
}
