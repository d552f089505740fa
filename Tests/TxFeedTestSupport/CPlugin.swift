import Foundation

/// Compiles C test plugins (kept as source under Tests/Fixtures/plugins) into real shared
/// libraries with the system compiler, so loader tests use real files.
public enum CPlugin {
    public struct BuildError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Builds `source` into `folder/lib\(name).so`.
    ///
    /// - Parameters:
    ///   - defines: `-D` flags, e.g. to build a plugin with a wrong ABI version.
    @discardableResult
    public static func build(_ source: String, name: String, into folder: String, defines: [String] = []) throws
        -> String
    {
        let output = folder + "/lib\(name).so"
        let result = try runCommand(
            "/bin/sh",
            [
                "-c",
                "cc -shared -fPIC -O1 -I\"$1\" \(defines.map { "-D\($0)" }.joined(separator: " ")) -o \"$2\" \"$3\" $(pkg-config --cflags --libs jansson)",
                "sh", BuiltProducts.header, output, source,
            ])
        guard result.status == 0 else { throw BuildError(description: "cc failed for \(source):\n\(result.stderr)") }
        chmod(output, 0o755)
        return output
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
