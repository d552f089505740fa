import StatementText

/// Turns an OFX 1.x SGML file into well-formed XML as libxml2 pulls it, a chunk at a time.
///
/// OFX 1.x leaves end where the next tag starts (`<TRNAMT>-12.50<FITID>…`); aggregates have end
/// tags. A start tag followed by text, or one the spec names as a leaf (an empty `<FITID>`), is
/// a leaf, closed before the next tag unless that tag is its own end tag; an end tag closes
/// whatever is still open above its element. Line breaks
/// pass through one for one (the header block becomes its line breaks alone), so libxml2's
/// line numbers are the file's.
public struct SGMLNormalizer {
    private enum State {
        /// Before the first `<`: the `OFXHEADER:100` block, a BOM, blank lines.
        case header
        case text
        case tag
        case entity
    }

    /// Longer than any OFX tag: a `<` that runs on is a stray character, not a tag.
    private static let longestTag = 256
    /// Longer than any entity name: an `&` that runs on is a stray ampersand.
    private static let longestEntity = 10

    private let transcodes: Bool
    private var state = State.header
    private var tag: [UInt8] = []
    private var entity: [UInt8] = []
    /// The open elements' names, one after another; `openStarts` says where each begins.
    private var openNames: [UInt8] = []
    private var openStarts: [Int] = []
    /// Whether the last tag was a start tag and text other than blanks followed it: a leaf.
    private var leafHasText = false
    private var lastTagWasStart = false
    /// How many bytes the feeds before this one held, and the offset of the byte being stepped.
    private var fed = 0
    private var offset = 0
    /// How many end tags of each of ``transactionLists`` were written, in its order.
    private var listEnds = [Int](repeating: 0, count: transactionLists.count)

    /// A list of transactions left open that the normaliser closed: a repair of the file, which
    /// a note names (``OFXDocument`` says it when the parser reaches the list's end).
    public struct ClosedList: Equatable, Sendable {
        /// `BANKTRANLIST`, `INVTRANLIST`.
        public var list: String
        /// Which of the list's end tags this is (1 for the first): the parser sees them in order.
        public var ordinal: Int
        /// The elements open inside the list, closed with it, outermost first.
        public var inside: [String]
        /// The element it was closed before (`LEDGERBAL`, `INVPOSLIST`).
        public var before: String
        /// The offset in the bytes fed of the `>` that ends `before`'s start tag.
        public var offset: Int
    }
    /// Every list closed so far, in the file's order.
    public private(set) var closedLists: [ClosedList] = []

    /// - Parameter transcodesWindows1252: read bytes at or above 0x80 as windows-1252 (the
    ///   header's `CHARSET:1252`) instead of passing them through as UTF-8.
    public init(transcodesWindows1252: Bool) {
        transcodes = transcodesWindows1252
        assert(
            Self.transactionLists.allSatisfy { $0.followers.allSatisfy { Self.mayFollowAList($0[...]) } },
            "mayFollowAList turns away a follower of a list")
    }

    // MARK: Feeding

    public mutating func feed(_ bytes: some Sequence<UInt8>, into out: inout [UInt8]) {
        let fed: Void? = bytes.withContiguousStorageIfAvailable { feed($0.span, into: &out) }
        if fed == nil { feed(Array(bytes).span, into: &out) }
    }

