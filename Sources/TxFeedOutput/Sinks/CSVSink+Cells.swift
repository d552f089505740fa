import TxFeedModel

extension CSVSink {
    /// Every text cell rendered once per distinct value: vendors, account names, currencies and
    /// sources. A row reads one ``AccountCells`` for its account, never an `Account`, whose
    /// strings a read retains.
    struct Cells {
        var vendors = ByteCells()
        /// Account names, one cell each.
        var names = ByteCells()
        /// Currencies and sources: a handful of distinct cells, hot in the cache.
        var shared = ByteCells()
        var accounts: [AccountCells] = []

        init(_ feed: Feed, _ dialect: CSVDialect) {
            for id in 0..<feed.vendors.count {
                feed.vendors.bytes(of: UInt32(id)).withUnsafeBufferPointer { name in
                    vendors.add { dialect.appendCell(name, to: &$0) }
                }
            }
            for source in feed.sources {
                var name = source.name
                name.withUTF8 { name in shared.add { dialect.appendCell(name, to: &$0) } }
            }
            // Interned by their bytes (as vendors are), each rendered once after the sources.
            var currencies = VendorTable()
            accounts.reserveCapacity(feed.accounts.count)
            for index in feed.accounts.indices {
                var name = feed.accounts[index].name
                name.withUTF8 { name in names.add { dialect.appendCell(name, to: &$0) } }
                let known = currencies.count
                let currency = currencies.intern(feed.accounts[index].currency ?? "")
                if currencies.count > known {
                    currencies.bytes(of: currency).withUnsafeBufferPointer { code in
                        shared.add { dialect.appendCell(code, to: &$0) }
                    }
                }
                accounts.append(
                    AccountCells(
                        name: names.range(of: index), currency: shared.range(of: feed.sources.count + Int(currency)),
                        source: shared.range(of: feed.accounts[index].source), scale: feed.accounts[index].scale))
            }
        }
    }

    /// What a row needs of its account, together: with a million accounts in shuffled rows,
    /// each table read a row was its own cache miss.
    struct AccountCells {
        /// In ``Cells/names``.
        var name: Range<Int>
        /// In ``Cells/shared``.
        var currency: Range<Int>
        var source: Range<Int>
        /// The currency's decimals.
        var scale: Int
    }
}
