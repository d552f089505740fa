import Foundation
import XCTest

/// The CSV sink's output read back by an independent reader: Python's `csv` module.
public enum CSVReadBack {
    /// The CSV sink's columns without `--columns`.
    public static let header = [
        "date", "day", "account", "vendor", "type", "amount", "currency", "colour", "source", "id", "status", "memo",
    ]

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// Every record of `csv` as Python's `csv.reader` reads it (strict quoting, `newline=''`).
    public static func rows(_ csv: Data, folder: TemporaryFolder, encoding: String = "utf-8") throws -> [[String]] {
        let path = try folder.write("read-back-\(UUID().uuidString).csv", csv)
        let script = """
            import csv, json, sys
            with open(sys.argv[1], newline='', encoding=sys.argv[2]) as f:
                rows = list(csv.reader(f, strict=True))
            sys.stdout.write(json.dumps(rows))
            """
        let result = try runCommand(try TestPython.system(), ["-c", script, path, encoding])
        guard result.status == 0 else {
            throw Failure(description: "python3 could not read the CSV:\n\(result.stderr)")
        }
        return try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [[String]])
    }
}
