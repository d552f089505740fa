/// OFX amounts (`TRNAMT`, `BALAMT`) as the host's plain signed decimals.
public enum OFXAmount {
    /// `-12.50` stays; `+100` → `100`; `.5` → `0.5`; `-12,50` → `-12.50` when there is no `.`
    /// (some banks write a decimal comma); nil for anything else (`abc`, `1.2.3`, `1,234.5`).
    public static func normalized(_ text: String) -> String? {
        var body = Substring(text.trimmingOFXBlanks())
        var sign = ""
        if let first = body.first, first == "+" || first == "-" {
            sign = first == "-" ? "-" : ""
            body = body.dropFirst()
        }
        let marks = body.filter { $0 == "." || $0 == "," }
        guard marks.count <= 1, !(marks == "," && body.contains(".")) else { return nil }
        let parts = body.split(separator: marks.first ?? ".", omittingEmptySubsequences: false)
        let whole = parts[0]
        let fraction = parts.count > 1 ? parts[1] : ""
        guard !(whole.isEmpty && fraction.isEmpty), (whole + fraction).allSatisfy(\.isASCIIDigit) else { return nil }
        let integer = whole.isEmpty ? "0" : String(whole)
        return sign + integer + (fraction.isEmpty ? "" : "." + fraction)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
    /// Without the blanks and line breaks an SGML leaf keeps up to the next tag.
    func trimmingOFXBlanks() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
