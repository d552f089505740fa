import Glibc

/// A file mapped read-only for as long as the value lives: a statement is read in place, never
/// copied unless it must be transcoded.
public final class MappedFile {
    public let bytes: UnsafeRawBufferPointer
    private let length: Int

    public init(path: String) throws(PluginFailure) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw PluginFailure("\(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw PluginFailure("\(path): \(String(cString: strerror(errno)))") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw PluginFailure("\(path): not a regular file") }
        length = Int(info.st_size)
        guard length > 0 else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        guard let map = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else {
            throw PluginFailure("\(path): cannot map: \(String(cString: strerror(errno)))")
        }
        madvise(map, length, MADV_SEQUENTIAL)
        bytes = UnsafeRawBufferPointer(start: map, count: length)
    }

    /// The file's name without folder and extension: an account's default name.
    public static func stem(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    deinit {
        if let start = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: start), length) }
    }
}
