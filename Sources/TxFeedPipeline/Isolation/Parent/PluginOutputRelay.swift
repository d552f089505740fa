import Glibc
import Synchronization
import TxFeedModel
import TxFeedPluginHost

/// What a plugin writes to its stdout or stderr: never txfeed's stdout. Each line goes to
/// txfeed's stderr prefixed with the source, control characters made visible, at most 4 KiB of
/// it, and at most ``linesPerSource`` lines a source (then one line saying the rest is not shown).
final class PluginOutputRelay: Sendable {
    static let linesPerSource = 200
    /// Microseconds the relay waits after a short read (lines show at most this much later).
    static let gather: UInt32 = 5_000
    private let done = Mutex(false)
    private let state = Mutex(State())

    private struct State {
        var source = "plugin"
        var shown = 0
        var hidden = 0
        /// The names of sources sent to the child and not yet begun, by index.
        var expected: [Int: String] = [:]
    }

    /// The line the child writes before a source's run: the plugin's output after it is that
    /// source's. (Several sources are sent to a child at once, so only the child knows when
    /// one begins.) It starts with a NUL, which no line of text does.
    static func marker(_ index: Int) -> [UInt8] {
        [0, 0x1E] + Array("\(index)\n".utf8)
    }

    /// - Parameters:
    ///   - source: what its lines are prefixed with until a source runs (the plugin's file, for
    ///     what its constructor prints).
    init(fd: Int32, source: String, show: @escaping @Sendable (String) -> Void) {
        state.withLock { $0.source = source }
        Threads.start(named: "plugin output") { [self] in
            relay(fd, show)
            close(fd)
            done.withLock { $0 = true }
        }
    }

    /// The source whose run begins: lines from now on are its.
    func source(_ name: String) {
        state.withLock { $0 = State(source: name, expected: $0.expected) }
    }

    /// A source sent to the child: its lines begin with its marker.
    func expect(_ index: Int, _ name: String) {
        state.withLock { $0.expected[index] = name }
    }

    private func begin(_ marker: [UInt8]) {
        guard let index = Int(String(decoding: marker, as: UTF8.self)) else { return }
        state.withLock { state in
            guard let name = state.expected.removeValue(forKey: index) else { return }
            state = State(source: name, expected: state.expected)
        }
    }

    /// Waits (briefly) for the last lines of a child that has ended.
    func join() {
        for _ in 0..<500 where !done.withLock({ $0 }) { usleep(2_000) }
    }

    private func relay(_ fd: Int32, _ show: @Sendable (String) -> Void) {
        var line: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var cut = false
        // 0: text; 1: a NUL was read; 2: in a marker (``marker(_:)``), its digits in `index`.
        var markerState = 0
        var index: [UInt8] = []
        func emit() {
            let text = String(decoding: line, as: UTF8.self)
            let message = state.withLock { state -> String? in
                if state.shown < Self.linesPerSource {
                    state.shown += 1
                    return "txfeed: \(state.source): plugin output: \(PluginLogLevel.visible(text))\(cut ? "…" : "")"
                }
                state.hidden += 1
                return state.hidden == 1
                    ? "txfeed: \(state.source): plugin output: more lines than \(Self.linesPerSource), not shown" : nil
            }
            if let message { show(message) }
            line.removeAll(keepingCapacity: true)
            cut = false
        }
        while true {
            let n = Descriptor.readOnce(fd, into: &chunk)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            // After a short read, a moment for more to gather: a child writes a marker before
            // every source, and waking for each cost a folder of ten thousand files as many
            // thread switches. A full read goes on at once, so a chatty plugin is not slowed.
            defer { if n < chunk.count { usleep(Self.gather) } }
            for byte in chunk[0..<n] {
                if markerState == 2 {
                    if byte == UInt8(ascii: "\n") {
                        begin(index)
                        index.removeAll(keepingCapacity: true)
                        markerState = 0
                    } else if index.count < 20 {
                        index.append(byte)
                    }
                    continue
                }
                if markerState == 1 {
                    markerState = 0
                    if byte == 0x1E {
                        // The last source's unfinished line is its own.
                        if !line.isEmpty { emit() }
                        markerState = 2
                        continue
                    }
                    if line.count < 4096 { line.append(0) } else { cut = true }
                }
                if byte == 0 {
                    markerState = 1
                } else if byte == UInt8(ascii: "\n") {
                    emit()
                } else if line.count < 4096 {
                    line.append(byte)
                } else {
                    cut = true
                }
            }
        }
        if !line.isEmpty { emit() }
    }
}
