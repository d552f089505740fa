extension StringProtocol {
    /// Without leading and trailing spaces (only spaces: a tab or a line break is kept).
    package var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
