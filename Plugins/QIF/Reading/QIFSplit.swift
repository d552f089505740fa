/// One split of a record (`S` category, `E` memo, `$` amount): listed in the record's memo,
/// since the record's `T` total is the one transaction the bank booked.
struct QIFSplit: Sendable {
    var category: Range<Int>?
    var memo: Range<Int>?
    var amount: Range<Int>?
    var amountLine = 0
}
