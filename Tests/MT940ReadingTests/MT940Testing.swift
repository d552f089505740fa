import MT940Reading
import StatementText
import XCTest

/// Everything a reader hands out for a text, sorted by kind.
struct MT940Read {
    var events: [MT940Event] = []
    /// The reader's notes and warnings for the run's log, once it has read everything.
    var notes: [String] = []
    var warnings: [String] = []

    init(_ text: String) { self.init(bytes: Array(text.utf8)) }

    init(bytes: [UInt8]) {
        let reader = MT940Reader(bytes: bytes, origin: "test.sta")
        while let event = reader.next() { events.append(event) }
        notes = reader.notes
        warnings = reader.warnings
    }

    var entries: [StatementEntry] {
        events.compactMap { if case .entry(let entry) = $0 { entry } else { nil } }
    }
    var rejects: [MT940Reject] {
        events.compactMap { if case .reject(let reject) = $0 { reject } else { nil } }
    }
    var ends: [MT940StatementEnd] {
        events.compactMap { if case .statementEnd(let end) = $0 { end } else { nil } }
    }
    var failure: StatementFailure? {
        events.compactMap { if case .failure(let failure) = $0 { failure } else { nil } }.first
    }
    /// `begin`, `entry`, `reject`, `end`, `failure`, in order.
    var kinds: [String] {
        events.map {
            switch $0 {
            case .statement: "begin"
            case .entry: "entry"
            case .reject: "reject"
            case .statementEnd: "end"
            case .failure: "failure"
            }
        }
    }

    /// The signed sum of the entries in minor units (two decimals).
    var minorSum: Int { entries.map { MT940Read.minor($0.amount) }.reduce(0, +) }

    static func minor(_ plain: String) -> Int {
        let negative = plain.hasPrefix("-")
        let parts = plain.drop { $0 == "-" }.split(separator: ".", omittingEmptySubsequences: false)
        let whole = Int(parts[0]) ?? 0
        var fraction = parts.count > 1 ? String(parts[1]) : ""
        while fraction.count < 2 { fraction += "0" }
        let value = whole * 100 + (Int(fraction) ?? 0)
        return negative ? -value : value
    }
}

/// A message of the plain layout: `:20:` … `-`, with the fields given between.
func message(_ fields: String...) -> String {
    ":20:REF\n:25:DE89370400440532013000\n:28C:00001/001\n" + fields.joined(separator: "\n") + "\n-\n"
}

/// The fixture file `name`.
func fixture(_ name: String) throws -> [UInt8] {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<2 { url.deleteLastPathComponent() }
    return Array(try Data(contentsOf: url.appendingPathComponent("Fixtures/statements/mt940/\(name)")))
}
