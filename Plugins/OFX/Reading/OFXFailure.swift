/// Why a file could not be read on: not OFX, cut short, not well formed. Names the file, the
/// line and the element path where reading stopped.
public struct OFXFailure: Error, Sendable, CustomStringConvertible {
    public var origin: String
    public var line: Int?
    /// `OFX.BANKMSGSRSV1.STMTTRNRS.STMTRS[0].BANKTRANLIST.STMTTRN[3]`; empty before the first element.
    public var path: String
    public var message: String

    public init(origin: String, line: Int?, path: String, message: String) {
        self.origin = origin
        self.line = line
        self.path = path
        self.message = message
    }

    /// `bank.ofx:93: in OFX.….STMTTRN[6]: …`.
    public var description: String {
        let place = origin + (line.map { ":\($0)" } ?? "")
        return path.isEmpty ? "\(place): \(message)" : "\(place): in \(path): \(message)"
    }

    /// `line 93, in OFX.….STMTTRN[6]: …`: for the host, which names the file itself.
    public var withinFile: String {
        let place = [line.map { "line \($0)" }, path.isEmpty ? nil : "in \(path)"].compactMap { $0 }
        return (place + [message]).joined(separator: ": ")
    }
}
