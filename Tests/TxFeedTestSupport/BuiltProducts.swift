import Foundation

/// Where the built products are: SwiftPM puts the test bundle, the `txfeed` executable and
/// the plugin libraries (`lib*.so`) in one folder.
public enum BuiltProducts {
    public static let folder: String = {
        let exe =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return (exe as NSString).deletingLastPathComponent
    }()

    public static var txfeed: String { folder + "/txfeed" }

    /// The built plugin `lib\(name).so`.
    public static func plugin(_ name: String) -> String { folder + "/lib\(name).so" }

    /// The repository (for samples/ and Tests/Fixtures/).
    public static let repository: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    public static var fixtures: String { repository + "/Tests/Fixtures" }
    public static var header: String { repository + "/Sources/TxFeedPluginABI/include" }
}
