import Foundation

/// Files named in bytes, as the kernel knows them: Foundation's paths are Strings, which cannot
/// hold `caf\xe9.csv`, so these go to open(2), readdir(3) and friends directly.
extension TemporaryFolder {
    /// The names in the folder, or in its sub-folder `folder` (bytes), sorted; `.` and `..` left out.
    public func names(in folder: [UInt8] = []) -> [[UInt8]] {
        let path = Array(self.path.utf8) + (folder.isEmpty ? [] : [UInt8(ascii: "/")] + folder)
        guard let dir = Self.withCString(path, { opendir($0) }) else { return [] }
        defer { closedir(dir) }
        var names: [[UInt8]] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != Array(".".utf8) && name != Array("..".utf8) { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Writes `contents` to the file `name` (bytes, in the folder) and returns its path's bytes.
    @discardableResult
    public func write(bytes name: [UInt8], _ contents: String, mode: mode_t = 0o644) throws -> [UInt8] {
        let path = bytes(of: name)
        let fd = Self.withCString(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode) }
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        let text = Array(contents.utf8)
        guard text.withUnsafeBytes({ Glibc.write(fd, $0.baseAddress, $0.count) }) == text.count else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        return path
    }

    /// The contents of the file `name` (bytes, in the folder).
    public func read(bytes name: [UInt8]) throws -> Data {
        let fd = Self.withCString(bytes(of: name)) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while case let count = chunk.withUnsafeMutableBytes({ Glibc.read(fd, $0.baseAddress, $0.count) }), count > 0 {
            data += chunk[..<count]
        }
        return data
    }

    /// `stat` (or `lstat`, `following: false`) of the entry `name` (bytes, in the folder).
    public func status(bytes name: [UInt8], following: Bool = true) -> stat? {
        var info = stat()
        let done = Self.withCString(bytes(of: name)) { following ? stat($0, &info) : lstat($0, &info) }
        return done == 0 ? info : nil
    }

    /// Makes the sub-folder `name` (bytes).
    public func makeFolder(bytes name: [UInt8]) throws {
        guard Self.withCString(bytes(of: name), { mkdir($0, 0o755) }) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    /// Makes the link `name` to `target` (bytes, relative to the folder).
    public func link(_ name: [UInt8], to target: [UInt8]) throws {
        let made = Self.withCString(target) { target in
            Self.withCString(bytes(of: name)) { symlink(target, $0) }
        }
        guard made == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// Renames `name` to `new` (bytes, in the folder).
    public func rename(_ name: [UInt8], to new: [UInt8]) throws {
        let done = Self.withCString(bytes(of: name)) { old in
            Self.withCString(bytes(of: new)) { Glibc.rename(old, $0) }
        }
        guard done == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// The path of `name` in the folder, in bytes.
    public func bytes(of name: [UInt8]) -> [UInt8] {
        Array(path.utf8) + [UInt8(ascii: "/")] + name
    }

    private static func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        (bytes + [0]).withUnsafeBufferPointer {
            body(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self))
        }
    }
}
