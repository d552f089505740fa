import Foundation
import TxFeedPluginHost
import XCTest

/// `FileClaims.claims(of:)`: heads read ahead on other threads, answers asked on the calling
/// thread, in the files' order, with each unreadable file named by its own reason; a FIFO is
/// opened by its head's reader alone.
final class FileClaimsTests: XCTestCase {
    /// A head in the page cache is read from it without a word; one the kernel has dropped
    /// calls `cold` first (routing then asks for the folder's files ahead), and reads the same.
    func testAHeadNotInThePageCacheIsSaidColdBeforeItIsRead() throws {
        let path = NSTemporaryDirectory() + "cold-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { unlink(path) }
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var head = [UInt8](repeating: 0, count: FileClaims.headLength)
        func readHead() -> (count: Int, cold: Bool) {
            var cold = false
            let count = head.withUnsafeMutableBufferPointer { buffer in
                (try? FileClaims.readHead(path, into: buffer) { cold = true }.get()) ?? -1
            }
            return (count, cold)
        }
        XCTAssertEqual(readHead().cold, false, "just written: in memory")
        // Written out, then dropped (the kernel keeps dirty pages); whether it was, asked of the
        // kernel apart from the code under test.
        let fd = open(path, O_RDONLY)
        XCTAssertEqual(fsync(fd), 0)
        XCTAssertEqual(posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED), 0)
        close(fd)
        try XCTSkipIf(Self.firstPageIsResident(path), "this file system keeps the file in memory")
        let dropped = readHead()
        XCTAssertTrue(dropped.cold, "not in memory")
        XCTAssertEqual(dropped.count, FileClaims.headLength)
        XCTAssertEqual(head, Array(bytes.prefix(FileClaims.headLength)))
        XCTAssertEqual(readHead().cold, false, "read once: in memory again")
    }

    /// Whether the file's first page is in the page cache (`mincore` of a mapping of it).
    private static func firstPageIsResident(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        guard let map = mmap(nil, 4096, PROT_READ, MAP_SHARED, fd, 0), map != MAP_FAILED else { return true }
        defer { munmap(map, 4096) }
        var resident: UInt8 = 0
        return mincore(map, 4096, &resident) != 0 || resident & 1 != 0
    }

    func testManyFilesAreAnsweredInOrderOnTheCallingThread() throws {
        let folder = NSTemporaryDirectory() + "claims-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var paths: [String] = []
        var expected: [FileClaims] = []
        var writers: [Thread] = []
        for n in 0..<333 {
            let path = folder + "/file-\(n)"
            switch n % 50 {
            case 7:
                expected.append(.unreadable("No such file or directory"))  // never written
            case 9:
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
                expected.append(.unreadable("Is a directory"))
            case 11:
                // A FIFO whose writer waits for the one reader that reads its head: opened by
                // anything else first (the kernel asked to read files ahead), the writer would
                // write to nobody and the head's read would wait forever.
                XCTAssertEqual(mkfifo(path, 0o600), 0)
                writers.append(
                    Thread {
                        let fd = open(path, O_WRONLY)
                        guard fd >= 0 else { return }
                        _ = "fifo".withCString { write(fd, $0, 4) }
                        close(fd)
                    })
                expected.append(.confidences([4, Int(UInt8(ascii: "f"))]))
            default:
                // Sizes around the head's length: the head is the first 4096 bytes at most.
                let size = (n * 37) % (FileClaims.headLength + 500)
                let bytes = [UInt8](repeating: UInt8(n % 256), count: size)
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                expected.append(.confidences([min(size, FileClaims.headLength), size == 0 ? -1 : n % 256]))
            }
            paths.append(path)
        }
        for writer in writers { writer.start() }
        let caller = pthread_self()
        var onOtherThreads = 0
        let claims = FileClaims.claims(of: paths) { path, head in
            if pthread_equal(pthread_self(), caller) == 0 { onOtherThreads += 1 }
            return [head.count, head.first.map(Int.init) ?? -1]
        }
        XCTAssertEqual(onOtherThreads, 0, "plugins are asked on the calling thread")
        XCTAssertEqual(claims.count, paths.count)
        for (n, (claim, wanted)) in zip(claims, expected).enumerated() {
            switch (claim, wanted) {
            case (.unreadable(let said), .unreadable(let reason)):
                XCTAssertTrue(said.contains(reason), "file \(n): \(said)")
            default:
                XCTAssertEqual(claim, wanted, "file \(n)")
            }
        }
    }
}
