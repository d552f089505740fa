import Foundation
import Synchronization
import TxFeedPluginABI
import CJansson

/// One source's run on its own OS thread, and the host side of its callbacks.
///
/// The plugin's thread decodes what it emits (outside the lock) and commits whole documents
/// under the lock; the pipeline reads the committed data after the barrier. Once abandoned,
/// the run keeps what it had and ignores everything later.
final class SourceRun: @unchecked Sendable {
    let index: Int
    let configuration: SourceConfiguration
    let cancelled = Atomic<Bool>(false)
    private let lock = NSLock()
    private var committed = SourceData()
    private var abandoned = false
    private var runError: String?
    private var finishedAt: Date?
    private var cancelledAt: Date?
    private(set) var startedAt = Date()
    private var streamed: StreamedAccount?
    private var streamedOrigin = ""
    /// Lives as long as the run: the plugin holds a pointer to it while it runs.
    let host: UnsafeMutablePointer<txfeed_source_host>
    let log: @Sendable (String, Int32, String) -> Void
    /// Threads for decoding one large document.
    let threads: Int

    init(index: Int, configuration: SourceConfiguration, threads: Int, log: @escaping @Sendable (String, Int32, String) -> Void) {
        self.index = index
        self.threads = threads
        self.configuration = configuration
        self.log = log
        host = .allocate(capacity: 1)
        host.initialize(to: SourceRun.callbacks)
        host.pointee.host_data = nil
    }

    /// Starts the thread; `done` is called on it when the plugin returns.
    func start(done: @escaping @Sendable () -> Void) {
        host.pointee.host_data = Unmanaged.passRetained(self).toOpaque()
        startedAt = Date()
        let thread = Thread { [self] in
            execute()
            lock.lock()
            finishedAt = Date()
            lock.unlock()
            done()
        }
        thread.name = "source \(configuration.name)"
        thread.start()
    }

    /// The plugin's state once `open` has accepted the configuration.
    private var state: UnsafeMutableRawPointer?
    private var isOpen = false

    /// Hands the configuration to the plugin's `open`; the error message when it refuses.
    func open() -> String? {
        let plugin = configuration.plugin
        var error: UnsafeMutablePointer<CChar>?
        var opened: UnsafeMutableRawPointer?
        let status = configuration.configJSON.withCString { plugin.descriptor.pointee.open($0, &opened, &error) }
        guard status == TXFEED_OK else {
            return plugin.takeError(error, default: "plugin could not open its configuration")
        }
        if let error { _ = plugin.takeError(error, default: "") }  // set although it succeeded: still the plugin's to free
        state = opened
        isOpen = true
        return nil
    }

    /// Closes a source that was opened but will not run.
    func closeUnused() {
        guard isOpen else { return }
        configuration.plugin.descriptor.pointee.close(state)
        isOpen = false
    }

    private func execute() {
        let plugin = configuration.plugin
        let d = plugin.descriptor.pointee
        if !isOpen, let message = open() {
            record(error: message)
            return
        }
        var error: UnsafeMutablePointer<CChar>?
        let status = d.run(state, host, &error)
        if status != TXFEED_OK {
            record(error: plugin.takeError(error, default: status == TXFEED_STOP ? "stopped" : "source failed"))
        } else if let error {
            _ = plugin.takeError(error, default: "")
        }
        d.close(state)
        isOpen = false
        if streamed != nil {
            _ = commit { $0.failures.append("\(streamedOrigin): account ended without end_account") }
            streamed = nil
        }
    }

    private func record(error: String) {
        lock.lock()
        if !abandoned { runError = error }
        lock.unlock()
    }

