import TxFeedModel

extension RowLabels {
    /// The tags in one cell: `food, weekly`.
    public var tagsText: String { tags.joined(separator: ", ") }
}
