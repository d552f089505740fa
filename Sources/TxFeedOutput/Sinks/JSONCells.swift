import TxFeedModel

/// JSON string literals for the feed's vendors, accounts, currencies, sources and colours,
/// each encoded once and reused for every row.
struct JSONCells {
    var vendors: ByteCells
    var accounts: ByteCells
    var currencies: ByteCells
    var sources: [[UInt8]]
    /// Per account: its source's literal, and its currency's scale. Read per row, so kept out of
    /// `Account`, whose strings would be retained and released on every access.
    var accountSources: ByteCells
    var scales: [Int]
    var colours: ByteCells

    init(_ feed: Feed, colours: [RGB]) {
        vendors = ByteCells(
            (0..<feed.vendors.count).lazy.map { JSONString.literal(feed.vendors.bytes(of: UInt32($0))) })
        accounts = ByteCells(feed.accounts.lazy.map { JSONString.literal($0.name) })
        currencies = ByteCells(feed.accounts.lazy.map { JSONString.literal($0.currency ?? "") })
        let sources = feed.sources.map { JSONString.literal($0.name) }
        self.sources = sources
        accountSources = ByteCells(feed.accounts.lazy.map { sources[$0.source] })
        scales = feed.accounts.map(\.scale)
        self.colours = ByteCells(
            colours.lazy.map { rgb in
                var hex: [UInt8] = [UInt8(ascii: "\"")]
                rgb.appendHex(to: &hex)
                hex.append(UInt8(ascii: "\""))
                return hex
            })
    }
}
