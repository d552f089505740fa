/// Where in the statements a parse error is. libxml2's reader lags its parser by a chunk, so the
/// reader's own place may be an entry or two before the damage: the bytes up to the error's
/// line and column are scanned instead, counting statement and entry tags (once, on failure).
enum CAMTDamageLocator {
    /// The statement and entry open at the damage.
    struct Place: Equatable {
        /// The statement's element (`Stmt`) and index, when the damage is inside one.
        var statement: (name: String, index: Int)?
        var entry: Int?
        /// How many statements had started before the damage.
        var statementsStarted = 0

        /// `Stmt[1].Ntry[57]`, `Stmt[1]`, or empty outside any statement.
        var path: String {
            guard let statement else { return "" }
            let head = "\(statement.name)[\(statement.index)]"
            return entry.map { "\(head).Ntry[\($0)]" } ?? head
        }

        static func == (lhs: Place, rhs: Place) -> Bool { lhs.path == rhs.path }
    }

    static func place(in bytes: Span<UInt8>, line: Int, column: Int) -> Place {
        let stop = CAMTTagScanner.offset(in: bytes, line: line, column: column)
        var place = Place()
        var entries = 0
        CAMTTagScanner.forEachTag(in: bytes, before: stop) { tag in
            if CAMTTagScanner.isStatement(tag.name) {
                if tag.isClosing {
                    place.statement = nil
                } else {
                    place.statement = tag.isEmpty ? nil : (tag.name, place.statementsStarted)
                    place.statementsStarted += 1
                }
                place.entry = nil
                entries = 0
            } else if tag.name == "Ntry", place.statement != nil {
                if tag.isClosing {
                    place.entry = nil
                } else {
                    place.entry = tag.isEmpty ? nil : entries
                    entries += 1
                }
            }
            return true
        }
        return place
    }
}
