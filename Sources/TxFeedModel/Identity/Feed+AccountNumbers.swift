extension Feed {
    /// Each feed account as its state account's number (``IdentityKey/accountKey(of:)``): feed
    /// accounts of one id, else one name, are one account (an MT940 file's pages, a file a
    /// month), between which money never moves and no record is another's twin.
    ///
    /// The keys' bytes are interned where they lie, as vendors are: a String of each of a
    /// million small accounts' keys and their hashing were a third of the transfers pass.
    /// - Parameter only: the accounts to number, the others -1: the transfers pass numbers only
    ///   the accounts of records that may be a half, a few hundred of a million small accounts.
    package func accountNumbers(of only: [Bool]? = nil) -> (numbers: [Int], count: Int) {
        var keys = VendorTable()
        var key: [UInt8] = []
        let numbers = accounts.indices.map { a in
            guard only?[a] ?? true else { return -1 }
            key.removeAll(keepingCapacity: true)
            IdentityKey.appendAccountKey(of: accounts[a], to: &key)
            return Int(keys.intern(key.span))
        }
        return (numbers, keys.count)
    }
}
