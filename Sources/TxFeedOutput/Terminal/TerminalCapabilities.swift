import Foundation

/// What the terminal on a file descriptor can do.
public struct TerminalCapabilities: Sendable {
    public var isTerminal: Bool
    public var columns: Int

    public init(fd: Int32, environment: [String: String] = ProcessInfo.processInfo.environment) {
        isTerminal = isatty(fd) != 0 && environment["TERM"] != "dumb"
        var size = winsize()
        if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            columns = Int(size.ws_col)
        } else {
            columns = Int(environment["COLUMNS"] ?? "") ?? 80
        }
    }

    /// Two descriptors on the same terminal (stdout and stderr both on the screen).
    public static func sameTerminal(_ a: Int32, _ b: Int32) -> Bool {
        guard isatty(a) != 0, isatty(b) != 0 else { return false }
        var sa = stat(), sb = stat()
        guard fstat(a, &sa) == 0, fstat(b, &sb) == 0 else { return false }
        return sa.st_rdev == sb.st_rdev
    }
}
