import TxFeedSQLite

/// Why a state file cannot be used; every one is exit 2 before any source runs, and none
/// changes the file.
public struct StateError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "state file \(path): \(reason)" }

    /// SQLite's failure in words a user can act on.
    init(_ error: SQLiteError, wait: Double? = nil) {
        path = error.path
        if error.isBusy {
            let waited = wait.map { " (waited \(Self.seconds($0)))" } ?? ""
            reason =
                "in use by another txfeed run\(waited); try again when it has finished, or give --state-wait more seconds"
        } else if error.isDamaged {
            reason =
                "damaged (\(error.message)); it was left as it is: restore it from a backup, or start a new state file"
        } else {
            reason = error.message
        }
    }

    /// Any failure met while using the file, as a ``StateError``.
    init(_ error: any Error, path: String, wait: Double? = nil) {
        switch error {
        case let error as StateError: self = error
        case let error as SQLiteError: self.init(error, wait: wait)
        default: self.init(path: path, reason: "\(error)")
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
