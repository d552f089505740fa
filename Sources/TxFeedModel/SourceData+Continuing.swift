/// One account sent up in parts while it is open (a plugin host child's long statement): each
/// part carries only the vendors new since the one before, so that a statement of mostly
/// distinct payees does not send every name again with every part.
extension SourceData {
    /// This part with only the vendors from the account's `base`-th on, the earlier ones having
    /// gone with earlier parts; its records keep the account's numbering.
    public func withVendors(from base: Int) -> SourceData {
        guard base > 0 else { return self }
        var part = self
        var rest = VendorTable()
        // Distinct already: the account's own names, not looked up again.
        for id in base..<vendors.count {
            rest.appendDistinct(vendors.bytes(of: UInt32(id)).span)
        }
        part.vendors = rest
        part.vendorBase = base
        return part
    }

    /// Appends the next part of the one account this data holds, as it was sent: its vendors
    /// continue this data's, so its records are taken with their numbers as they are.
    /// - Returns: false, changing nothing, for a part that does not continue this account
    ///   where it left off (a garbled message).
    public mutating func appendContinuing(_ part: SourceData) -> Bool {
        guard part.continuesLastAccount, part.vendorBase == vendors.count, accounts.count == 1,
            part.accounts.count == 1
        else { return false }
        let base = vendors.count
        for id in 0..<part.vendors.count {
            let added = vendors.intern(part.vendors.bytes(of: UInt32(id)).span)
            guard added == UInt32(base + id) else {
                vendors.removeNames(from: base)
                return false
            }
        }
        // The header as it stands now (a balance stated at its end).
        accounts[0] = part.accounts[0]
        appendRecords(of: part, accountBase: 0, vendorMap: nil)
        return true
    }
}
