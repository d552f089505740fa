import TxFeedPluginHost

/// What banks and spreadsheets hand out that no shipped plugin reads, told by a file's first
/// bytes: a file no plugin claims is named as what it is, with what to do, rather than only
/// "no source plugin reads it". Only what the bytes say for certain is named.
enum UnreadFormat {
    /// How many first bytes are looked at: a workbook's part names may lie a few KiB in.
    static let headLength = 16 << 10

    /// `a PDF document, which no source plugin reads: download …`; nil when the file is none of
    /// these (or cannot be read: routing has said so already).
    static func reason(of path: String) -> String? {
        reason(head: FileClaims.head(of: path, length: headLength)[...])
    }

    static func reason(head: ArraySlice<UInt8>) -> String? {
        guard let (format, advice) = recognise(head) else { return nil }
        return "\(format), which no source plugin reads: \(advice)"
    }

    static let download = "download the statement from the bank as CSV, OFX, QIF, camt.053 or MT940 instead"
    static let asCSV = "open it in a spreadsheet, save it as CSV and run that"

    /// The format's name and what to do.
    static func recognise(_ head: ArraySlice<UInt8>) -> (String, String)? {
        if contains(head.prefix(1024), "%PDF-") { return ("a PDF document", download) }
        if starts(head, [0x50, 0x4B, 0x03, 0x04]) { return zip(head) }
        if starts(head, [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
            // The directory names the streams in UTF-16: `Workbook` (`Book` before Excel 97).
            let workbook = contains(head, utf16("Workbook")) || contains(head, utf16("Book"))
            return workbook
                ? ("an Excel 97-2003 workbook (.xls)", asCSV)
                : (
                    "a Microsoft Office 97-2003 file (an .xls workbook or a .doc)",
                    "open it in the program that made it, save its table as CSV and run that"
                )
        }
        if starts(head, [0x1F, 0x8B]) {
            return ("a gzip-compressed file", "unpack it (gunzip) and run what it holds")
        }
        let text = head.drop { [0xEF, 0xBB, 0xBF, 0x20, 0x09, 0x0D, 0x0A].contains($0) }
        let lower = text.prefix(16).map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }[...]
        if ["<!doctype html", "<html", "<table"].contains(where: { starts(lower, Array($0.utf8)) }) {
            return ("an HTML page (what some banks' \"Excel\" export is)", asCSV)
        }
        if starts(head, Array("01,".utf8)), contains(head, "\n02,"), contains(head, "\n03,") {
            return ("a BAI2 cash management file", download)
        }
        if isFixedWidth(head, width: 120, codes: ["01", "04", "05", "07"]) {
            return ("a CFONB 120 statement (relevé de compte)", download)
        }
        if isFixedWidth(head, width: 80, codes: ["11", "22", "23", "33", "88"]) {
            return ("an AEB Norma 43 statement (cuaderno 43)", download)
        }
        return nil
    }

    /// A workbook (`xl/` parts), an OpenDocument spreadsheet (its `mimetype` part first), or
    /// another ZIP archive: told by the names in the local file headers.
    static func zip(_ head: ArraySlice<UInt8>) -> (String, String) {
        if contains(head, "mimetypeapplication/vnd.oasis.opendocument.spreadsheet") {
            return ("an OpenDocument spreadsheet (.ods)", asCSV)
        }
        var at = head.startIndex
        while let found = index(of: [0x50, 0x4B, 0x03, 0x04], in: head[at...]) {
            // The part's name follows the 30 bytes of the local file header.
            if found + 30 <= head.endIndex, starts(head[(found + 30)...], Array("xl/".utf8)) {
                return ("an Excel workbook (.xlsx)", asCSV)
            }
            at = found + 4
        }
        return ("a ZIP archive", "unpack it and run the files it holds")
    }

    /// Records of `width` characters each starting with one of `codes`, the first with the first
    /// code: a line each, or run together without line breaks (both are sent).
    static func isFixedWidth(_ head: ArraySlice<UInt8>, width: Int, codes: [String]) -> Bool {
        var records: [ArraySlice<UInt8>] = []
        if let newline = head.firstIndex(of: 0x0A) {
            guard newline - head.startIndex <= width + 1 else { return false }
            var lines = head.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
            lines = lines.map { $0.last == 0x0D ? $0.dropLast() : $0 }[...]
            records = Array(lines)
        } else {
            var at = head.startIndex
            while at + width <= head.endIndex {
                records.append(head[at..<(at + width)])
                at += width
            }
        }
        guard records.count >= 2, starts(records[0], Array(codes[0].utf8)) else { return false }
        return records.allSatisfy { record in
            record.count == width && record.allSatisfy { $0 >= 0x20 }
                && codes.contains { starts(record, Array($0.utf8)) }
        }
    }

    // MARK: Bytes

    static func starts(_ bytes: ArraySlice<UInt8>, _ prefix: [UInt8]) -> Bool {
        bytes.count >= prefix.count && bytes.prefix(prefix.count).elementsEqual(prefix)
    }

    static func contains(_ bytes: ArraySlice<UInt8>, _ text: String) -> Bool {
        contains(bytes, Array(text.utf8))
    }

    static func contains(_ bytes: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        index(of: needle, in: bytes) != nil
    }

    static func index(of needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        guard let first = needle.first else { return nil }
        var from = bytes.startIndex
        while let at = bytes[from...].firstIndex(of: first) {
            if starts(bytes[at...], needle) { return at }
            from = at + 1
        }
        return nil
    }

    static func utf16(_ text: String) -> [UInt8] {
        text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }
}
