import Foundation

/// `body` with a file written through one descriptor and read through another: the wire
/// without a pipe, so that nothing written waits for a reader.
func throughWireFile<T>(_ body: (_ out: Int32, _ back: Int32) throws -> T) rethrows -> T {
    let path = NSTemporaryDirectory() + "/wire-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let out = open(path, O_CREAT | O_RDWR | O_TRUNC, 0o600)
    let back = open(path, O_RDONLY)
    defer {
        close(out)
        close(back)
        unlink(path)
    }
    return try body(out, back)
}
