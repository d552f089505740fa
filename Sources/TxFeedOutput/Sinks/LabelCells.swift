import TxFeedModel

/// The cells of the columns rules add (category, tags, the bank's vendor), rendered once per
/// distinct set of labels (``FeedLabels/distinct``, a few dozen for a feed of any size): a row
/// appends its set's cells by ``FeedRow/labelsIndex``, where rendering them from its
/// ``RowLabels`` cost a copy of its texts, the tags joined and each byte checked, a million times.
struct LabelCells {
    private var category = ByteCells()
    private var tags = ByteCells()
    private var originalVendor = ByteCells()

    /// - Parameters:
    ///   - render: appends one text as the sink writes it, quoted or escaped as it needs.
    init(_ labels: FeedLabels?, render: (Span<UInt8>, inout [UInt8]) -> Void) {
        for row in labels?.distinct ?? [] {
            category.add { Self.render(row.category, into: &$0, render) }
            tags.add { Self.render(row.tags.isEmpty ? nil : row.tagsText, into: &$0, render) }
            originalVendor.add { Self.render(row.originalVendor, into: &$0, render) }
        }
    }

    /// Appends the cell of `column` (``FeedColumn/category``, ``FeedColumn/tags`` or
    /// ``FeedColumn/originalVendor``) for the labels at `index`: nothing for ``FeedLabels/none``.
    @inline(__always)
    func append(_ column: FeedColumn, of index: UInt32, to out: inout [UInt8]) {
        guard index != FeedLabels.none else { return }
        switch column {
        case .category: category.append(Int(index), to: &out)
        case .tags: tags.append(Int(index), to: &out)
        case .originalVendor: originalVendor.append(Int(index), to: &out)
        default: preconditionFailure("\(column) is not a column of labels")
        }
    }

    private static func render(
        _ text: String?, into out: inout [UInt8], _ render: (Span<UInt8>, inout [UInt8]) -> Void
    ) {
        guard let text else { return }
        render(text.utf8.span, &out)
    }
}
