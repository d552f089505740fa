import Foundation
import TxFeedTestSupport
import XCTest

extension XCTestCase {
    /// The fixture at `path` twice in one file `name` of `folder`, as `cat a b` joins two exports,
    /// run with `options` to ndjson: the run, which must succeed, and its stderr's warnings.
    func runJoined(_ path: String, as name: String, in folder: TemporaryFolder, _ options: String...) throws
        -> (result: CommandResult, warnings: [String])
    {
        let export = try Data(contentsOf: URL(fileURLWithPath: path))
        try folder.write(name, export + export)
        let result = try txfeed(arguments: ["run", folder.path + "/" + name, "--sink", "ndjson"] + options)
        XCTAssertEqual(result.status, 0, result.stderr)
        return (result, result.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }.map(String.init))
    }
}
