import CJansson
import TxFeedModel

/// An account that arrives as a header and then batches of transactions, for sources too
/// large to hand over as one document. Kept apart until ``finish()``: a syntax error in any
/// batch fails the whole account, as it would a document.
public struct StreamedAccount: Sendable {
    private let decoder: DocumentDecoder
    private var unit = SourceData()
    /// Where this account begins in ``unit``: what an earlier account left there stays.
    private let start: SourceData.Mark
    /// The account's decimals; nil once the account has failed.
    private var scale: Int?
    private var nextIndex = 0
    private var batches = 0
    /// Whether records were handed over before the account ended (``handOver()``).
    public private(set) var handedOver = false
    /// Whether the account failed: ``finish()`` then holds its failure alone.
    public var hasFailed: Bool { scale == nil }

    /// - Parameters:
    ///   - envelope: the envelope JSON, its `body.transactions` empty or holding a first batch.
    ///   - earlier: data this account is decoded after, into the same arrays and vendor table
    ///     (a group of small accounts: one data, not one each and an append per account).
    ///     ``finish()`` returns it with this account added, or with this account's failure only;
    ///     such an account is never handed over (``handOver()``).
    public init(
        decoder: DocumentDecoder, envelope: UnsafeBufferPointer<UInt8>,
        after earlier: consuming SourceData = SourceData()
    ) {
        self.decoder = decoder
        unit = consume earlier
        start = unit.mark
        decoder.decode(text: envelope, into: &unit)
        guard unit.failures.count == start.failures else { return }
        if unit.accounts.count - start.accounts == 1 {
            scale = unit.accounts[start.accounts].scale
            nextIndex = unit.transactions.count - start.transactions + unit.rejects.count - start.rejects
        } else {
            unit.failures.append("\(decoder.origin): begin_account needs exactly one envelope")
        }
    }

    /// Adds a batch: JSON text of an array of transactions.
    /// - Parameters:
    ///   - part: where the batch starts in the source's file (`emit_transactions_part`): a
    ///     syntax error then names the file's line and column, as for the whole text.
    public mutating func add(batch: UnsafeBufferPointer<UInt8>, part: TextPart? = nil) {
        guard let scale else { return }
        batches += 1
        do {
            // Straight into the account: a failure discards all of it anyway.
            nextIndex += try Self.decode(
                batch: batch, decoder: decoder, scale: scale, firstIndex: nextIndex, into: &unit)
        } catch {
            if let part {
                // Named as the whole file's text names it: `feed.json:812:5: …`.
                var decoder = decoder
                decoder.part = part
                drop(failure: decoder.describe(error, in: batch))
            } else {
                fail("batch \(batches): " + decoder.describe(error, in: batch).dropFirst(decoder.origin.count + 1))
            }
        }
    }

    /// The batch's transactions into `unit`; returns how many elements it held. Static, with
    /// the decoder borrowed: a copy of it for every small account's batch cost more than its
    /// transaction (only a message needs the batch's ``TextPart``).
    private static func decode(
        batch: UnsafeBufferPointer<UInt8>, decoder: borrowing DocumentDecoder, scale: Int, firstIndex: Int,
        into unit: inout SourceData
    ) throws -> Int {
        let scanner = JSONScanner(batch)
        let start = scanner.skipWhitespace(from: 0, to: batch.count)
        guard start < batch.count, batch[start] == UInt8(ascii: "[") else {
            throw JSONSyntaxError(offset: start, reason: "a transaction batch must be a JSON array")
        }
        let (elements, end) = try scanner.elementRanges(ofArrayAt: start, limit: batch.count)
        if scanner.skipWhitespace(from: end, to: batch.count) < batch.count {
            throw JSONSyntaxError(offset: end, reason: "unexpected data after the batch")
        }
        try decoder.decodeElements(elements, firstIndex: firstIndex, in: batch, scale: scale, into: &unit)
        return elements.count
    }

    /// Adds a batch of entries (`emit_entries`): each checked on its own, a wrong one rejected.
    public mutating func add(entries: UnsafeBufferPointer<EntryFields>) {
        guard let scale else { return }
        let normaliser = TransactionNormaliser(origin: decoder.origin, scale: scale)
        let account = UInt32(unit.accounts.count - 1)
        for entry in entries {
            switch normaliser.normalise(
                entry: entry, index: nextIndex, account: account, vendors: &unit.vendors, details: &unit.details)
            {
            case let .transaction(t): unit.transactions.append(t)
            case let .reject(r): unit.rejects.append(r)
            }
            nextIndex += 1
        }
        decoder.onProgress?(entries.count)
    }

    /// A record the plugin could not read itself: read, and rejected with the plugin's reason.
    /// - Parameters:
    ///   - raw: the record's own text (a CSV row), written as a JSON string by `--rejects`.
    public mutating func reject(location: String, reason: String, raw: [UInt8]) {
        guard scale != nil else { return }
        unit.rejects.append(Reject(origin: decoder.origin, path: location, reason: reason, raw: raw, rawIsText: true))
        nextIndex += 1
    }

    /// Fails the whole account: none of its records are kept.
    public mutating func fail(_ reason: String) {
        drop(failure: "\(decoder.origin): \(reason)")
    }

    private mutating func drop(failure message: String) {
        guard scale != nil else { return }
        scale = nil
        unit.truncate(to: start)
        unit.failures.append(message)
    }

    /// The balance the source states as the account ends (`end_account_with_balance`): it
    /// replaces the envelope's; one that is not a plain decimal of the currency fails the account.
    public mutating func state(balance text: UnsafeBufferPointer<UInt8>) {
        guard let scale else { return }
        do {
            let (money, negative) = try Money.parse(decimalText: text, scale: scale)
            unit.accounts[start.accounts].balance = Money(
                minorUnits: negative ? -money.minorUnits : money.minorUnits, scale: scale)
        } catch {
            fail("end_account_with_balance: balance \"\(String(decoding: text.prefix(40), as: UTF8.self))\": \(error)")
        }
    }

    /// What the account holds so far, nil once it has failed: a huge envelope's records kept as
    /// they come (so they can spill), or a long account a plugin host child sends up before it
    /// ends. The first hand-over carries the account, later ones (and ``finish()``) continue it.
    public mutating func handOver() -> SourceData? {
        guard scale != nil, !unit.transactions.isEmpty || !unit.rejects.isEmpty else { return nil }
        var part = unit
        part.continuesLastAccount = handedOver
        handedOver = true
        // Accounts and vendors stay: the records still to come refer to them.
        unit.transactions = []
        unit.details = []
        unit.rejects = []
        unit.documents = 0
        return part
    }

    /// The account's data, or its failure (after the data it was decoded after).
    public consuming func finish() -> SourceData {
        var data = unit
        data.continuesLastAccount = handedOver && !data.accounts.isEmpty
        return data
    }
}
