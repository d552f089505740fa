extension String {
    /// Without spaces and tabs around it.
    func trimmingBlanks() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })!
        return String(scalars[first...last])
    }
}
