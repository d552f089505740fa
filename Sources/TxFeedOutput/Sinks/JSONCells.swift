import TxFeedModel

/// JSON string literals for the feed's vendors, accounts, currencies, sources and colours,
/// each encoded once and reused for every row.
struct JSONCells {
    var text: FeedCells
    var colours: ByteCells

    init(_ feed: Feed, colours: [RGB]) {
        text = FeedCells(feed) { JSONString.append($0, to: &$1) }
        self.colours = ByteCells(
            colours.lazy.map { rgb in
                var hex: [UInt8] = [UInt8(ascii: "\"")]
                rgb.appendHex(to: &hex)
                hex.append(UInt8(ascii: "\""))
                return hex
            })
    }
}
