import CAMTReading
import SourceKit

/// A camt file as the reader's ``CAMTByteSource``: streamed with read(2), never mapped (a mapped
/// file another process cut was SIGBUS for the run), so that a 100,000-entry statement is read
/// in a few MiB. Read whole only if a reject or damage needs to look back.
final class CAMTFileInput: CAMTByteSource {
    private let file: FileReader
    private var all: FileBytes?
    private(set) var failure: String?
    /// Read from the file 256 KiB at a time (libxml2 asks for 4000 bytes at a time).
    private let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 << 10, alignment: 16)
    private var chunkRange = 0..<0

    init(path: String) throws(PluginFailure) {
        file = try FileReader(path: path)
    }

    deinit { chunk.deallocate() }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard failure == nil else { return nil }
        if chunkRange.isEmpty {
            do {
                chunkRange = 0..<(try file.read(into: chunk))
            } catch {
                failure = reason(error)
                return nil
            }
        }
        let count = min(buffer.count, chunkRange.count)
        guard count > 0 else { return 0 }
        buffer.baseAddress!.copyMemory(from: chunk.baseAddress! + chunkRange.lowerBound, byteCount: count)
        chunkRange = (chunkRange.lowerBound + count)..<chunkRange.upperBound
        return count
    }

    /// The file's first bytes (up to 256 KiB), read as the first piece and still to be handed
    /// out; empty when the file is or reading failed.
    func head() -> UnsafeRawBufferPointer {
        if chunkRange.isEmpty, failure == nil {
            do {
                chunkRange = 0..<(try file.read(into: chunk))
            } catch {
                failure = reason(error)
            }
        }
        return UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(chunk)[chunkRange])
    }

    func whole() -> UnsafeRawBufferPointer? {
        if let all { return all.bytes }
        guard failure == nil else { return nil }
        do {
            all = try FileBytes(file)
            return all?.bytes
        } catch {
            failure = reason(error)
            return nil
        }
    }

    /// The failure without the file's name, which a ``StatementFailure`` puts first.
    private func reason(_ error: PluginFailure) -> String {
        let text = error.description
        return text.hasPrefix(file.path + ": ") ? String(text.dropFirst(file.path.count + 2)) : text
    }
}
