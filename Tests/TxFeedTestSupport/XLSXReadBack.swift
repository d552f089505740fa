import Foundation
import Synchronization

/// The tests' own Python (`.build/venv`, which `bin/test` makes) with openpyxl: an independent
/// reader of the xlsx sink's workbooks. Missing, it is a failure that says how to make it,
/// never a skip.
public enum TestPython {
    public static var path: String { BuiltProducts.repository + "/.build/venv/bin/python3" }

    public struct Missing: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// The venv's python3, once it is known to import openpyxl.
    public static func openpyxl() throws -> String { try importing("openpyxl") }

    /// The venv's python3, once it is known to import `module` (`openpyxl`, `csv2ofx`, `mt940`, `ofxparse`,
    /// `quiffen`, `ofxstatement`). Looked at once per module and test process: a Python started
    /// only to import quiffen takes about 0.4 s of CPU, and the differential tests ask before
    /// every file they read.
    public static func importing(_ module: String) throws -> String {
        if imported.withLock({ $0.contains(module) }) { return path }
        guard FileManager.default.isExecutableFile(atPath: path),
            try runCommand(path, ["-c", "import \(module)"]).status == 0
        else {
            throw Missing(
                description:
                    "\(path) with \(module) is missing: run bin/test, which makes it (bin/lib/setup.sh: ensure_test_venv)"
            )
        }
        imported.withLock { _ = $0.insert(module) }
        return path
    }

    /// The modules ``importing(_:)`` saw the venv import.
    private static let imported = Mutex<Set<String>>([])
}

/// A workbook as openpyxl reads it: each sheet's cells, with their types, number formats and
/// fills, and the sheet's frozen panes, autofilter and column widths.
public struct XLSXReadBack {
    public struct Cell {
        /// A string, a number (`NSNumber`), a date-time as ISO text (`2021-09-01T08:15:00`), or nil.
        public var value: Any?
        /// openpyxl's `data_type`: `s` string, `n` number (or empty), `d` date, `f` formula, `b` bool.
        public var type: String
        public var numberFormat: String
        /// A solid fill's colour, `FFRRGGBB`, or nil.
        public var fill: String?

        public var string: String? { value as? String }
        public var number: Double? { type == "n" ? (value as? NSNumber)?.doubleValue : nil }
    }

    public struct Sheet {
        public var title: String
        public var freezePanes: String?
        public var autofilter: String?
        /// Column letter to width, for columns given one.
        public var widths: [String: Double]
        public var rows: [[Cell]]
    }

    public var sheets: [Sheet]

    public subscript(title: String) -> Sheet? { sheets.first { $0.title == title } }

    public static func read(_ path: String) throws -> XLSXReadBack {
        let script = """
            wb = openpyxl.load_workbook(sys.argv[1])
            sheets = []
            for ws in wb.worksheets:
                sheets.append({
                    'title': ws.title,
                    'freeze': ws.freeze_panes,
                    'autofilter': ws.auto_filter.ref,
                    'widths': {k: d.width for k, d in ws.column_dimensions.items() if d.customWidth},
                    'rows': rows(ws),
                })
            print(json.dumps(sheets))
            """
        guard let sheets = try run(script, path) as? [[String: Any]] else {
            throw TestPython.Missing(description: "openpyxl's read-back of \(path) is not a list of sheets")
        }
        return XLSXReadBack(
            sheets: sheets.map { sheet in
                Sheet(
                    title: sheet["title"] as? String ?? "",
                    freezePanes: sheet["freeze"] as? String,
                    autofilter: sheet["autofilter"] as? String,
                    widths: sheet["widths"] as? [String: Double] ?? [:],
                    rows: cells(sheet["rows"]))
            })
    }

    /// The cells of one sheet, nil when the workbook has none of that title. openpyxl reads it
    /// alone (its read-only mode), where ``read(_:)`` parses every sheet with its styles: 0.2 s
    /// against 3 s for a small sheet beside 10,000 transactions.
    public static func rows(of title: String, in path: String) throws -> [[Cell]]? {
        let script = """
            wb = openpyxl.load_workbook(sys.argv[1], read_only=True)
            print(json.dumps(rows(wb[sys.argv[2]]) if sys.argv[2] in wb.sheetnames else None))
            """
        let rows = try run(script, path, title)
        return rows is NSNull ? nil : cells(rows)
    }

    /// Runs `script` after the shared part (imports, `rows(ws)`) with `arguments`; its one line of
    /// JSON, parsed.
    private static func run(_ script: String, _ arguments: String...) throws -> Any {
        let shared = """
            import datetime, json, sys, openpyxl
            def cell(c):
                v = c.value
                if isinstance(v, (datetime.datetime, datetime.date)):
                    v = v.isoformat()
                fill = c.fill.fgColor.rgb if c.fill is not None and c.fill.fill_type == 'solid' else None
                return [v, c.data_type, c.number_format, fill]
            def rows(ws):
                return [[cell(c) for c in row] for row in ws.iter_rows()]

            """
        let result = try runCommand(try TestPython.openpyxl(), ["-c", shared + script] + arguments)
        guard result.status == 0 else {
            throw TestPython.Missing(description: "openpyxl could not read \(arguments[0]):\n\(result.stderr)")
        }
        return try JSONSerialization.jsonObject(with: result.stdout, options: .fragmentsAllowed)
    }

    private static func cells(_ rows: Any?) -> [[Cell]] {
        (rows as? [[[Any]]] ?? []).map { row in
            row.map { c in
                Cell(
                    value: c[0] is NSNull ? nil : c[0], type: c[1] as? String ?? "",
                    numberFormat: c[2] as? String ?? "", fill: c[3] as? String)
            }
        }
    }
}
