/// Why a statement file cannot be read on: not well-formed XML, cut short, not camt or MT940 at
/// all. It names the file, the line and where in the statements it happened.
public struct StatementFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public var origin: String
    /// The line (libxml2's for XML); 0 when the failure is not about a place in the file.
    public var line: Int
    /// `Stmt[1].Ntry[57]`, `statement 2`; empty outside any statement.
    public var path: String
    public var message: String

    public init(origin: String, line: Int, path: String, message: String) {
        self.origin = origin
        self.line = line
        self.path = path
        self.message = message
    }

    /// `line 1432: Stmt[1].Ntry[57]: …`: for a host that names the file itself.
    public var withoutOrigin: String {
        var parts: [String] = []
        if line > 0 { parts.append("line \(line)") }
        if !path.isEmpty { parts.append(path) }
        return (parts + [message]).joined(separator: ": ")
    }

    /// `statement.xml:1432: Stmt[1].Ntry[57]: Premature end of data in tag Ntry line 1401`.
    public var description: String {
        var text = origin
        if line > 0 { text += ":\(line)" }
        if !path.isEmpty { text += ": \(path)" }
        return text + ": " + message
    }
}
