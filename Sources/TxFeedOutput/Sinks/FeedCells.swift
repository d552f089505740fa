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
    /// Whether the accounts are many enough that their cells are far apart in memory
    /// (``prefetch(ahead:distance:)``): a few hundred stay in the cache anyway.
    let prefetches: Bool

    /// - Parameters:
    ///   - render: appends one value as the sink writes it, quoted or escaped as it needs.
    init(_ feed: Feed, render: (Span<UInt8>, inout [UInt8]) -> Void) {
        prefetches = feed.accounts.count > 1 << 14
        for id in 0..<feed.vendors.count {
            let name = feed.vendors.bytes(of: UInt32(id))
            vendors.add { render(name.span, &$0) }
        }
        for source in feed.sources {
            shared.add { render(source.name.utf8.span, &$0) }
        }
        // Each rendered once, after the sources, the first time it comes.
        var currencies = CurrencyCells()
        accounts.reserveCapacity(feed.accounts.count)
        // Each account read where it lies, its texts' bytes in place: a copy of the account
        // retained and released its texts, each of a million.
        feed.accounts.withUnsafeBufferPointer { feedAccounts in
            // A cell is its name and a few bytes more (quotes, a formula's mark); escapes, rare,
            // grow the buffer.
            let nameBytes = feedAccounts.indices.reduce(0) { $0 + feedAccounts[$1].byteCount(of: .name) }
            names.reserve(cells: feedAccounts.count, bytes: nameBytes + 3 * feedAccounts.count)
            for index in feedAccounts.indices {
                // Read through one local: each read of `feedAccounts[index]` was a copy.
                let account = feedAccounts[index]
                account.withBytes(of: .name) { name in names.add { render(name, &$0) } }
                let currency = account.withBytes(of: .currency) { currencies.cell(of: $0, in: &shared, render: render) }
                accounts.append(
                    AccountCells(
                        name: names.range(of: index), currency: currency, source: account.source, scale: account.scale))
            }
        }
        // A transfer's other account that only a remembered half is in (no row is in it): its
        // name, after the feed's (``Feed/transferAccount(_:)``).
        for account in feed.transfers?.outsideAccounts ?? [] {
            account.withBytes(of: .name) { name in names.add { render(name, &$0) } }
            accounts.append(
                AccountCells(name: names.range(of: accounts.count), currency: 0, source: 0, scale: account.scale))
        }
    }
}

/// Each currency's cell in ``FeedCells/shared``, rendered the first time it comes: a code of
/// three letters A–Z (every currency a decoder accepts) found by its place in a table, where
/// hashing it was a sixth of a million accounts' cells; any other text by its bytes.
private struct CurrencyCells {
    private var byCode = [Int32](repeating: -1, count: CurrencyScale.places)
    private var others = VendorTable()
    private var otherCells: [Int] = []

    mutating func cell(
        of code: Span<UInt8>, in shared: inout ByteCells,
        render: (Span<UInt8>, inout [UInt8]) -> Void
    ) -> Int {
        if let place = CurrencyScale.place(ofCode: code) {
            if byCode[place] < 0 {
                byCode[place] = Int32(shared.count)
                shared.add { render(code, &$0) }
            }
            return Int(byCode[place])
        }
        let id = Int(others.intern(code))
        if id == otherCells.count {
            otherCells.append(shared.count)
            shared.add { render(code, &$0) }
        }
        return otherCells[id]
    }
}

extension FeedCells {
    /// Asks the cache for what the rows ahead of `rows` will read: the account cells of the
    /// row `2 × distance` ahead, and the name of the one `distance` ahead (whose cells were
    /// asked for `distance` rows ago). With a million accounts in shuffled rows, each row's
    /// cells and name were two cache misses, waited for one after the other.
    @inline(__always)
    func prefetch(ahead rows: FeedRows, distance: Int = 8) {
        guard prefetches else { return }
        if let far = rows.account(ahead: 2 * distance) {
            accounts.prefetch(at: Int(far))
        }
        if let near = rows.account(ahead: distance) { names.prefetch(range: accounts[Int(near)].name) }
    }
}

/// What a row needs of its account, together and small (24 bytes): with a million accounts in
/// shuffled rows, each table read a row was its own cache miss, and a table of wider cells
/// missed more often.
struct AccountCells {
    /// Where its name lies in ``FeedCells/names``.
    private let nameStart: Int
    private let nameCount: UInt32
    /// Its currency's cell and its source's, in ``FeedCells/shared``.
    private let currencyCell: UInt32
    private let sourceCell: UInt32
    /// The currency's decimals.
    private let decimals: UInt8

    init(name: Range<Int>, currency: Int, source: Int, scale: Int) {
        nameStart = name.lowerBound
        nameCount = UInt32(name.count)
        currencyCell = UInt32(currency)
        sourceCell = UInt32(source)
        decimals = UInt8(scale)
    }

    var name: Range<Int> { nameStart..<nameStart + Int(nameCount) }
    var currency: Int { Int(currencyCell) }
    var source: Int { Int(sourceCell) }
    var scale: Int { Int(decimals) }
}
