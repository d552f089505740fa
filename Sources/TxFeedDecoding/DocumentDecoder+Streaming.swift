import TxFeedModel

/// An account that arrives as a header and then batches of transactions, for sources too
/// large to hand over as one document. Kept apart until ``finish()``: a syntax error in any
/// batch fails the whole account, as it would a document.
///
/// Accounts that end go on in the same data when the next one begins (``next(decoder:fields:)``):
/// a million small accounts are a few thousand data, not a million, each made, appended and
/// freed. ``takeEarlier()`` takes them apart from the one open when they must go first.
public struct StreamedAccount: Sendable {
    private var decoder: DocumentDecoder
    /// The accounts that ended, then the open one.
    private var unit = SourceData()
    /// Where the open account begins in ``unit``: what the accounts before it left there stays.
    private var start = SourceData().mark
    /// The open account's decimals; nil once it has failed.
    private var scale: Int?
    private var nextIndex = 0
    private var batches = 0
    /// Whether records were handed over before the account ended (``handOver()``).
    public private(set) var handedOver = false
    /// Whether the account failed: ``finish()`` then holds its failure alone.
    public var hasFailed: Bool { scale == nil }
    /// Records and rejects decoded and not yet handed over, earlier accounts' included.
    public var heldRecords: Int { unit.transactions.count + unit.rejects.count }
    /// Records, rejects and accounts held: what a unit of small accounts is committed by.
    public var heldUnits: Int { heldRecords + unit.accounts.count }

    /// - Parameters:
    ///   - envelope: the envelope JSON, its `body.transactions` empty or holding a first batch.
    public init(decoder: DocumentDecoder, envelope: UnsafeBufferPointer<UInt8>) {
        self.decoder = decoder
        begin(envelope: envelope)
    }

    /// - Parameters:
    ///   - fields: the account as plain fields (`begin_account_fields`).
    public init(decoder: DocumentDecoder, fields: AccountFields) {
        self.decoder = decoder
        begin(fields: fields)
    }

    /// Begins another account after this one, which has ended, in the same data.
    public mutating func next(decoder: DocumentDecoder, fields: AccountFields) {
        precondition(!handedOver, "an account handed over ends its data")
        self.decoder = decoder
        begin(fields: fields)
    }

    /// ``next(decoder:fields:)`` for an envelope.
    public mutating func next(decoder: DocumentDecoder, envelope: UnsafeBufferPointer<UInt8>) {
        precondition(!handedOver, "an account handed over ends its data")
        self.decoder = decoder
        begin(envelope: envelope)
    }

    private mutating func begin(envelope: UnsafeBufferPointer<UInt8>) {
        opened()
        decoder.decode(text: envelope, into: &unit)
        guard unit.failures.count == start.failures else { return }
        if unit.accounts.count - start.accounts == 1 {
            scale = unit.accounts[start.accounts].scale
            nextIndex = unit.transactions.count - start.transactions + unit.rejects.count - start.rejects
        } else {
            unit.failures.append("\(decoder.origin): begin_account needs exactly one envelope")
        }
    }

    private mutating func begin(fields: AccountFields) {
        opened()
        let reader = EnvelopeReader(sourceIndex: decoder.sourceIndex, origin: decoder.origin)
        guard let account = reader.readAccount(fields, failures: &unit.failures) else { return }
        scale = account.scale
        unit.accounts.append(account)
        unit.documents += 1
    }

    /// A new account's place, after what the unit holds.
    private mutating func opened() {
        start = unit.mark
        scale = nil
        nextIndex = 0
        batches = 0
    }

    /// The accounts that ended before this one, as data of their own, leaving this one alone
    /// (for anything that must come after them: a document, a part handed over); nil with none.
    public mutating func takeEarlier() -> SourceData? {
        let none = SourceData().mark
        guard start != none else { return nil }
        let open = unit.split(at: start)
        let earlier = unit
        unit = open
        start = none
        return earlier
    }

    /// Adds a batch: JSON text of an array of transactions. A syntax error fails the account.
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
                let message = decoder.describe(error, in: batch).dropFirst(decoder.origin.count + 1)
                fail("batch \(batches): " + message)
            }
        }
    }

    /// The batch's transactions into `data`; returns how many elements it held.
    private static func decode(
        batch: UnsafeBufferPointer<UInt8>, decoder: borrowing DocumentDecoder, scale: Int, firstIndex: Int,
        into data: inout SourceData
    ) throws -> Int {
        let scanner = JSONScanner(batch)
        let start = scanner.skipWhitespace(from: 0, to: batch.count)
        guard start < batch.count, batch[start] == UInt8(ascii: "[") else {
            throw JSONSyntaxError(offset: start, reason: "a transaction batch must be a JSON array")
        }
        let (elements, end) = try scanner.elementRanges(ofArrayAt: start, limit: batch.count)
        let rest = scanner.skipWhitespace(from: end, to: batch.count)
        if rest < batch.count { throw JSONSyntaxError.trailing(at: rest, in: batch, after: "the batch") }
        try decoder.decodeElements(elements, firstIndex: firstIndex, in: batch, scale: scale, into: &data)
        return elements.count
    }

    /// Adds a batch of entries (`emit_entries`): each checked on its own, a wrong one rejected.
    public mutating func add(entries: UnsafeBufferPointer<EntryFields>) {
        guard let scale else { return }
        let normaliser = decoder.normaliser(scale: scale)
        let account = UInt32(unit.accounts.count - 1)
        for entry in entries {
            if entry.status == .neverMoved {
                unit.skipped.append(normaliser.neverMoved(entry, index: nextIndex))
                nextIndex += 1
                continue
            }
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

    /// Fails the whole account: none of its records are kept, nor anything it named (the data
    /// goes back to where the account began), and its failure takes their place.
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
            unit.accounts[start.accounts].balance = try Money.parse(signedDecimalText: text, scale: scale)
        } catch {
            let shown = String(decoding: text.prefix(40), as: UTF8.self)
            fail("end_account_with_balance: balance \"\(shown)\": \(error)")
        }
    }

    /// What the account holds so far, nil once it has failed: a huge envelope's records kept as
    /// they come (so they can spill), or a long account a plugin host child sends up before it
    /// ends. The first hand-over carries the account, later ones (and ``finish()``) continue it.
    public mutating func handOver() -> SourceData? {
        guard !hasFailed, !unit.transactions.isEmpty || !unit.rejects.isEmpty || !unit.skipped.isEmpty else {
            return nil
        }
        var part = unit
        part.continuesLastAccount = handedOver
        handedOver = true
        // Accounts and vendors stay: the records still to come refer to them.
        unit.transactions = []
        unit.details = []
        unit.rejects = []
        unit.skipped = []
        unit.documents = 0
        return part
    }

    /// The account's data, or its failure, moved out: the account is left empty. (Mutating,
    /// not consuming: consuming an account stored in its caller's state copied it, retaining
    /// each of its arrays, a fifth of a million one-record accounts' cost.)
    public mutating func finish() -> SourceData {
        // Moved out, not copied: a copy of the data retains each of its arrays.
        var data = SourceData()
        swap(&data, &unit)
        data.continuesLastAccount = handedOver && !data.accounts.isEmpty
        return data
    }
}
