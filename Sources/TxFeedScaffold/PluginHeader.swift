/// The plugin header, built into the binary so that `txfeed plugins cflags` and
/// `txfeed plugins new` work from the installed executable alone. SwiftPM embeds the header
/// file itself (`Resources/txfeed_plugin.h` links to TxFeedPluginABI's), so no copy can drift.
public enum PluginHeader {
    public static let fileName = "txfeed_plugin.h"

    public static let text = String(decoding: PackageResources.txfeed_plugin_h, as: UTF8.self)
}
