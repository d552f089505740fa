/// Why a plugin file could not be used. Every case names the file; found before any source runs
/// (exit status 2).
public enum PluginLoadError: Error, Equatable, CustomStringConvertible {
    case notFound(name: String, searched: [String], available: [String])
    case unreadable(path: String, reason: String)
    case writableByOthers(path: String, writable: String)
    /// The file or a folder on its way is owned by another user than the one running txfeed
    /// (and not root).
    case foreignOwner(path: String, item: String, owner: String)
    case dlopenFailed(path: String, message: String)
    case notAPlugin(path: String)
    case abiMismatch(path: String, plugin: UInt32, host: UInt32)
    case structSizeMismatch(path: String, plugin: UInt32, host: UInt32)
    case invalidDescriptor(path: String, reason: String)
    case nameMismatch(path: String, expected: String, found: String)
    case wrongKind(path: String, expected: PluginKind, found: PluginKind)
    /// Found by the plugin host child that loaded it (any of the above, as its text), or the
    /// child itself ended while loading it (a library constructor that crashed or exited).
    case inPluginHost(path: String, message: String)

    public var description: String {
        switch self {
        case let .notFound(name, searched, available):
            let places = searched.isEmpty ? "(no plugin folders)" : searched.joined(separator: ", ")
            let found = available.isEmpty ? "none" : available.joined(separator: ", ")
            return "plugin '\(name)' not found: looked for lib\(name).so in \(places); plugins there: \(found)"
        case let .unreadable(path, reason):
            return "\(path): cannot read plugin file: \(reason)"
        case let .writableByOthers(path, writable):
            return "\(path): refused: \(writable) is writable by other users (chmod go-w to trust it)"
        case let .foreignOwner(path, item, owner):
            return "\(path): refused: \(item) is owned by \(owner), not by you or root"
        case let .dlopenFailed(path, message):
            return "\(path): cannot load shared library: \(message)"
        case let .notAPlugin(path):
            return "\(path): not a txfeed plugin: it has no '\(txfeedEntrySymbol)' symbol"
        case let .abiMismatch(path, plugin, host):
            return
                "\(path): plugin ABI version \(plugin) does not match this txfeed's ABI version \(host); rebuild the plugin against this txfeed's header"
        case let .structSizeMismatch(path, plugin, host):
            return
                "\(path): plugin descriptor is \(plugin) bytes but ABI version 1 needs at least \(host); rebuild the plugin against this txfeed's header"
        case let .invalidDescriptor(path, reason):
            return "\(path): invalid plugin descriptor: \(reason)"
        case let .nameMismatch(path, expected, found):
            return "\(path): plugin calls itself '\(found)', not '\(expected)' as its file name says"
        case let .inPluginHost(_, message):
            return message
        case let .wrongKind(path, expected, found):
            return
                "\(path): a \(found) plugin, not a \(expected) plugin: use it as \(found == .source ? "a source (-s)" : "a sink (--sink)")"
        }
    }

    /// No file of that name in any plugin folder (as opposed to a file that is not usable).
    public var isNotFound: Bool {
        if case .notFound = self { return true }
        return false
    }
}
