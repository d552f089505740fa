import Glibc
import TxFeedModel

/// Whether a plugin file may be loaded, the way OpenSSH's StrictModes decides whether to read
/// a key: nobody but the user (or root) could have put it there.
///
/// Links are resolved first, and the file that would be loaded is checked: it, its folder and
/// every folder above it up to `/` must be owned by the user or root and writable by nobody
/// else. A folder above may be writable by all when it is sticky and root's (`/tmp`): there no
/// one can replace another's entry. The plugin's own folder may not: anyone could add a file
/// beside it, or a link that makes it another.
enum PluginFileTrust {
    static func check(_ path: String) throws(PluginLoadError) {
        guard let resolved = realpath(path, nil) else { throw .unreadable(path: path, reason: SystemError.current) }
        let target = String(cString: resolved)
        free(resolved)
        let via = target == Paths.absolute(path) ? "" : " (a link to \(target))"
        var info = stat()
        guard stat(target, &info) == 0 else { throw .unreadable(path: path, reason: SystemError.current) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .unreadable(path: path, reason: "not a regular file") }
        try checkOwnerAndMode(info, of: "the file\(via)", path: path, stickyAllowed: false)
        var folder = Paths.parentFolder(of: target)
        var own = true
        while true {
            guard stat(folder, &info) == 0 else {
                throw .unreadable(path: path, reason: "\(folder): \(SystemError.current)")
            }
            let what = own ? "its folder \(folder)\(via)" : "\(folder), a folder above it\(via)"
            try checkOwnerAndMode(info, of: what, path: path, stickyAllowed: !own)
            if folder == "/" { break }
            folder = Paths.parentFolder(of: folder)
            own = false
        }
    }

    private static func checkOwnerAndMode(_ info: stat, of what: String, path: String, stickyAllowed: Bool)
        throws(PluginLoadError)
    {
        if info.st_uid != 0 && info.st_uid != geteuid() {
            throw .foreignOwner(path: path, item: what, owner: userName(info.st_uid))
        }
        guard info.st_mode & (S_IWGRP | S_IWOTH) != 0 else { return }
        if stickyAllowed && info.st_mode & S_ISVTX != 0 && info.st_uid == 0 { return }
        throw .writableByOthers(path: path, writable: what)
    }

    private static func userName(_ uid: uid_t) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "uid \(uid)" }
        return "\(String(cString: name)) (uid \(uid))"
    }
}
