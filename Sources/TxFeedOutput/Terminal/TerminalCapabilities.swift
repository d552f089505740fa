import Foundation

/// What the terminal on a file descriptor can do.
public struct TerminalCapabilities: Sendable {
    public var isTerminal: Bool
    public var columns: Int
    /// The screen's height: what a drawing redrawn in place may take (the cursor cannot be
    /// moved back above the screen's top).
    public var rows: Int

    public init(fd: Int32, environment: [String: String] = ProcessInfo.processInfo.environment) {
        isTerminal = isatty(fd) != 0 && environment["TERM"] != "dumb"
        var size = winsize()
        let known = ioctl(fd, UInt(TIOCGWINSZ), &size) == 0
        columns = known && size.ws_col > 0 ? Int(size.ws_col) : Int(environment["COLUMNS"] ?? "") ?? 80
        rows = known && size.ws_row > 0 ? Int(size.ws_row) : Int(environment["LINES"] ?? "") ?? 24
    }

    /// Two descriptors on the same terminal (stdout and stderr both on the screen).
    public static func sameTerminal(_ a: Int32, _ b: Int32) -> Bool {
        guard isatty(a) != 0, isatty(b) != 0 else { return false }
        var sa = stat(), sb = stat()
        guard fstat(a, &sa) == 0, fstat(b, &sb) == 0 else { return false }
        return sa.st_rdev == sb.st_rdev
    }
}
