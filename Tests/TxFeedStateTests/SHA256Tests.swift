import Foundation
import TxFeedTestSupport
import XCTest

@testable import TxFeedState

/// The batch's file digests, against Python's hashlib on the same bytes: lengths around the
/// 55/56/64-byte padding edges, and a file read in several 1 MiB pieces fed unevenly.
final class SHA256Tests: XCTestCase {
    func testDigestsAgreeWithPythonsHashlib() throws {
        let folder = try TemporaryFolder()
        var generator = SystemRandomNumberGenerator()
        let data = Data((0..<3_000_001).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let path = try folder.write("sample.bin", data)
        let lengths = [0, 3, 55, 56, 63, 64, 65, 119, 1000, data.count]
        let script = """
            import hashlib, sys
            data = open(sys.argv[1], 'rb').read()
            for n in sys.argv[2:]: print(hashlib.sha256(data[:int(n)]).hexdigest())
            """
        let python = try runCommand(try TestPython.system(), ["-c", script, path] + lengths.map(String.init))
        XCTAssertEqual(python.status, 0, python.stderr)
        let expected = python.output.split(separator: "\n").map(String.init)
        for (length, digest) in zip(lengths, expected) {
            var hasher = SHA256()
            // Fed in uneven pieces, so the partial-block path is crossed as well.
            var offset = 0
            var piece = 1
            data.prefix(length).withUnsafeBytes { bytes in
                while offset < length {
                    let end = min(length, offset + piece)
                    hasher.update(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
                    offset = end
                    piece = piece * 3 + 7
                }
            }
            XCTAssertEqual(hasher.hex(), digest, "\(length) bytes")
        }
        var buffer: [UInt8] = []
        let file = try XCTUnwrap(SHA256.file(path, buffer: &buffer))
        XCTAssertEqual(file.hex, expected.last)
        XCTAssertEqual(file.bytes, Int64(data.count))
        XCTAssertNil(SHA256.file(folder.path + "/absent", buffer: &buffer))
        XCTAssertEqual(SHA256.file(path, buffer: &buffer)?.hex, file.hex, "the buffer kept from the file before")
    }
}
