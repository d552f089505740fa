import Synchronization

/// A file txfeed writes may be named in bytes that are not UTF-8 (`-o $'caf\xe9.csv'`). Its
/// path goes from the command line to the sink, and into every message, as a Swift string: a
/// stand-in, the name's escaped text (`caf\xE9.csv`), remembered here with the bytes. Only the
/// few calls that touch the file itself (its checks, a stream's open, the rename that puts it
/// in place) ask for the bytes; the temporary file beside it and the messages use the stand-in.
extension ByteNames {
    /// The stand-in for `bytes`: their escaped text, remembered; nil when other bytes already
    /// stand behind that text (`\xE9` typed out beside the byte E9), which no write may confuse.
    package static func standIn(for bytes: [UInt8]) -> String? {
        let text = escaped(bytes)
        return standIns.withLock { table in
            if let known = table[text] { return known == bytes ? text : nil }
            table[text] = bytes
            return text
        }
    }

    /// `bytes` as a path: the text when they are UTF-8, else a stand-in (nil as there).
    package static func path(for bytes: [UInt8]) -> String? {
        String(validating: bytes, as: UTF8.self) ?? standIn(for: bytes)
    }

    /// The bytes `path` names: a stand-in's, else its own UTF-8.
    package static func bytes(of path: String) -> [UInt8] {
        standIns.withLock { $0[path] } ?? Array(path.utf8)
    }

    /// Calls `body` with `bytes` as a C string, for a call on a file's name.
    package static func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            body(UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self))
        }
    }

    private static let standIns = Mutex<[String: [UInt8]]>([:])
}
