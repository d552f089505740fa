import Glibc

/// A file's bytes, read whole into memory for as long as the value lives.
///
/// Read, never mapped: a mapped file that another process truncates while it is read kills the
/// whole run with SIGBUS on the first page past the new end, and Swift has no safe way to catch
/// that. Reading costs one copy, and a file whose size changes while it is read fails its source
/// with a message naming it instead.
public final class FileBytes {
    public let bytes: UnsafeRawBufferPointer

    public convenience init(path: String) throws(PluginFailure) {
        try self.init(FileReader(path: path))
    }

    /// The whole of an opened file, from its start, whatever was read of it before.
    public init(_ file: FileReader) throws(PluginFailure) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: file.size + 1, alignment: 16)
        do {
            try file.readWhole(into: buffer)
        } catch {
            buffer.deallocate()
            throw error
        }
        bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<file.size])
    }

    /// The file's name without folder and extension: an account's default name.
    public static func stem(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    deinit { UnsafeMutableRawPointer(mutating: bytes.baseAddress)?.deallocate() }
}
