import Glibc
import Synchronization
import TxFeedModel
import TxFeedPluginHost

/// What a plugin writes to its stdout or stderr: never txfeed's stdout. Each line goes to
/// txfeed's stderr prefixed with the source, control characters made visible, at most 4 KiB of
/// it, and at most ``linesPerSource`` lines a source (then one line saying the rest is not shown).
final class PluginOutputRelay: Sendable {
    static let linesPerSource = 200
    private let done = Mutex(false)
    private let state = Mutex(State())

    private struct State {
        var source = "plugin"
        var shown = 0
        var hidden = 0
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
        state.withLock { $0 = State(source: name) }
    }

    /// Waits (briefly) for the last lines of a child that has ended.
    func join() {
        for _ in 0..<500 where !done.withLock({ $0 }) { usleep(2_000) }
    }

    private func relay(_ fd: Int32, _ show: @Sendable (String) -> Void) {
        var line: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var cut = false
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
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            for byte in chunk[0..<n] {
                if byte == UInt8(ascii: "\n") {
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
