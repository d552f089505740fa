/// A block holding no transactions (`!Type:Cat`, `!Type:Invst`, `!Type:Memorized`): skipped and
/// reported, never dropped in silence.
struct QIFSkippedBlock: Sendable, CustomStringConvertible {
    var header: String
    var firstLine: Int
    var lastLine: Int

    /// `!Type:Cat block (lines 1-12)`
    var description: String {
        let lines = firstLine == lastLine ? "line \(firstLine)" : "lines \(firstLine)-\(lastLine)"
        return "\(header) block (\(lines))"
    }
}
