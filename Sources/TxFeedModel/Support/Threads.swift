import Foundation

/// The one way txfeed starts an OS thread: named (it shows in `ps -L`, gdb and crash reports)
/// and detached.
///
/// Sources get whole threads, not pool workers, because a plugin may block in a system call for
/// as long as it likes without starving the other sources or the barrier's timer.
package enum Threads {
    package static func start(named name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = name
        thread.start()
    }
}
