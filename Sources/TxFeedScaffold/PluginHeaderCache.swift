import Foundation
import Glibc
import TxFeedModel
import TxFeedOutput

/// `txfeed plugins cflags`: puts the built-in copy of the plugin header in a per-user cache
/// folder (once per header version) and answers the compiler flags that find it.
///
/// The folder is `$XDG_CACHE_HOME/txfeed/include/VERSION-HASH`, else
/// `~/.cache/txfeed/include/VERSION-HASH`, where HASH is taken from the header text, so two
/// different txfeed builds never overwrite each other's header. The file is written only
/// when the folder lacks an identical copy, atomically (temporary file, then rename), and a
/// folder or file that another user could change is refused: a header is code.
public enum PluginHeaderCache {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The folder that holds `txfeed_plugin.h` (installed if needed).
    public static func install(environment: [String: String] = ProcessInfo.processInfo.environment) throws(Failure)
        -> String
    {
        let base = try cacheBase(environment)
        let folder = base + "/txfeed/include/" + stamp
        try makeFolders(folder, below: base)
        try checkOwned(folder, what: "folder")
        let file = folder + "/" + PluginHeader.fileName
        let wanted = Array(PluginHeader.text.utf8)
        if let existing = FileManager.default.contents(atPath: file), Array(existing) == wanted {
            try checkOwned(file, what: "file")
            return folder
        }
        try writeAtomically(wanted, to: file)
        return folder
    }

    /// The flags: `-I<folder>` then whatever `pkg-config --cflags jansson` says (often nothing).
    public static func cflags(environment: [String: String] = ProcessInfo.processInfo.environment) throws(Failure)
        -> String
    {
        let folder = try install(environment: environment)
        var flags = ["-I" + folder]
        if let jansson = pkgConfig(["--cflags", "jansson"]), !jansson.isEmpty { flags.append(jansson) }
        return flags.joined(separator: " ")
    }

    /// `VERSION-HASH`: txfeed's version and 8 hex digits of FNV-1a over the header text.
    public static var stamp: String {
        var hash: UInt32 = 0x811c_9dc5
        for byte in PluginHeader.text.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        let hex = String(hash, radix: 16)
        return TxFeed.version + "-" + String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// `$XDG_CACHE_HOME` when absolute (the XDG rule), else `$HOME/.cache`.
    static func cacheBase(_ environment: [String: String]) throws(Failure) -> String {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return trimmed(xdg) }
        if let home = environment["HOME"], home.hasPrefix("/") { return trimmed(home) + "/.cache" }
        throw Failure(
            description: "cannot tell where to cache the header: set HOME or XDG_CACHE_HOME to an absolute folder")
    }

    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// Creates `folder` and the missing folders between `base` and it, private to the user.
    private static func makeFolders(_ folder: String, below base: String) throws(Failure) {
        var path = ""
        for part in folder.split(separator: "/") {
            path += "/" + part
            if mkdir(path, path.count > base.count ? 0o700 : 0o755) != 0 && SystemError.code != EEXIST {
                throw Failure(description: "cannot create \(path): \(SystemError.current)")
            }
        }
    }

    /// A cached header someone else could swap is refused rather than handed to a compiler.
    private static func checkOwned(_ path: String, what: String) throws(Failure) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            throw Failure(description: "\(path): \(SystemError.current)")
        }
        let type = info.st_mode & S_IFMT
        guard type == (what == "folder" ? S_IFDIR : S_IFREG) else {
            throw Failure(
                description: "\(path): refused: not a plain \(what) (a symbolic link?); remove it and try again")
        }
        guard info.st_uid == geteuid() else {
            throw Failure(description: "\(path): refused: the \(what) belongs to another user; remove it and try again")
        }
        guard info.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
            throw Failure(
                description: "\(path): refused: the \(what) is writable by other users (chmod go-w, or remove it)")
        }
    }

    /// 0644 whatever the umask: a group-writable copy would be refused on the next run.
    private static func writeAtomically(_ bytes: [UInt8], to file: String) throws(Failure) {
        do {
            let out = try AtomicFile(path: file, mode: 0o644)
            out.writer.write(bytes)
            try out.commit()
        } catch {
            throw Failure(description: "cannot write \(file): \(error)")
        }
    }

    /// Runs `pkg-config` from PATH; nil when it is missing or fails.
    static func pkgConfig(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        do { try process.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
