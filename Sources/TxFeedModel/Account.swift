/// The account an envelope describes, as the feed shows it.
///
/// Its texts lie back to back in one buffer, not in seven `String`s: a million accounts of one
/// record each (a plugin's small documents) held 152 bytes of fields and two heap strings
/// apiece, a third of such a run's memory, and each string was made and checked again after
/// the decoder had checked its bytes. Read a text as a `String` (``name``) where it is read
/// once; ``withBytes(of:_:)`` reads it in place.
public struct Account: Sendable {
    /// The account's texts, each in its place of ``Text``.
    public enum Text: Int, CaseIterable, Sendable {
        case name, id, currency, profileID, firstName, lastName, origin

        /// How many: an account is given every one.
        static let count = 7
    }

    /// The texts in ``Text`` order; text `t` ends at `ends[t]` and starts where the one before
    /// it ends.
    @usableFromInline var texts: [UInt8]
    @usableFromInline var ends: SIMD8<UInt32>
    private var balanceMinor: Int64
    private var sourceIndex: UInt32
    /// Bit `t` set: text `t` was given (nil otherwise, which reads as empty bytes).
    @usableFromInline var present: UInt8
    private var profilePresent: Bool
    private var decimals: UInt8
    /// The balance's decimals; `.max` when the source gave no balance.
    private var balanceDecimals: UInt8

    public init(
        name: String, id: String? = nil, balance: Money?, currency: String?, profile: Profile?, source: Int,
        origin: String,
        scale: Int
    ) {
        let strings: [String?] = [name, id, currency, profile?.id, profile?.firstName, profile?.lastName, origin]
        var texts = Texts(capacity: strings.reduce(0) { $0 + ($1?.utf8.count ?? 0) })
        for string in strings { texts.append(string) }
        self.init(texts, balance: balance, profile: profile != nil, source: source, scale: scale)
    }

    /// An account from texts its caller has put together in ``Text`` order (a decoder, from the
    /// bytes it read, without a `String` of each).
    public init(_ texts: Texts, balance: Money?, profile: Bool, source: Int, scale: Int) {
        precondition(texts.next == Text.count, "an account's texts are given all seven, in order")
        self.texts = texts.bytes
        ends = texts.ends
        present = texts.present
        profilePresent = profile
        balanceMinor = balance?.minorUnits ?? 0
        balanceDecimals = balance.map { UInt8($0.scale) } ?? .max
        sourceIndex = UInt32(source)
        decimals = UInt8(scale)
    }

    /// An account's texts as they are appended, each given or nil, in ``Text`` order.
    public struct Texts {
        var bytes: [UInt8] = []
        var ends = SIMD8<UInt32>()
        var present: UInt8 = 0
        var next = 0

        /// - Parameters:
        ///   - capacity: the texts' bytes together, so that they are stored in one allocation.
        public init(capacity: Int) {
            bytes.reserveCapacity(capacity)
        }

        /// All seven texts at once, in ``Text`` order, each given or nil: put together on the
        /// stack and copied into the array as it is made. (Seven appends to a reserved array cost
        /// about 1,100 instructions, this about 400: a tenth of what a plugin host child spent on
        /// an account of one record.)
        public init(
            name: UnsafeBufferPointer<UInt8>?, id: UnsafeBufferPointer<UInt8>?,
            currency: UnsafeBufferPointer<UInt8>?, profileID: UnsafeBufferPointer<UInt8>?,
            firstName: UnsafeBufferPointer<UInt8>?, lastName: UnsafeBufferPointer<UInt8>?,
            origin: UnsafeBufferPointer<UInt8>?
        ) {
            var total = 0
            func place(_ text: UnsafeBufferPointer<UInt8>?, _ t: Int) {
                if let text {
                    total += text.count
                    present |= 1 << t
                }
                ends[t] = UInt32(total)
            }
            place(name, 0)
            place(id, 1)
            place(currency, 2)
            place(profileID, 3)
            place(firstName, 4)
            place(lastName, 5)
            place(origin, 6)
            bytes = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: total) { room in
                var at = 0
                func copy(_ text: UnsafeBufferPointer<UInt8>?) {
                    guard let text, !text.isEmpty else { return }
                    (room.baseAddress! + at).initialize(from: text.baseAddress!, count: text.count)
                    at += text.count
                }
                copy(name)
                copy(id)
                copy(currency)
                copy(profileID)
                copy(firstName)
                copy(lastName)
                copy(origin)
                return Array(UnsafeBufferPointer(rebasing: room[..<total]))
            }
            next = Text.count
        }

