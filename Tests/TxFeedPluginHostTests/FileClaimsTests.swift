import CPrefetch
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
        try XCTSkipUnless(Self.dropsAreRefusedWithoutWaiting(), Self.fastDisk)
        // Written out, then dropped (the kernel keeps dirty pages); whether it was, asked of the
        // kernel apart from the code under test. Up to five times: see `dropsAreRefusedWithoutWaiting`.
        var saidCold = false
        for _ in 0..<5 where !saidCold {
            Self.drop(path)
            try XCTSkipIf(Self.firstPageIsResident(path), "this file system keeps the file in memory")
            let dropped = readHead()
            saidCold = dropped.cold
            XCTAssertEqual(dropped.count, FileClaims.headLength)
            XCTAssertEqual(head, Array(bytes.prefix(FileClaims.headLength)))
        }
        XCTAssertTrue(saidCold, "not in memory, five times")
        XCTAssertEqual(readHead().cold, false, "read once: in memory again")
    }

    /// Whether a read that must not wait (`RWF_NOWAIT`) of a page just dropped from the page
    /// cache is refused, twenty times out of twenty. A disk that answers within microseconds (a
    /// virtual one, seen here) may fill the page while that read is still in the kernel, most
    /// times on some machines: the read then succeeds, the head is not cold, and nothing these
    /// tests ask for can be shown. Where every one is refused, a rare exception still may be:
    /// each test tries again a few times.
    private static func dropsAreRefusedWithoutWaiting() -> Bool {
        let path = NSTemporaryDirectory() + "probe-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { unlink(path) }
        guard FileManager.default.createFile(atPath: path, contents: Data(repeating: 1, count: 4096)) else {
            return false
        }
        var byte: UInt8 = 0
        for _ in 0..<20 {
            drop(path)
            let fd = open(path, O_RDONLY)
            defer { close(fd) }
            if txfeed_read_cached(fd, &byte, 1, 0) >= 0 { return false }
        }
        return true
    }

    private static let fastDisk =
        "this disk fills a dropped page before a read that must not wait returns: nothing here is cold"

    /// Writes the file out and drops it from the page cache (the kernel keeps dirty pages).
    private static func drop(_ path: String) {
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        XCTAssertEqual(fsync(fd), 0)
        XCTAssertEqual(posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED), 0)
    }

    /// Whether the file's first page is in the page cache (`mincore` of a mapping of it).
    private static func firstPageIsResident(_ path: String) -> Bool {
        pageIsResident(path, at: 0)
    }

    /// Whether the file's page at `offset` (a multiple of 4096) is in the page cache.
    private static func pageIsResident(_ path: String, at offset: Int) -> Bool {
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        guard let map = mmap(nil, 4096, PROT_READ, MAP_SHARED, fd, off_t(offset)), map != MAP_FAILED else {
            return true
        }
        defer { munmap(map, 4096) }
        var resident: UInt8 = 0
        return mincore(map, 4096, &resident) != 0 || resident & 1 != 0
    }

    /// A folder whose heads are not in memory has its files read ahead while it is routed, far
    /// past what reading a head brings in (the kernel's own read-around is a few pages), so its
    /// plugins find them in memory.
    func testAColdFolderIsReadAheadPastItsHeads() throws {
        try XCTSkipUnless(Self.dropsAreRefusedWithoutWaiting(), Self.fastDisk)
        // Up to three folders: see `dropsAreRefusedWithoutWaiting`.
        var readAhead = false
        for _ in 0..<3 where !readAhead {
            let paths = try Self.droppedFolder(named: "cold")
            defer { try? FileManager.default.removeItem(atPath: (paths[0] as NSString).deletingLastPathComponent) }
            let last = paths[paths.count - 1]
            try XCTSkipIf(Self.firstPageIsResident(last), "this file system keeps the file in memory")
            XCTAssertFalse(Self.pageIsResident(last, at: Self.far))
            let claims = FileClaims.claims(of: paths) { _, head in [head.count] }
            XCTAssertEqual(claims, Array(repeating: .confidences([FileClaims.headLength]), count: paths.count))
            // The advice returns at once; the kernel reads on its own time.
            let deadline = ContinuousClock.now + .seconds(10)
            while !Self.pageIsResident(last, at: Self.far) && ContinuousClock.now < deadline {
                usleep(10_000)
            }
            readAhead = Self.pageIsResident(last, at: Self.far)
        }
        XCTAssertTrue(readAhead, "the last file read ahead past its head")
    }

    /// A few files the page cache dropped from a folder otherwise in memory are read as far as
    /// their heads: the folder after them is not asked for again.
    func testAFewColdFilesInAWarmFolderAreNotReadAhead() throws {
        let paths = try Self.droppedFolder(named: "warm")
        defer { try? FileManager.default.removeItem(atPath: (paths[0] as NSString).deletingLastPathComponent) }
        let cold = [paths[10], paths[40]]
        try XCTSkipIf(Self.firstPageIsResident(cold[0]), "this file system keeps the file in memory")
        for path in paths where !cold.contains(path) { _ = try Data(contentsOf: URL(fileURLWithPath: path)) }
        XCTAssertTrue(Self.pageIsResident(paths[11], at: Self.far))
        let claims = FileClaims.claims(of: paths) { _, head in [head.count] }
        XCTAssertEqual(claims, Array(repeating: .confidences([FileClaims.headLength]), count: paths.count))
        // Time for advice, had there been any, to be read.
        usleep(300_000)
        for path in cold {
            XCTAssertTrue(Self.firstPageIsResident(path), "its head was read")
            XCTAssertFalse(Self.pageIsResident(path, at: Self.far), "not read ahead: \(path)")
        }
    }

    /// How far into a file of ``droppedFolder(named:)`` the tests look.
    private static let far = 448 << 10

    /// Sixty-four files of 512 KiB, written out and dropped from the page cache.
    private static func droppedFolder(named name: String) throws -> [String] {
        let folder = NSTemporaryDirectory() + "\(name)-folder-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let paths = (0..<64).map { folder + "/statement-\($0)" }
        let bytes = Data(repeating: UInt8(ascii: "x"), count: 512 << 10)
        for path in paths {
            try bytes.write(to: URL(fileURLWithPath: path))
            drop(path)
        }
        return paths
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
