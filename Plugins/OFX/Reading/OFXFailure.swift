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

    public var description: String {
        let place = origin + (line.map { ":\($0)" } ?? "")
        return path.isEmpty ? "\(place): \(message)" : "\(place): in \(path): \(message)"
    }
}
