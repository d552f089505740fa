/// What rules gave the feed's records, beside them: one small index a record, parallel to
/// ``Feed/transactions``, into the distinct ``RowLabels`` (a few dozen for a feed of any
/// size), so that the 32-byte ``Transaction`` stays as it is and a feed without rules carries
/// nothing at all (``Feed/labels`` is nil).
public struct FeedLabels: Sendable {
    /// `rows[i]` is `transactions[i]`'s index into ``distinct``, or ``none``.
    public var rows: [UInt32] = []
    /// Each distinct set of labels once.
    public private(set) var distinct: [RowLabels] = []
    /// Records the rules skipped, per reason, in the order the reasons first came.
    public var skipped: [(reason: String, count: Int)] = []
    /// With `--explain`: every record's labels carry ``RowLabels/explain``, and sinks write it.
    public var explains = false
    /// The rules that matched no record of the run, as `-v` names them:
    /// `rule 7 ("parking") in bank.toml:88`.
    public var neverFired: [String] = []
    private var indexOf: [RowLabels: UInt32] = [:]

    public static let none = UInt32.max

    public init() {}

    /// The index of `labels` in ``distinct``, added the first time; ``none`` for empty labels.
    public mutating func intern(_ labels: RowLabels) -> UInt32 {
        if labels.isEmpty { return Self.none }
        if let index = indexOf[labels] { return index }
        let index = UInt32(distinct.count)
        distinct.append(labels)
        indexOf[labels] = index
        return index
    }

    /// The labels of the record at `position` in the feed's order; nil when it has none.
    @inlinable
    public func labels(at position: Int) -> RowLabels? {
        let index = index(at: position)
        return index == Self.none ? nil : distinct[Int(index)]
    }

    /// Where the labels of the record at `position` lie in ``distinct``; ``none`` when it has none.
    @inlinable
    public func index(at position: Int) -> UInt32 {
        position < rows.count ? rows[position] : Self.none
    }

    /// Records with a category, of all written.
    public var categorised: Int {
        rows.reduce(0) { $0 + ($1 != Self.none && distinct[Int($1)].category != nil ? 1 : 0) }
    }
}
