import Glibc
import TxFeedModel
import TxFeedPluginABI

/// Loads plugin libraries with `dlopen` and checks them before anything in them is used.
public enum PluginLoader {
    /// Loads the plugin file at `path`.
    ///
    /// The order of checks gives each failure its own message: file and folder permissions
    /// (refuse what other users could have replaced), `dlopen`, the entry symbol, then the
    /// descriptor's ABI version and size — before any other field is read.
    public static func load(path: String) throws(PluginLoadError) -> LoadedPlugin {
        try PluginFileTrust.check(path)
        // A bare file name is a file here, not a library for the dynamic linker to search for.
        guard let handle = dlopen(path.contains("/") ? path : "./" + path, RTLD_NOW | RTLD_LOCAL) else {
            let message = dlerror().map { String(cString: $0) } ?? "unknown error"
            throw .dlopenFailed(path: path, message: message)
        }
        guard
            let symbol = dlsym(
                handle, txfeedEntrySymbol.utf8Start.withMemoryRebound(to: CChar.self, capacity: 1) { $0 })
        else {
            // Not closed either: a Swift library registers its type records with the Swift
            // runtime when loaded, and unloading it leaves them dangling (the next type lookup
            // crashes). A library that is not a plugin costs its mapping until txfeed exits.
            throw .notAPlugin(path: path)
        }
        let entry = unsafeBitCast(symbol, to: txfeed_plugin_entry_fn.self)
        guard let descriptor = entry() else {
            throw .invalidDescriptor(path: path, reason: "txfeed_plugin_entry returned NULL")
        }
        let abi = descriptor.pointee.abi_version
        guard abi == TXFEED_ABI_VERSION else {
            throw .abiMismatch(path: path, plugin: abi, host: TXFEED_ABI_VERSION)
        }
        let size = descriptor.pointee.struct_size
        guard size >= LoadedPlugin.firstDescriptorSize else {
            throw .structSizeMismatch(path: path, plugin: size, host: LoadedPlugin.firstDescriptorSize)
        }
        // Never dlclose from here on: an abandoned source may still be running its code.
        return try LoadedPlugin(path: path, descriptor: descriptor)
    }
}
