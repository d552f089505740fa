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
    private var unit = SourceData()
    private var account: InPlace
    /// Whether records were handed over before the account ended (``handOver()``).
    public private(set) var handedOver = false
    /// Whether the account failed: ``finish()`` then holds its failure alone.
    public var hasFailed: Bool { account.hasFailed }
    /// Records and rejects decoded and not yet handed over, earlier accounts' included.
    public var heldRecords: Int { unit.transactions.count + unit.rejects.count }
    /// Records, rejects and accounts held: what a unit of small accounts is committed by.
    public var heldUnits: Int { heldRecords + unit.accounts.count }

    /// - Parameters:
    ///   - envelope: the envelope JSON, its `body.transactions` empty or holding a first batch.
    public init(decoder: DocumentDecoder, envelope: UnsafeBufferPointer<UInt8>) {
        self.decoder = decoder
        account = InPlace(decoder: decoder, envelope: envelope, into: &unit)
    }

    /// - Parameters:
    ///   - fields: the account as plain fields (`begin_account_fields`).
    public init(decoder: DocumentDecoder, fields: AccountFields) {
        self.decoder = decoder
        account = InPlace(decoder: decoder, fields: fields, into: &unit)
    }

    /// Begins another account after this one, which has ended, in the same data.
    public mutating func next(decoder: DocumentDecoder, fields: AccountFields) {
        precondition(!handedOver, "an account handed over ends its data")
        self.decoder = decoder
        account = InPlace(decoder: decoder, fields: fields, into: &unit)
    }

    /// ``next(decoder:fields:)`` for an envelope.
    public mutating func next(decoder: DocumentDecoder, envelope: UnsafeBufferPointer<UInt8>) {
        precondition(!handedOver, "an account handed over ends its data")
        self.decoder = decoder
        account = InPlace(decoder: decoder, envelope: envelope, into: &unit)
    }

    /// The accounts that ended before this one, as data of their own, leaving this one alone
    /// (for anything that must come after them: a document, a part handed over); nil with none.
    public mutating func takeEarlier() -> SourceData? {
        let none = SourceData().mark
        guard account.start != none else { return nil }
        let open = unit.split(at: account.start)
        let earlier = unit
        unit = open
        account.start = none
        return earlier
    }

    /// Adds a batch: JSON text of an array of transactions.
    /// - Parameters:
    ///   - part: where the batch starts in the source's file (`emit_transactions_part`): a
    ///     syntax error then names the file's line and column, as for the whole text.
    public mutating func add(batch: UnsafeBufferPointer<UInt8>, part: TextPart? = nil) {
        account.add(batch: batch, part: part, decoder: decoder, into: &unit)
    }

    /// Adds a batch of entries (`emit_entries`): each checked on its own, a wrong one rejected.
    public mutating func add(entries: UnsafeBufferPointer<EntryFields>) {
        account.add(entries: entries, decoder: decoder, into: &unit)
    }

    /// A record the plugin could not read itself: read, and rejected with the plugin's reason.
    /// - Parameters:
    ///   - raw: the record's own text (a CSV row), written as a JSON string by `--rejects`.
    public mutating func reject(location: String, reason: String, raw: [UInt8]) {
        account.reject(location: location, reason: reason, raw: raw, decoder: decoder, into: &unit)
    }

    /// Fails the whole account: none of its records are kept.
    public mutating func fail(_ reason: String) {
        account.fail(reason, decoder: decoder, in: &unit)
    }

    /// The balance the source states as the account ends (`end_account_with_balance`): it
    /// replaces the envelope's; one that is not a plain decimal of the currency fails the account.
    public mutating func state(balance text: UnsafeBufferPointer<UInt8>) {
        account.state(balance: text, decoder: decoder, in: &unit)
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

extension StreamedAccount {
    /// The open account's part of its ``StreamedAccount``'s data, after the accounts that ended
    /// before it there. A failed account takes the data back to where it began and leaves its
    /// failure there. Each call borrows the account's decoder.
    struct InPlace: Sendable {
        /// Where this account begins in the data: what earlier accounts left there stays.
        fileprivate(set) var start: SourceData.Mark
        /// The account's decimals; nil once the account has failed.
        private var scale: Int?
        private var nextIndex = 0
        private var batches = 0

        var hasFailed: Bool { scale == nil }

        /// - Parameters:
        ///   - envelope: the envelope JSON, its `body.transactions` empty or holding a first batch.
        ///   - data: where the account goes, after what it holds.
        init(
            decoder: borrowing DocumentDecoder, envelope: UnsafeBufferPointer<UInt8>, into data: inout SourceData
        ) {
            start = data.mark
            decoder.decode(text: envelope, into: &data)
            guard data.failures.count == start.failures else { return }
            if data.accounts.count - start.accounts == 1 {
                scale = data.accounts[start.accounts].scale
                nextIndex = data.transactions.count - start.transactions + data.rejects.count - start.rejects
            } else {
                data.failures.append("\(decoder.origin): begin_account needs exactly one envelope")
            }
        }

        /// - Parameters:
        ///   - fields: the account as plain fields (`begin_account_fields`).
        ///   - data: where the account goes, after what it holds.
        init(decoder: borrowing DocumentDecoder, fields: AccountFields, into data: inout SourceData) {
            start = data.mark
            let reader = EnvelopeReader(sourceIndex: decoder.sourceIndex, origin: decoder.origin)
            guard let account = reader.readAccount(fields, failures: &data.failures) else { return }
            scale = account.scale
            data.accounts.append(account)
            data.documents += 1
        }

        /// ``StreamedAccount/add(batch:part:)``, into `data`.
        mutating func add(
            batch: UnsafeBufferPointer<UInt8>, part: TextPart? = nil, decoder: borrowing DocumentDecoder,
            into data: inout SourceData
        ) {
            guard let scale else { return }
            batches += 1
            do {
                // Straight into the account: a failure discards all of it anyway.
                nextIndex += try Self.decode(
                    batch: batch, decoder: decoder, scale: scale, firstIndex: nextIndex, into: &data)
            } catch {
                if let part {
                    // Named as the whole file's text names it: `feed.json:812:5: …`.
                    var decoder = copy decoder
                    decoder.part = part
                    drop(failure: decoder.describe(error, in: batch), in: &data)
                } else {
                    let message = decoder.describe(error, in: batch).dropFirst(decoder.origin.count + 1)
                    fail("batch \(batches): " + message, decoder: decoder, in: &data)
                }
            }
        }

        /// The batch's transactions into `data`; returns how many elements it held. Static, with
        /// the decoder borrowed: a copy of it for every small account's batch cost more than its
        /// transaction (only a message needs the batch's ``TextPart``).
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

        /// ``StreamedAccount/add(entries:)``, into `data`.
        mutating func add(
            entries: UnsafeBufferPointer<EntryFields>, decoder: borrowing DocumentDecoder, into data: inout SourceData
        ) {
            guard let scale else { return }
            let normaliser = TransactionNormaliser(
                origin: decoder.origin, scale: scale, keepsLocations: decoder.keepsLocations)
            let account = UInt32(data.accounts.count - 1)
            for entry in entries {
                if entry.status == .neverMoved {
                    data.skipped.append(normaliser.neverMoved(entry, index: nextIndex))
                    nextIndex += 1
                    continue
                }
                switch normaliser.normalise(
                    entry: entry, index: nextIndex, account: account, vendors: &data.vendors, details: &data.details)
                {
                case let .transaction(t): data.transactions.append(t)
                case let .reject(r): data.rejects.append(r)
                }
                nextIndex += 1
            }
            decoder.onProgress?(entries.count)
        }

        /// ``StreamedAccount/reject(location:reason:raw:)``, into `data`.
        mutating func reject(
            location: String, reason: String, raw: [UInt8], decoder: borrowing DocumentDecoder,
            into data: inout SourceData
        ) {
            guard scale != nil else { return }
            data.rejects.append(
                Reject(origin: decoder.origin, path: location, reason: reason, raw: raw, rawIsText: true))
            nextIndex += 1
        }

        /// ``StreamedAccount/fail(_:)``, in `data`.
        mutating func fail(_ reason: String, decoder: borrowing DocumentDecoder, in data: inout SourceData) {
            drop(failure: "\(decoder.origin): \(reason)", in: &data)
        }

        private mutating func drop(failure message: String, in data: inout SourceData) {
            guard scale != nil else { return }
            scale = nil
            data.truncate(to: start)
            data.failures.append(message)
        }

        /// ``StreamedAccount/state(balance:)``, in `data`.
        mutating func state(
            balance text: UnsafeBufferPointer<UInt8>, decoder: borrowing DocumentDecoder, in data: inout SourceData
        ) {
            guard let scale else { return }
            do {
                let (money, negative) = try Money.parse(decimalText: text, scale: scale)
                data.accounts[start.accounts].balance = Money(
                    minorUnits: negative ? -money.minorUnits : money.minorUnits, scale: scale)
            } catch {
                let shown = String(decoding: text.prefix(40), as: UTF8.self)
                fail("end_account_with_balance: balance \"\(shown)\": \(error)", decoder: decoder, in: &data)
            }
        }
    }
}
