extension String {
    /// The noun for `count` of it: `"file".plural(1)` is `file`, `"file".plural(3)` is `files`;
    /// `plural` where an `s` does not make it (`"entry".plural(n, "entries")`).
    public func plural(_ count: some BinaryInteger, _ plural: String? = nil) -> String {
        count == 1 ? self : plural ?? self + "s"
    }
}

extension BinaryInteger {
    /// The count and its noun, `3 files` (``Swift/String/plural(_:_:)``): one place for the
    /// messages' numbers, so that none says `1 files`.
    public func counted(_ noun: String, _ plural: String? = nil) -> String {
        "\(self) \(noun.plural(self, plural))"
    }
}
