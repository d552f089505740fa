import TxFeedModel

/// JSON string literals for the feed's vendors, accounts, currencies, sources and colours,
/// each encoded once and reused for every row.
struct JSONCells {
    var vendors: [[UInt8]]
    var accounts: [[UInt8]]
    var currencies: [[UInt8]]
    var sources: [[UInt8]]
    /// Per account: its source's literal, and its currency's scale. Read per row, so kept out of
    /// `Account`, whose strings would be retained and released on every access.
    var accountSources: [[UInt8]]
    var scales: [Int]
    var colours: [[UInt8]]

    init(_ feed: Feed, colours: [RGB]) {
        vendors = (0..<feed.vendors.count).map { JSONString.literal(feed.vendors.bytes(of: UInt32($0))) }
        accounts = feed.accounts.map { JSONString.literal($0.name) }
        currencies = feed.accounts.map { JSONString.literal($0.currency ?? "") }
        sources = feed.sources.map { JSONString.literal($0.name) }
        accountSources = feed.accounts.map { [sources] in sources[$0.source] }
        scales = feed.accounts.map(\.scale)
        self.colours = colours.map { rgb in
            var hex: [UInt8] = [UInt8(ascii: "\"")]
            rgb.appendHex(to: &hex)
            hex.append(UInt8(ascii: "\""))
            return hex
        }
    }
}
