import Foundation

/// Small path helpers shared by the loader, atomic files, the scaffold and `plugins check`.
package enum Paths {
    /// The folder part of `path` ("." for a bare name, "/" at the root).
    package static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The running executable's real path (`/proc/self/exe`), or nil when it cannot be read.
    package static func executable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` from the root, `.` and `..` resolved (links are not followed): two spellings of
    /// one destination compare equal.
    /// (Foundation's `standardizedFileURL` gives the same, but asks the file system whether each
    /// path is a folder: a folder of 50,000 files under `--state` spent 0.3 s in it.)
    package static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in full.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The regular file `path` names, by device and inode, when there is one: a hard link or a
    /// symlink to it names the same file. Nil when nothing is there yet, for anything but a
    /// regular file, and for a descriptor's name (`/dev/stdout`, `/dev/fd/N`, which may be any
    /// file the shell redirected it to: ``standardOutputIdentity()`` says which for stdout).
    package static func fileIdentity(_ path: String) -> String? {
        guard !["/dev/stdout", "/dev/stderr", "/dev/stdin"].contains(path), !path.hasPrefix("/dev/fd/"),
            !path.hasPrefix("/proc/")
        else { return nil }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return "\(info.st_dev):\(info.st_ino)"
    }

    /// The regular file standard output is, when the shell redirected it to one: `-o -` beside
    /// `--rejects out.ndjson > out.ndjson` is one file written twice.
    package static func standardOutputIdentity() -> String? {
        var info = stat()
        guard fstat(1, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return "\(info.st_dev):\(info.st_ino)"
    }

    /// `mkstemp` on `template` (ending in `XXXXXX`): the open descriptor and the path it made,
    /// or nil with `errno` set.
    package static func makeTemporaryFile(template: String) -> (fd: Int32, path: String)? {
        var bytes = Array(template.utf8CString)
        let fd = bytes.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        return (fd, String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// The file's name without its folder and its last extension (`checking` for
    /// `samples/accounts/checking.json`, `accounts` for `samples/accounts/`); nil for stdin (`-`)
    /// or an empty path.
    package static func stem(of path: String) -> String? {
        // On the bytes: a folder's ten thousand names are not walked as Characters.
        let bytes = Array(path.utf8)
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var end = bytes.count
        while end > 1 && bytes[end - 1] == slash { end -= 1 }
        var start = end
        while start > 0 && bytes[start - 1] != slash { start -= 1 }
        let name = bytes[start..<end]
        guard !name.isEmpty, !["-", ".", ".."].contains(where: { name.elementsEqual($0.utf8) }) else { return nil }
        guard let last = name.lastIndex(of: dot), last != start else { return String(decoding: name, as: UTF8.self) }
        return String(decoding: bytes[start..<last], as: UTF8.self)
    }

    /// `path` as seen from `folder`: unchanged when it is absolute, stdin (`-`) or `folder` is
    /// the current one.
    package static func resolve(_ path: String, against folder: String) -> String {
        guard !path.isEmpty, !path.hasPrefix("/"), path != "-", folder != "." else { return path }
        return folder.hasSuffix("/") ? folder + path : folder + "/" + path
    }
}
