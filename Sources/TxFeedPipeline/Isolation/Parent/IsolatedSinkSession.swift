import TxFeedModel
import TxFeedPluginHost

/// A sink plugin's calls in a plugin host child: each one a request and its answer. A sink
/// that crashes or exits fails the run's output as any failing sink does ("nothing written"),
/// with the cause named, and txfeed's own files are never left half-written.
final class IsolatedSinkSession: SinkSessionCalls {
    let pool: PluginChildPool
    let pluginPath: String
    let name: String
    /// txfeed's descriptor that is the child's stdout.
    let standardOutput: Int32
    private var child: PluginChild?
    /// Whether the child already holds this feed's shared texts.
    private var sentShared = false

    init(pool: PluginChildPool, pluginPath: String, name: String, standardOutput: Int32) {
        self.pool = pool
        self.pluginPath = pluginPath
        self.name = name
        self.standardOutput = standardOutput
    }

    func open(options: [(key: String, value: String)]) throws(PluginSinkError) {
        do {
            child = try pool.acquire(pluginPath, directOutput: true, standardOutput: standardOutput)
        } catch {
            throw PluginSinkError(sink: name, message: error.description)
        }
        child?.serving(name)
        try call(.sinkOpen) { $0.string(JSONString.object(options)) }
    }

    func write(_ batch: [SinkRecord], shared: [UInt8], rows: [UInt8]) throws(PluginSinkError) {
        let first = !sentShared
        sentShared = true
        try call(.sinkWrite) {
            $0.bool(first)
            if first { $0.bytes(shared) }
            $0.records(batch)
            $0.bytes(rows)
        }
    }

    func finish(sources: String, summary: String) throws(PluginSinkError) {
        try call(.sinkFinish) {
            $0.string(sources)
            $0.string(summary)
        }
    }

    func close() {
        guard child != nil else { return }
        try? call(.sinkClose)
        if let child { pool.release(child) }
        child = nil
    }

    deinit { close() }

    private func call(_ call: Call, _ arguments: (inout WireEncoder) -> Void = { _ in }) throws(PluginSinkError) {
        guard let child else { throw PluginSinkError(sink: name, message: "not open") }
        if let answer = child.call(call, arguments) {
            // `.some(nil)`: it succeeded; nil: garbled (not `try?`, which would flatten the two).
            let error = WireDecoder.read(answer) { r throws(WireDecoder.Malformed) in try r.optionalString() }
            if let error {
                if let message = error { throw PluginSinkError(sink: name, message: message) }
                return
            }
        }
        // Gone, or answering garbled: never reused.
        self.child = nil
        let lost = child.lostCause()
        throw PluginSinkError(sink: name, message: lost.text, lostProcess: lost)
    }
}
