import Glibc
import TxFeedModel

/// Where an output path really writes, decided before anything runs, as a shell redirection
/// would: a stream (`-`, `/dev/stdout`, `/dev/fd/N`, a FIFO, a terminal or other device) is
/// written directly and never replaced; a file is written atomically, through its links, in
/// its real folder.
public enum OutputDestination: Equatable, Sendable {
    /// Written directly, in place.
    case stream(path: String)
    /// Replaced atomically: `path` with every link resolved (the link itself stays).
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
    public static func resolve(_ given: String) throws(UsageError) -> OutputDestination {
        if given == "-" || given == "/dev/stdout" || given == "/proc/self/fd/1" || given == "/dev/fd/1" {
            return .stream(path: "/dev/stdout")
        }
        // What lives under /dev is the system's (a descriptor, a terminal, /dev/null): written
        // to, never replaced, whatever it leads to (stdout redirected to a file included).
        if given.hasPrefix("/dev/") || given.hasPrefix("/proc/self/fd/") { return .stream(path: given) }
        var info = stat()
        if stat(given, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFIFO, S_IFCHR, S_IFSOCK: return .stream(path: given)
            case S_IFDIR: throw UsageError("\(given) is a folder, not a file to write")
            default: break
            }
            guard access(given, W_OK) == 0 else {
                throw UsageError(
                    "\(given): \(SystemError.current) (its mode forbids writing, as a shell redirection would find)")
            }
            return .file(path: try realPath(given, of: given))
        }
        var link = stat()
        if lstat(given, &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK {
            throw UsageError("\(given) is a link to nothing; write to its target's path instead")
        }
        let folder = Paths.parentFolder(of: given)
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0, (folderInfo.st_mode & S_IFMT) == S_IFDIR else {
            throw UsageError("\(given): the folder \(folder) does not exist")
        }
        let base = given.split(separator: "/").last.map(String.init) ?? given
        let resolvedFolder = try realPath(folder, of: given)
        return .file(path: (resolvedFolder == "/" ? "" : resolvedFolder) + "/" + base)
    }

    /// `path` with every link resolved. A real name that is not UTF-8 (a link named in UTF-8
    /// to `caf\xe9.csv`) is refused: written through a Swift string, it would be another file.
    private static func realPath(_ path: String, of given: String) throws(UsageError) -> String {
        guard let real = realpath(path, nil) else { throw UsageError("\(given): \(SystemError.current)") }
        defer { free(real) }
        guard let text = String(validatingCString: real) else {
            let bytes = UnsafeRawBufferPointer(start: real, count: strlen(real))
            throw UsageError(
                "\(given): its real name, \(ByteNames.escaped(bytes)), is not UTF-8: txfeed writes only UTF-8 names")
        }
        return text
    }
}
