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
}
