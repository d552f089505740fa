import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// File names are bytes on Linux, and `caf\xe9.json` (Latin-1, from an old archive) is a legal
/// one; txfeed's paths are Swift strings, and so are the paths plugins receive (in JSON). Such a
/// file is read through a link with a UTF-8 name — its own name, each byte that is not UTF-8
/// written `\xE9` — in a folder of links this process makes (``ProcessTemporaries``), so the
/// file is read, its source is named `caf\xE9`, and messages show where it is. A file txfeed
/// writes under such a name is named by a stand-in instead (``standIn(for:)``).
package enum ByteNames {
    /// `bytes` as text: UTF-8 as it is, every other byte as `\xNN`.
    package static func escaped(_ bytes: some Collection<UInt8>) -> String {
        var text = ""
        var rest = Array(bytes)[...]
        while !rest.isEmpty {
            var iterator = rest.makeIterator()
            var decoder = UTF8()
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                text.unicodeScalars.append(scalar)
                rest = rest.dropFirst(UTF8.width(scalar))
            case .error, .emptyInput:
                text += "\\x" + String(rest.first!, radix: 16, uppercase: true).leftPadded(to: 2)
                rest = rest.dropFirst()
            }
        }
        return text
    }

    /// A link with an escaped UTF-8 name to the file `path` names (relative to the current
    /// folder, or absolute), in this process's folder of links; the link's path, or why there
    /// is none. One link a target: `watch` asks again on every refresh.
    package static func link(to path: [UInt8]) -> Result<String, SystemError.Code> {
        let name = path.split(separator: UInt8(ascii: "/")).last.map(escaped) ?? "file"
        var target = path
        if path.first != UInt8(ascii: "/") {
            guard let here = getcwd(nil, 0) else { return .failure(SystemError.Code(value: errno)) }
            target = Array(String(cString: here).utf8) + [UInt8(ascii: "/")] + path
            free(here)
        }
        return links.withLock { state -> Result<String, SystemError.Code> in
            if let made = state.made[target] { return .success(made) }
            if state.folder == nil {
                let tmp = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
                switch ProcessTemporaries.makeFolder(in: tmp, prefix: "txfeed-names") {
                case .success(let folder): state.folder = folder
                case .failure(let code): return .failure(code)
                }
            }
            // A folder each, numbered: two names may escape alike.
            state.count += 1
            let folder = "\(state.folder!)/\(state.count)"
            guard mkdir(folder, 0o700) == 0 else { return .failure(SystemError.Code(value: errno)) }
            ProcessTemporaries.record(folder)
            let link = folder + "/" + name
            guard withCString(target, { symlink($0, link) }) == 0 else {
                return .failure(SystemError.Code(value: errno))
            }
            ProcessTemporaries.record(link)
            state.made[target] = link
            return .success(link)
        }
    }

    private static let links = Mutex<(folder: String?, count: Int, made: [[UInt8]: String])>((nil, 0, [:]))
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}