        /// Whether each text is UTF-8 on its own (``Account/eachIsValidUTF8(_:ends:)``): one check
        /// of an account's few dozen bytes, not one call a text.
        public var eachIsValidUTF8: Bool {
            bytes.withUnsafeBufferPointer { Account.eachIsValidUTF8($0, ends: ends) }
        }

        /// Appends the next text's bytes, valid UTF-8 (as a decoder's are); nil when not given.
        public mutating func append(_ text: UnsafeBufferPointer<UInt8>?) {
            precondition(next < Text.count, "an account has seven texts")
            if let text {
                bytes.append(contentsOf: text)
                present |= 1 << next
            }
            ends[next] = UInt32(bytes.count)
            next += 1
        }

        public mutating func append(_ text: String?) {
            guard let text else { return append(nil as UnsafeBufferPointer<UInt8>?) }
            text.withUTF8Bytes { append($0) }
        }
    }

    /// `body` on the bytes of `text` where they lie (empty when it was not given).
    @inlinable @inline(__always)
    public func withBytes<R>(of text: Text, _ body: (Span<UInt8>) -> R) -> R {
        body(texts.span.extracting(range(of: text)))
    }

    /// How many bytes `text` has (0 when it was not given).
    @inlinable
    public func byteCount(of text: Text) -> Int { range(of: text).count }

    /// Whether the source gave `text` (an empty text given is given).
    @inlinable @inline(__always)
    public func has(_ text: Text) -> Bool { present & 1 << text.rawValue != 0 }

    /// Whether the source said who holds the account (``profile`` is not nil).
    public var hasProfile: Bool { profilePresent }

    // MARK: The fields, as Strings

    public var name: String {
        get { string(.name) ?? "" }
        set { replace(.name, with: newValue) }
    }

    /// The bank's id for the account (an IBAN or account number), when the source gave one.
    public var id: String? {
        get { string(.id) }
        set { replace(.id, with: newValue) }
    }

    /// ISO 4217 code, or nil when the source gave none (two decimals are assumed).
    public var currency: String? {
        get { string(.currency) }
        set { replace(.currency, with: newValue) }
    }

    /// The account holder, when the source says who it is.
    public var profile: Profile? {
        get {
            guard profilePresent else { return nil }
            return Profile(id: string(.profileID), firstName: string(.firstName), lastName: string(.lastName))
        }
        set {
            profilePresent = newValue != nil
            replace(.profileID, with: newValue?.id)
            replace(.firstName, with: newValue?.firstName)
            replace(.lastName, with: newValue?.lastName)
        }
    }

    /// Where it came from (file name or URL), for messages.
    public var origin: String {
        get { string(.origin) ?? "" }
        set { replace(.origin, with: newValue) }
    }

    /// The balance in the account currency's minor units, when the source gave one.
    public var balance: Money? {
        get { balanceDecimals == .max ? nil : Money(minorUnits: balanceMinor, scale: Int(balanceDecimals)) }
        set {
            balanceMinor = newValue?.minorUnits ?? 0
            balanceDecimals = newValue.map { UInt8($0.scale) } ?? .max
        }
    }

    /// Index of the source (in run order) that delivered it.
    public var source: Int {
        get { Int(sourceIndex) }
        set { sourceIndex = UInt32(newValue) }
    }

    /// Decimals of this account's money.
    public var scale: Int {
        get { Int(decimals) }
        set { decimals = UInt8(newValue) }
    }

    // MARK: As plain memory

    /// Everything of an account but its texts' bytes, as plain memory: the isolation wire carries
    /// an account as this and its texts, one copy each, where a field at a time was a dozen
    /// appends and a sixth of a child's work for a million accounts of one record.
    public struct Packed: BitwiseCopyable {
        var ends: SIMD8<UInt32>
        var balanceMinor: Int64
        var sourceIndex: UInt32
        var present: UInt8
        var profilePresent: UInt8
        var decimals: UInt8
        var balanceDecimals: UInt8
    }

    /// How many bytes the account's texts take together: what ``withPacked(_:)`` lends.
    public var packedTextsCount: Int { texts.count }

    /// `body` on the account's ``Packed`` fields and its texts where they lie.
    public func withPacked<R>(_ body: (Packed, UnsafeBufferPointer<UInt8>) -> R) -> R {
        let packed = Packed(
            ends: ends, balanceMinor: balanceMinor, sourceIndex: sourceIndex, present: present,
            profilePresent: profilePresent ? 1 : 0, decimals: decimals, balanceDecimals: balanceDecimals)
        return withTexts { body(packed, $0) }
    }

    /// The account ``withPacked(_:)`` gave, from bytes that may be garbled: nil unless every
    /// field is one an account can have and each text is UTF-8 on its own.
    public init?(packed: Packed, texts: UnsafeBufferPointer<UInt8>) {
        let ends = packed.ends
        var start: UInt32 = 0
        for t in 0..<Text.count {
            guard ends[t] >= start, packed.present & 1 << t != 0 || ends[t] == start else { return nil }
            start = ends[t]
        }
        guard Int(start) == texts.count, ends[7] == 0, packed.present >> Text.count == 0,
            packed.profilePresent <= 1, packed.decimals <= Money.maximumScale,
            packed.balanceDecimals <= Money.maximumScale || packed.balanceDecimals == .max,
            Self.eachIsValidUTF8(texts, ends: ends)
        else { return nil }
        self.texts = Array(texts)
        self.ends = ends
        present = packed.present
        profilePresent = packed.profilePresent == 1
        balanceMinor = packed.balanceMinor
        balanceDecimals = packed.balanceDecimals
        sourceIndex = packed.sourceIndex
        decimals = packed.decimals
    }

    /// Whether each of the texts lying back to back in `bytes` (text `t` ending at `ends[t]`, the
    /// ends in order and within `bytes`) is UTF-8 on its own: all of them together are, and none
    /// begins with a continuation byte, which would finish a character the text before it began.
    static func eachIsValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>, ends: SIMD8<UInt32>) -> Bool {
        for t in 0..<(Text.count - 1) where Int(ends[t]) < bytes.count && bytes[Int(ends[t])] & 0xC0 == 0x80 {
            return false
        }
        return JSONString.isValidUTF8(bytes)
    }

    // MARK: Storage

    @inlinable @inline(__always)
    func range(of text: Text) -> Range<Int> {
        (text == .name ? 0 : Int(ends[text.rawValue - 1]))..<Int(ends[text.rawValue])
    }

    @inlinable
    func withTexts<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        texts.withUnsafeBufferPointer(body)
    }

    private func string(_ text: Text) -> String? {
        guard has(text) else { return nil }
        return String(decoding: texts[range(of: text)], as: UTF8.self)
    }

    /// Puts `value` in `text`'s place, the texts after it moved along.
    private mutating func replace(_ text: Text, with value: String?) {
        let range = range(of: text)
        let new = value.map { Array($0.utf8) } ?? []
        texts.replaceSubrange(range, with: new)
        let shift = Int64(new.count) - Int64(range.count)
        for t in text.rawValue..<Text.count { ends[t] = UInt32(Int64(ends[t]) + shift) }
        if value != nil { present |= 1 << text.rawValue } else { present &= ~(1 << text.rawValue) }
    }
}

/// The account holder, when the source says who it is.
public struct Profile: Sendable, Equatable {
    public var id: String?
    public var firstName: String?
    public var lastName: String?

    public init(id: String?, firstName: String?, lastName: String?) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
    }
}
