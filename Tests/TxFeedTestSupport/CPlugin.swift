import Foundation

/// Compiles C test plugins (kept as source under Tests/Fixtures/plugins) into real shared
/// libraries with the system compiler, so loader tests use real files.
public enum CPlugin {
    public struct BuildError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Builds `source` into `folder/lib\(name).so`: compiled once per test run for each source,
    /// name and set of defines (a cache in `.build/test-plugins`, keyed by their bytes and the
    /// header's), then copied, so that each test still loads a file of its own folder.
    ///
    /// - Parameters:
    ///   - defines: `-D` flags, e.g. to build a plugin with a wrong ABI version.
    ///   - headers: the folder of the `txfeed_plugin.h` it is built against: this build's, or an
    ///     older one kept under Tests/Fixtures/plugins/headers (a plugin built before a field
    ///     was appended).
    @discardableResult
    public static func build(
        _ source: String, name: String, into folder: String, defines: [String] = [],
        headers: String = BuiltProducts.header
    ) throws -> String {
        let output = folder + "/lib\(name).so"
        let command =
            "cc -shared -fPIC -O1 -I\"$1\" \(defines.map { "-D\($0)" }.joined(separator: " ")) -o \"$2\" \"$3\" $(pkg-config --cflags --libs jansson)"
        let cached = try cache(for: source, command: command, headers: headers)
        if !FileManager.default.fileExists(atPath: cached) {
            let partial = cached + ".\(getpid()).partial"
            let result = try runCommand("/bin/sh", ["-c", command, "sh", headers, partial, source])
            guard result.status == 0 else {
                try? FileManager.default.removeItem(atPath: partial)
                throw BuildError(description: "cc failed for \(source):\n\(result.stderr)")
            }
            guard rename(partial, cached) == 0 else {
                throw BuildError(description: "cannot keep \(cached): \(String(cString: strerror(errno)))")
            }
        }
        try? FileManager.default.removeItem(atPath: output)
        try FileManager.default.copyItem(atPath: cached, toPath: output)
        chmod(output, 0o755)
        return output
    }

    /// Where the library built from `source` by `command` is kept: named by a 128-bit hash of the
    /// source's bytes, the header's and the command (defines included).
    private static func cache(for source: String, command: String, headers: String) throws -> String {
        let folder = BuiltProducts.repository + "/.build/test-plugins"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var key = Data(command.utf8)
        key.append(try Data(contentsOf: URL(fileURLWithPath: source)))
        key.append(try Data(contentsOf: URL(fileURLWithPath: headers + "/txfeed_plugin.h")))
        // Two FNV-1a hashes with different offsets: no collision among a run's few hundred builds.
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in key {
            first = (first ^ UInt64(byte)) &* 0x100_0000_01b3
            second = (second ^ UInt64(byte)) &* 0x100_0000_01b3 &+ 0x9e37
        }
        return folder + "/" + String(first, radix: 16) + String(second, radix: 16) + ".so"
    }

    /// A fixture plugin source under Tests/Fixtures/plugins.
    public static func fixture(_ file: String) -> String {
        BuiltProducts.fixtures + "/plugins/" + file
    }

    /// Builds the recording test sink (Tests/Fixtures/plugins/test_sink.c) into `folder`, named
    /// `test-sink-N` after how many `defines` it gets; returns the file.
    public static func testSink(into folder: String, defines: [String] = []) throws -> String {
        let name = "test-sink-\(defines.count)"
        return try build(
            fixture("test_sink.c"), name: name, into: folder, defines: defines + ["TEST_NAME=\\\"\(name)\\\""])
    }
}
