import Foundation
import XCTest

@testable import TxFeedModel

/// `Paths.stem`: a source's default name from its file.
final class PathsTests: XCTestCase {
    func testTheStemIsTheNameWithoutFolderAndLastExtension() {
        let cases: [(String, String?)] = [
            ("samples/accounts/checking.json", "checking"),
            ("samples/accounts/", "accounts"),
            ("dir//file.csv", "file"),
            ("a/b.tar.gz", "b.tar"),
            (".hidden", ".hidden"),
            ("a/.profile.json", ".profile"),
            ("/abs/Konto ümsatz.csv", "Konto ümsatz"),
            ("plain", "plain"),
            ("-", nil), ("", nil), ("/", nil), ("//", nil), ("a/..", nil), ("a/.", nil), ("..", nil),
        ]
        for (path, stem) in cases {
            XCTAssertEqual(Paths.stem(of: path), stem, path)
        }
    }

    /// `Paths.absolute` spells a path as Foundation's standardized file URL does, without asking
    /// the file system.
    func testAnAbsolutePathResolvesDotsAsFoundationDoes() {
        let cases = [
            "/a/b/c.csv", "a/b.csv", "./a/./b.csv", "a/../b.csv", "/a/b/../../c", "/..", "/../a", "a/..", "//a//b/",
            "/a/b/", ".", "..", "../x.json", "", "/", "a/.../b", "/tmp/./x/../y/.hidden",
        ]
        for path in cases {
            XCTAssertEqual(Paths.absolute(path), URL(fileURLWithPath: path).standardizedFileURL.path, path)
        }
    }
}
