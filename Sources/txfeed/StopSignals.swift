import CStartup
import Glibc
import TxFeedModel

/// SIGHUP, SIGINT, SIGTERM and SIGQUIT delivered as calls on a thread of ours instead of to
/// asynchronous handlers (SIGQUIT would otherwise reach Swift's crash reporter, which lets
/// the run go on and commit its output).
///
/// ``block()`` runs before any other thread exists, so every later thread inherits the mask
/// and a signal that arrives before anyone listens waits, pending, instead of being lost or
/// killing the process half-way through drawing. The code that reacts is ordinary code on an
/// ordinary thread: it may take locks, put the cursor back and remove unfinished files.
///
/// A signal that was ignored when txfeed started stays ignored, as the shell's convention
/// goes: `nohup txfeed run … &` must survive the terminal closing, and a background job of a
/// script is not meant to see Ctrl-C.
enum StopSignals {
    static let all: [Int32] = [SIGHUP, SIGINT, SIGTERM, SIGQUIT]
    /// The stop signals not ignored at start-up; set by ``block()`` before any thread exists.
    nonisolated(unsafe) private static var handled: [Int32] = all

    /// Blocks the stop signals in the calling thread and every thread it starts from now on.
    /// Call it first thing on the main thread.
    static func block() {
        handled = all.filter { !isIgnored($0) }
        var set = signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// SIGQUIT to its default action until ``block()``: Swift's crash reporter, which takes it
    /// from the start, lets the run go on and commit its output (a Ctrl-\\ in the first moments,
    /// while the arguments are parsed, did). Before main it was held, pending (`CStartup`): one
    /// that came while the libraries started ends the process here. Call it first thing in `main`.
    static func bypassCrashReporter() {
        txfeed_release_sigquit()
    }

    private static func isIgnored(_ signal: Int32) -> Bool {
        var current = sigaction()
        sigaction(signal, nil, &current)
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
            == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Starts a thread that waits for the stop signals and calls `handler` with each one.
    ///
    /// - Parameters:
    ///   - handler: runs on the listening thread, one signal at a time; it may block.
    static func listen(_ handler: @escaping @Sendable (Int32) -> Void) {
        guard !handled.isEmpty else { return }  // all ignored at start: nothing to wait for
        Threads.start(named: "stop-signals") {
            var set = StopSignals.signalSet()
            var received: Int32 = 0
            while true {
                let failure = sigwait(&set, &received)
                if failure == EINTR { continue }
                if failure != 0 { return }  // cannot happen with a valid set; never spin
                handler(received)
            }
        }
    }

    /// Ends the process the way `signal` would have without a handler, so that a shell sees
    /// 128+N and a parent sees "killed by SIGINT". Unfinished output files are removed first.
    static func die(of signal: Int32) -> Never {
        UnfinishedFileRegistry.shared.removeAll()
        ProcessTemporaries.removeAll()
        Glibc.signal(signal, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(signal)
        _exit(128 + signal)
    }

    static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in handled { sigaddset(&set, signal) }
        return set
    }
}
