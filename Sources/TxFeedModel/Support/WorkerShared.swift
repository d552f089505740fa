/// A pointer handed to the worker threads of `DispatchQueue.concurrentPerform`, which each read
/// what it points to or write a part of it that no other writes (a text decoded on every core,
/// a buffer of hashes filled a region a worker).
///
/// `@unchecked Sendable` because it is a pointer: it is safe while nothing else writes what it
/// points to as they run, and it outlives them (`concurrentPerform` returns only once every
/// worker has).
package struct WorkerShared<Value>: @unchecked Sendable {
    package let value: Value

    package init(_ value: Value) { self.value = value }
}
