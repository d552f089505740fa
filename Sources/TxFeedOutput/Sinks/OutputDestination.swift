import Glibc
import TxFeedModel

/// Where an output path really writes, decided before anything runs, as a shell redirection
/// would: a stream (`-`, `/dev/stdout`, `/dev/fd/N`, a FIFO, a terminal or other device) is
/// written directly and never replaced; a file is written atomically, through its links, in
/// its real folder.
public enum OutputDestination: Equatable, Sendable {
    /// Written directly, in place.
    case stream(path: String)
    /// Replaced atomically: `path` with every link resolved (the link itself stays); a
    /// stand-in (``ByteNames``) when its real name is not UTF-8.
    case file(path: String)

    /// The path written, and compared to find one file named twice.
    public var path: String {
        switch self {
        case .stream(let path), .file(let path): return path
        }
    }

    public var isStream: Bool {
        if case .stream = self { return true }
        return false
    }

    /// - Throws: ``UsageError`` for a path no run could write: a missing folder, a folder, a
    ///   file whose mode forbids writing, a link to nothing.
    ///
    /// A name that is not UTF-8 (a stand-in, ``ByteNames``) is checked by its bytes, and a real
    /// name that is not UTF-8 (a link named in UTF-8 to `caf\xe9.csv`) comes back as a stand-in.
    public static func resolve(_ given: String) throws(UsageError) -> OutputDestination {
        if given == "-" || given == "/dev/stdout" || given == "/proc/self/fd/1" || given == "/dev/fd/1" {
            return .stream(path: "/dev/stdout")
        }
        // What lives under /dev is the system's (a descriptor, a terminal, /dev/null): written
        // to, never replaced, whatever it leads to (stdout redirected to a file included).
        if given.hasPrefix("/dev/") || given.hasPrefix("/proc/self/fd/") { return .stream(path: given) }
        let bytes = ByteNames.bytes(of: given)
        var info = stat()
        if ByteNames.withCString(bytes, { stat($0, &info) }) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFIFO, S_IFCHR, S_IFSOCK: return .stream(path: given)
            case S_IFDIR: throw UsageError("\(given) is a folder, not a file to write")
            default: break
            }
            guard ByteNames.withCString(bytes, { access($0, W_OK) }) == 0 else {
                throw UsageError(
                    "\(given): \(SystemError.current) (its mode forbids writing, as a shell redirection would find)")
            }
            return .file(path: try path(for: realPath(bytes, of: given), of: given))
        }
        var link = stat()
        if ByteNames.withCString(bytes, { lstat($0, &link) }) == 0 && (link.st_mode & S_IFMT) == S_IFLNK {
            throw UsageError("\(given) is a link to nothing; write to its target's path instead")
        }
        let slash = UInt8(ascii: "/")
        let folder = bytes.lastIndex(of: slash).map { $0 == 0 ? [slash] : Array(bytes[..<$0]) } ?? [UInt8(ascii: ".")]
        var folderInfo = stat()
        guard ByteNames.withCString(folder, { stat($0, &folderInfo) }) == 0, (folderInfo.st_mode & S_IFMT) == S_IFDIR
        else {
            throw UsageError("\(given): the folder \(ByteNames.escaped(folder)) does not exist")
        }
        let base = bytes.split(separator: slash).last.map(Array.init) ?? bytes
        let resolvedFolder = try realPath(folder, of: given)
        return .file(path: try path(for: (resolvedFolder == [slash] ? [] : resolvedFolder) + [slash] + base, of: given))
    }

    /// The bytes of `path` with every link resolved.
    private static func realPath(_ path: [UInt8], of given: String) throws(UsageError) -> [UInt8] {
        guard let real = ByteNames.withCString(path, { realpath($0, nil) }) else {
            throw UsageError("\(given): \(SystemError.current)")
        }
        defer { free(real) }
        return Array(UnsafeRawBufferPointer(start: real, count: strlen(real)))
    }

    /// `real` as a path: itself, or the stand-in of a name that is not UTF-8.
    private static func path(for real: [UInt8], of given: String) throws(UsageError) -> String {
        guard let path = ByteNames.path(for: real) else {
            throw UsageError(
                "\(given): its real name, \(ByteNames.escaped(real)), reads as another name this run writes: give the two files names that differ in print"
            )
        }
        return path
    }
}