    /// Feeds bytes in runs: text between tags and the inside of a tag are copied whole, and
    /// only the bytes that change the state (or need transcoding) go one at a time.
    public mutating func feed(_ bytes: Span<UInt8>, into out: inout [UInt8]) {
        var index = 0
        let count = bytes.count
        while index < count {
            let start = index
            switch state {
            case .text:
                var text = false
                index = OFXText.firstIndex(in: bytes, from: start) { byte in
                    guard byte >= 0x20 || Self.isBlank(byte), byte < 0x80 || !transcodes,
                        byte != UInt8(ascii: "<"), byte != UInt8(ascii: "&")
                    else { return true }
                    if !Self.isBlank(byte) { text = true }
                    return false
                }
                if index > start {
                    SpanBytes.append(bytes, start..<index, to: &out)
                    if text { leafHasText = true }
                }
            case .tag:
                let end = min(count, start + max(Self.longestTag - tag.count, 0))
                index = OFXText.firstIndex(in: bytes, from: start, to: end) {
                    $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "<")
                }
                if index > start { SpanBytes.append(bytes, start..<index, to: &tag) }
            case .header, .entity:
                break
            }
            if index < count {
                offset = fed + index
                step(bytes[index], &out)
                index += 1
            }
        }
        fed += count
    }

    /// The end of the input: closes a leaf still open. Aggregates still open stay open, so a
    /// file cut short is an error libxml2 reports with its line.
    public mutating func finish(into out: inout [UInt8]) {
        switch state {
        case .entity: flushStrayAmpersand(&out)
        case .tag: flushStrayTag(&out)
        case .header, .text: break
        }
        state = .text
        if lastTagWasStart && leafHasText { closeLastOpen(&out) }
    }

    // MARK: Bytes

    private mutating func step(_ byte: UInt8, _ out: inout [UInt8]) {
        switch state {
        case .header:
            if byte == UInt8(ascii: "<") {
                state = .tag
                tag.removeAll(keepingCapacity: true)
            } else if byte == 0x0A {
                out.append(byte)
            }
        case .text:
            if byte == UInt8(ascii: "<") {
                state = .tag
                tag.removeAll(keepingCapacity: true)
            } else if byte == UInt8(ascii: "&") {
                state = .entity
                entity.removeAll(keepingCapacity: true)
            } else {
                if !Self.isBlank(byte) { leafHasText = true }
                appendText(byte, &out)
            }
        case .tag:
            if byte == UInt8(ascii: ">") {
                state = .text
                endOfTag(&out)
            } else if tag.count >= Self.longestTag || byte == UInt8(ascii: "<") {
                flushStrayTag(&out)
                state = .text
                step(byte, &out)
            } else {
                tag.append(byte)
            }
        case .entity:
            if byte == UInt8(ascii: ";") && Self.isEntity(entity) {
                out.append(UInt8(ascii: "&"))
                out.append(contentsOf: entity)
                out.append(byte)
                leafHasText = true
                state = .text
            } else if entity.count < Self.longestEntity && (Self.isNameByte(byte) || byte == UInt8(ascii: "#")) {
                entity.append(byte)
            } else {
                flushStrayAmpersand(&out)
                state = .text
                step(byte, &out)
            }
        }
    }

    // MARK: Tags

    private mutating func endOfTag(_ out: inout [UInt8]) {
        guard let first = tag.first else { return flushStrayTag(&out) }
        if first == UInt8(ascii: "!") || first == UInt8(ascii: "?") {
            out.append(UInt8(ascii: "<"))
            appendTextBytes(tag, &out)
            out.append(UInt8(ascii: ">"))
            return
        }
        if first == UInt8(ascii: "/") {
            let name = tag[1...].prefix { !Self.isBlank($0) }
            if let index = lastOpen(named: name) {
                while openStarts.count > index + 1 { closeLastOpen(&out) }
                openNames.removeLast(openNames.count - openStarts.removeLast())
                countListEnd(name)
            } else if OFXLeaves.contains(name) || name.contains(UInt8(ascii: ".")) {
                // The end tag of a leaf closed already (at the next tag, as SGML closes it):
                // AMEX writes one for every leaf, late (`<CODE>0<SEVERITY>INFO</SEVERITY></CODE>`).
                // It closes nothing; written, it failed the file. Only a leaf the spec names, or a
                // bank's own tag (named with a period, `AMEX.ROLE`), which txfeed does not read:
                // a stray end tag of an aggregate still fails the file.
                return
            }
            appendEndTag(name, &out)
            lastTagWasStart = false
            leafHasText = false
            return
        }
        if lastTagWasStart && (leafHasText || openIsLeaf) { closeLastOpen(&out) }
        closeTransactionList(before: tag.prefix { !Self.isBlank($0) && $0 != UInt8(ascii: "/") }, &out)
        let selfClosing = tag.last == UInt8(ascii: "/")
        if !selfClosing {
            openStarts.append(openNames.count)
            openNames.append(contentsOf: tag.prefix { !Self.isBlank($0) })
        }
        out.append(UInt8(ascii: "<"))
        appendTextBytes(tag, &out)
        out.append(UInt8(ascii: ">"))
        lastTagWasStart = !selfClosing
        leafHasText = false
    }

    /// Each list of transactions and the elements the spec puts after it in its statement, never
    /// inside it (the spec's order of `STMTRS`, `CCSTMTRS` and `INVSTMTRS`).
    private static let transactionLists: [(list: [UInt8], followers: [[UInt8]])] = [
        ("BANKTRANLIST", ["LEDGERBAL", "AVAILBAL", "BALLIST", "BANKTRANLISTP"]),
        ("INVTRANLIST", ["INVPOSLIST", "INVBAL", "INVOOLIST", "MKTGMSG", "INV401K", "INV401KBAL"]),
    ].map { (Array($0.utf8), $1.map { Array($0.utf8) }) }

    /// Whether `name` has the first letter (A, B, I, L, M) and the length (6–10, 13) of one of
    /// ``transactionLists``' followers: constants, so that almost every tag is turned away
    /// before any name is compared (each `MEMO`, whose M is MKTGMSG's, cost 3% of a large file).
    private static func mayFollowAList(_ name: ArraySlice<UInt8>) -> Bool {
        let letter = UInt32((name.first ?? 0) &- UInt8(ascii: "A"))
        let letters: UInt32 = 1 << 0 | 1 << 1 | 1 << 8 | 1 << 11 | 1 << 12
        let lengths: UInt32 = 1 << 6 | 1 << 7 | 1 << 8 | 1 << 9 | 1 << 10 | 1 << 13
        return letter < 26 && letters & (1 << letter) != 0 && name.count < 32 && lengths & (1 << name.count) != 0
    }

    /// Closes a list of transactions left open (and what is open inside it) at an element the
    /// spec puts after it: Nubank's card files have no `</BANKTRANLIST>`, and their `LEDGERBAL`
    /// was read as `BANKTRANLIST.LEDGERBAL`, its balance lost without a word; an `INVTRANLIST`
    /// left open took `INVPOSLIST` and `INVBAL` for transactions.
    private mutating func closeTransactionList(before name: ArraySlice<UInt8>, _ out: inout [UInt8]) {
        guard Self.mayFollowAList(name) else { return }
        for (which, (list, followers)) in Self.transactionLists.enumerated()
        where followers.contains(where: { $0.elementsEqual(name) }) {
            guard let index = lastOpen(named: list[...]) else { return }
            let inside = (index + 1..<openStarts.count).map { String(decoding: openName(at: $0), as: UTF8.self) }
            while openStarts.count > index { closeLastOpen(&out) }
            closedLists.append(
                ClosedList(
                    list: String(decoding: list, as: UTF8.self), ordinal: listEnds[which], inside: inside,
                    before: String(decoding: name, as: UTF8.self), offset: offset))
            return
        }
    }

    /// Whether the innermost open element is a leaf by its name (``OFXLeaves``): empty, it is
    /// still closed before the next tag, where an unknown name would read as an aggregate.
    private var openIsLeaf: Bool {
        guard let start = openStarts.last else { return false }
        return OFXLeaves.contains(openNames[start...])
    }

    /// The name of the open element at `level` (0 the outermost).
    private func openName(at level: Int) -> ArraySlice<UInt8> {
        openNames[openStarts[level]..<(level + 1 < openStarts.count ? openStarts[level + 1] : openNames.count)]
    }

    /// The index of the innermost open element called `name`.
    private func lastOpen(named name: ArraySlice<UInt8>) -> Int? {
        var end = openNames.count
        for index in openStarts.indices.reversed() {
            let start = openStarts[index]
            if openNames[start..<end].elementsEqual(name) { return index }
            end = start
        }
        return nil
    }

    /// Writes the end tag of the innermost open element and closes it; nothing when none is.
    private mutating func closeLastOpen(_ out: inout [UInt8]) {
        guard let start = openStarts.popLast() else { return }
        appendEndTag(openNames[start...], &out)
        countListEnd(openNames[start...])
        openNames.removeLast(openNames.count - start)
    }

    /// Counts an end tag written, when it is a list's: a ``ClosedList`` says which of them it is.
    private mutating func countListEnd(_ name: ArraySlice<UInt8>) {
        guard name.count == 11 || name.count == 12,
            let which = Self.transactionLists.firstIndex(where: { $0.list.elementsEqual(name) })
        else { return }
        listEnds[which] += 1
    }

    private func appendEndTag(_ name: ArraySlice<UInt8>, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "<"))
        out.append(UInt8(ascii: "/"))
        out.append(contentsOf: name)
        out.append(UInt8(ascii: ">"))
    }

    /// A `<` that starts no tag: written as `&lt;` and what followed it as text.
    private mutating func flushStrayTag(_ out: inout [UInt8]) {
        out.append(contentsOf: Array("&lt;".utf8))
        appendTextBytes(tag, &out)
        tag.removeAll(keepingCapacity: true)
        leafHasText = true
    }

    /// An `&` that starts no entity (`Tom & Co`): written as `&amp;`.
    private mutating func flushStrayAmpersand(_ out: inout [UInt8]) {
        out.append(contentsOf: Array("&amp;".utf8))
        appendTextBytes(entity, &out)
        entity.removeAll(keepingCapacity: true)
        leafHasText = true
    }

    // MARK: Text

    private func appendTextBytes(_ bytes: [UInt8], _ out: inout [UInt8]) {
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x80 }) { return out.append(contentsOf: bytes) }
        for byte in bytes { appendText(byte, &out) }
    }

    /// One byte of text: windows-1252 becomes UTF-8; control bytes XML forbids become spaces.
    private func appendText(_ byte: UInt8, _ out: inout [UInt8]) {
        if byte >= 0x80 && transcodes {
            Windows1252.appendUTF8(of: byte, to: &out)
        } else if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
            out.append(0x20)
        } else {
            out.append(byte)
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    /// `amp`, `lt`, `gt`, `quot`, `apos`, `#38`, `#x26`: the entities XML knows without a DTD.
    private static func isEntity(_ name: [UInt8]) -> Bool {
        guard let first = name.first else { return false }
        if first == UInt8(ascii: "#") {
            let digits = name.dropFirst()
            if digits.first == UInt8(ascii: "x") || digits.first == UInt8(ascii: "X") {
                let hex = digits.dropFirst()
                return !hex.isEmpty && hex.allSatisfy { isNameByte($0) && (($0 <= 0x39) || ($0 | 0x20) <= 0x66) }
            }
            return !digits.isEmpty && digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        }
        return ["amp", "lt", "gt", "quot", "apos"].contains { Array($0.utf8) == name }
    }
}