    /// Adds a decoded unit, unless the run was abandoned. Returns the callback's answer.
    private func commit(_ update: (inout SourceData) -> Void) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        guard !abandoned else { return Int32(TXFEED_STOP) }
        update(&committed)
        return cancelled.load(ordering: .relaxed) ? Int32(TXFEED_STOP) : Int32(TXFEED_OK)
    }

    private var isStopping: Bool {
        cancelled.load(ordering: .relaxed)
    }

    /// Reports transactions decoded so far (a long run's progress), from any decoding thread.
    var onProgress: (@Sendable (Int) -> Void)?

    private func decoder(_ origin: String) -> DocumentDecoder {
        var decoder = DocumentDecoder(origin: origin, sourceIndex: index, threads: threads)
        decoder.onProgress = onProgress
        return decoder
    }

    // MARK: Callbacks

    func emitDocument(_ bytes: UnsafeBufferPointer<UInt8>, origin: String) -> Int32 {
        if isStopping { return Int32(TXFEED_STOP) }
        let data = decoder(origin).decode(text: bytes)
        return commit { $0.append(data) }
    }

    func emitDocument(dom: UnsafeMutableRawPointer, origin: String) -> Int32 {
        if isStopping { return Int32(TXFEED_STOP) }
        let data = decoder(origin)
            .decode(dom: dom.assumingMemoryBound(to: json_t.self))
        return commit { $0.append(data) }
    }

    func beginAccount(_ bytes: UnsafeBufferPointer<UInt8>, origin: String) -> Int32 {
        if isStopping { return Int32(TXFEED_STOP) }
        if streamed != nil {
            _ = commit { $0.failures.append("\(streamedOrigin): begin_account again before end_account") }
        }
        streamedOrigin = origin
        streamed = StreamedAccount(decoder: decoder(origin), envelope: bytes)
        return Int32(TXFEED_OK)
    }

    func emitTransactions(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        if isStopping { return Int32(TXFEED_STOP) }
        guard streamed != nil else {
            return commit { $0.failures.append("\(configuration.name): emit_transactions without begin_account") }
        }
        streamed!.add(batch: bytes)
        return Int32(TXFEED_OK)
    }

    func endAccount() -> Int32 {
        guard let account = streamed else {
            return commit { $0.failures.append("\(configuration.name): end_account without begin_account") }
        }
        streamed = nil
        let data = account.finish()
        return commit { $0.append(data) }
    }

    // MARK: Barrier side

    /// Asks the plugin to stop (it polls `is_cancelled`; callbacks answer TXFEED_STOP).
    func cancel() {
        lock.lock()
        if finishedAt == nil { cancelledAt = Date() }
        lock.unlock()
        cancelled.store(true, ordering: .relaxed)
    }

    var hasFinished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return finishedAt != nil
    }

    /// Still running when the timeout cancelled it (whether or not it then stopped).
    var finishedAfterCancel: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelledAt != nil
    }

    /// Gives up on a run that would not stop: keeps what it had delivered, ignores the rest.
    func abandon() {
        lock.lock()
        abandoned = true
        lock.unlock()
    }

    /// The run's outcome, read after the barrier.
    func report(timeout: Double?, abandonedRun: Bool) -> (SourceData, SourceReport) {
        lock.lock()
        defer { lock.unlock() }
        let data = committed
        let end = finishedAt ?? Date()
        var error = runError
        if let timeout {
            let seconds = timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)
            error = "timed out after \(seconds)s" + (abandonedRun ? " and did not stop; abandoned" : "")
        }
        var problems: [String] = []
        if let error { problems.append(error) }
        problems += data.failures.prefix(3)
        if data.failures.count > 3 { problems.append("and \(data.failures.count - 3) more failed documents") }
        let failed = !problems.isEmpty
        if failed, data.documents > 0 {
            problems.append("delivered \(data.documents) document\(data.documents == 1 ? "" : "s") before failing")
        }
        return (data, SourceReport(
            name: configuration.name, plugin: configuration.plugin.name,
            status: failed ? .failure : .success,
            error: failed ? problems.joined(separator: "; ") : nil,
            count: data.transactions.count, rejected: data.rejects.count,
            documents: data.documents, failedDocuments: data.failures.count,
            elapsedMilliseconds: Int(end.timeIntervalSince(startedAt) * 1000)))
    }
}
