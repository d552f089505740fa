import XCTest

extension XCTestCase {
    /// A fresh folder, removed when the test ends. XCTest keeps every test case until the run
    /// ends, so a folder kept in a test case's property outlived its test: each run left a
    /// thousand folders in /tmp, shared libraries and databases among them.
    public func temporaryFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        addTeardownBlock { folder.remove() }
        return folder
    }
}
