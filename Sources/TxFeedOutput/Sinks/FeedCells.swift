import TxFeedModel

/// Every text cell of a feed rendered once per distinct value, in one sink's form (a CSV cell,
/// a JSON string literal): vendors, account names, currencies and sources. A row reads one
/// ``AccountCells`` for its account, never an `Account`, whose strings a read retains.
struct FeedCells {
    var vendors = ByteCells()
    /// Account names, one cell each.
    var names = ByteCells()
    /// Currencies and sources: a handful of distinct cells, hot in the cache.
    var shared = ByteCells()
    var accounts: [AccountCells] = []

    /// - Parameters:
    ///   - render: appends one value as the sink writes it, quoted or escaped as it needs.
    init(_ feed: Feed, render: (UnsafeBufferPointer<UInt8>, inout [UInt8]) -> Void) {
        for id in 0..<feed.vendors.count {
            feed.vendors.bytes(of: UInt32(id)).withUnsafeBufferPointer { name in vendors.add { render(name, &$0) } }
        }
        for source in feed.sources {
            var name = source.name
            name.withUTF8 { name in shared.add { render(name, &$0) } }
        }
        // Interned by their bytes (as vendors are), each rendered once after the sources.
        var currencies = VendorTable()
        accounts.reserveCapacity(feed.accounts.count)
        let sourceCount = feed.sources.count
        // Each account read where it lies, its name's bytes in place: a copy of the name to call
        // `withUTF8` retained and released each of a million.
        feed.accounts.withUnsafeBufferPointer { feedAccounts in
            for index in feedAccounts.indices {
                feedAccounts[index].name.withUTF8Bytes { name in names.add { render(name, &$0) } }
                let known = currencies.count
                let currency = (feedAccounts[index].currency ?? "").withUTF8Bytes { currencies.intern($0) }
                if currencies.count > known {
                    currencies.bytes(of: currency).withUnsafeBufferPointer { code in shared.add { render(code, &$0) } }
                }
                accounts.append(
                    AccountCells(
                        name: names.range(of: index), currency: shared.range(of: sourceCount + Int(currency)),
                        source: shared.range(of: feedAccounts[index].source), scale: feedAccounts[index].scale))
            }
        }
    }
}

/// What a row needs of its account, together: with a million accounts in shuffled rows, each
/// table read a row was its own cache miss.
struct AccountCells {
    /// In ``FeedCells/names``.
    var name: Range<Int>
    /// In ``FeedCells/shared``.
    var currency: Range<Int>
    var source: Range<Int>
    /// The currency's decimals.
    var scale: Int
}
