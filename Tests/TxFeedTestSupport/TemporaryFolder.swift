import Foundation

/// A fresh folder under /tmp, removed when the value goes away. A test case keeps one with
/// ``XCTest/XCTestCase/temporaryFolder()``, which removes it when the test ends.
public final class TemporaryFolder {
    public let path: String

    public init() throws {
        var template = Array("/tmp/txfeed-test-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CocoaError(.fileWriteUnknown)
        }
        path = String(cString: made)
    }

    /// Writes `contents` to `name` in the folder and returns its path.
    @discardableResult
    public func write(_ name: String, _ contents: String) throws -> String {
        try write(name, Data(contents.utf8))
    }

    @discardableResult
    public func write(_ name: String, _ contents: Data) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try contents.write(to: URL(fileURLWithPath: file))
        return file
    }

    public func read(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path + "/" + name))
    }

    public func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/" + name)
    }

    public func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// Removes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    deinit { remove() }
}
