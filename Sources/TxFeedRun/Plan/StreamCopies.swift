import Glibc
import TxFeedModel

/// Inputs that can be read only once — a FIFO, the shell's `<(command)` (a pipe named
/// `/dev/fd/63`), a character device — copied whole into files of their own before a run, so
/// that the copy's head routes it and its plugin reads it all (a head read for routing would
/// otherwise be gone from the pipe). Every stream of a run is read at once, by one deadline,
/// the run's `--timeout`: a FIFO no writer ever opens fails its source instead of hanging.
///
/// Each copy is `TEMP/txfeed-stream-XXXXXX/NAME`, NAME the stream's own last component, so a
/// plugin sees its name (`.json`, `.csv`) and its messages name the file it read. The folders
/// are removed when txfeed exits (``removeAll()``), on a stop signal too.
public struct StreamCopies: Sendable {
    /// Where the copies go (`--temp-dir`).
    public var folder: String
    /// The most seconds to wait for every stream to end (`--timeout`).
    public var timeout: Double

    /// `$TMPDIR` and the default `--timeout`, where no run's settings apply (`sniff`).
    public static var standard: StreamCopies { StreamCopies(folder: MemoryBudget().folder, timeout: 30) }

    public init(folder: String, timeout: Double) {
        self.folder = folder
        self.timeout = timeout
    }

    /// Whether `path` names something that is neither a regular file nor a folder, following
    /// links: what can be read only once.
    public static func isStream(_ path: String) -> Bool {
        var info = stat()
        guard path != "-", stat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type != S_IFREG && type != S_IFDIR
    }

    /// Copies each stream to its end, all together: the copy's path, or why there is none.
    public func copy(_ streams: [String]) -> [Result<String, StreamFailure>] {
        let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
        var copies: [Copy?] = streams.map { _ in nil }
        var results: [Result<String, StreamFailure>?] = streams.map { _ in nil }
        for (n, stream) in streams.enumerated() {
            switch Copy.open(stream, in: folder) {
            case .success(let copy): copies[n] = copy
            case .failure(let failure): results[n] = .failure(failure)
            }
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let open = copies.indices.filter { copies[$0] != nil && results[$0] == nil }
            guard !open.isEmpty else { break }
            let left = deadline - ContinuousClock.now
            guard left > .zero else {
                for n in open {
                    let got = copies[n]!.written
                    results[n] = .failure(
                        StreamFailure(
                            got == 0
                                ? "nothing was written to it within \(Self.seconds(timeout)) (--timeout)"
                                : "still being written after \(Self.seconds(timeout)) (--timeout; \(got) bytes read)"
                        ))
                }
                break
            }
            // A slice at a time, so that a deadline passes even while nothing happens. A FIFO
            // says nothing until a writer has written or come and gone: no empty read before.
            let (seconds, attoseconds) = left.components
            let slice = Int32(min(250, max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000)))
            var polled = open.map { pollfd(fd: copies[$0]!.input, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polled, nfds_t(polled.count), slice)
            if ready < 0 && errno != EINTR {
                for n in open { results[n] = .failure(StreamFailure(SystemError.current)) }
                break
            }
            for (k, n) in open.enumerated() where polled[k].revents != 0 {
                if let outcome = copies[n]!.pump(&buffer) {
                    results[n] = outcome.map { copies[n]!.path }
                }
            }
        }
        for n in copies.indices { copies[n]?.closeInput() }
        return results.map { $0! }
    }

    /// Seconds as a person reads them: `3 s`, `1.5 s`.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// One stream being copied.
    private struct Copy {
        var input: Int32
        var output: Int32
        var path: String
        var written = 0

        static func open(_ stream: String, in folder: String) -> Result<Copy, StreamFailure> {
            // Non-blocking: a FIFO with no writer opens at once instead of waiting forever.
            let input = Glibc.open(stream, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard input >= 0 else { return .failure(StreamFailure(SystemError.current)) }
            let directory: String
            switch ProcessTemporaries.makeFolder(in: folder, prefix: "txfeed-stream") {
            case .success(let made): directory = made
            case .failure(let code):
                close(input)
                return .failure(StreamFailure("cannot make a folder for its copy in \(folder): \(code.description)"))
            }
            let name = stream.split(separator: "/").last.map(String.init) ?? ""
            let path = directory + "/" + (name.isEmpty ? "stream" : name)
            let output = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard output >= 0 else {
                let reason = SystemError.current
                close(input)
                return .failure(StreamFailure("cannot copy it into \(directory): \(reason)"))
            }
            ProcessTemporaries.record(path)
            return .success(Copy(input: input, output: output, path: path))
        }

        /// Reads what is there (a few reads at most: `/dev/zero` never runs dry) and writes it
        /// to the copy: nil while the stream goes on, else how it ended.
        mutating func pump(_ buffer: inout [UInt8]) -> Result<Void, StreamFailure>? {
            for _ in 0..<16 {
                let n = Descriptor.readOnce(input, into: &buffer)
                if n < 0 && errno == EINTR { continue }
                if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return nil }
                if n < 0 { return .failure(StreamFailure(SystemError.current)) }
                if n == 0 {
                    close(output)
                    output = -1
                    return .success(())
                }
                guard Descriptor.writeAll(output, buffer[0..<n]) else {
                    return .failure(StreamFailure("cannot write its copy \(path): \(SystemError.current)"))
                }
                written += n
            }
            return nil
        }

        mutating func closeInput() {
            close(input)
            if output >= 0 { close(output) }
            output = -1
        }
    }
}

/// Why a stream has no copy to read (without its name): its source fails with this.
public struct StreamFailure: Error, CustomStringConvertible, Sendable {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
