import TxFeedTestSupport

/// One way of breaking a file, the same way on every run: flipped, inserted and deleted bytes,
/// cuts, doubled separators and quotes, unterminated quotes, NUL bytes, huge fields, line ends,
/// dropped and shuffled lines. Its raw value goes into the case's file name.
enum FileMutation: String, CaseIterable {
    case flip, insert, delete, cut, separators, quotes, unterminated, nul
    case hugeField = "huge-field"
    case lineEnds = "line-ends"
    case dropLines = "drop-lines"
    case shuffleLines = "shuffle-lines"

    func apply(to bytes: inout [UInt8], _ random: inout SplitMix64) {
        switch self {
        case .flip:
            for _ in 0..<(1 + random.below(8)) where !bytes.isEmpty {
                bytes[random.below(bytes.count)] ^= 1 << UInt8(random.below(8))
            }
        case .insert:
            for _ in 0..<(1 + random.below(16)) {
                bytes.insert(random.byte(), at: random.below(bytes.count + 1))
            }
        case .delete:
            guard !bytes.isEmpty else { return }
            let start = random.below(bytes.count)
            bytes.removeSubrange(start..<min(bytes.count, start + 1 + random.below(64)))
        case .cut:
            bytes.removeSubrange(random.below(bytes.count + 1)...)
        case .separators:
            for _ in 0..<(1 + random.below(4)) {
                let at = Self.offset(in: bytes, &random, after: Self.separatorBytes)
                let separator = at > 0 ? bytes[at - 1] : UInt8(ascii: ",")
                bytes.insert(contentsOf: repeatElement(separator, count: 1 + random.below(5)), at: at)
            }
        case .quotes:
            for _ in 0..<(1 + random.below(4)) {
                let at = Self.offset(in: bytes, &random, after: [Self.quote])
                bytes.insert(contentsOf: repeatElement(Self.quote, count: 1 + random.below(3)), at: at)
            }
        case .unterminated:
            // A quote opening a field that never closes: the rest of the file is one cell.
            bytes.insert(
                Self.quote, at: Self.offset(in: bytes, &random, after: Self.separatorBytes.union([Self.newline])))
        case .nul:
            for _ in 0..<(1 + random.below(4)) {
                let at = random.below(bytes.count + 1)
                bytes.insert(contentsOf: repeatElement(0, count: 1 + random.below(3)), at: at)
            }
        case .hugeField:
            let filler = [UInt8(ascii: "9"), UInt8(ascii: "x"), Self.quote, UInt8(ascii: ";")][random.below(4)]
            let at = Self.offset(in: bytes, &random, after: Self.separatorBytes)
            bytes.insert(contentsOf: repeatElement(filler, count: 200_000 + random.below(100_000)), at: at)
        case .lineEnds:
            // Old Mac CR-only ends, or every CR gone, or a lone CR in the middle of a line.
            switch random.below(3) {
            case 0: bytes = bytes.map { $0 == Self.newline ? 0x0D : $0 }
            case 1: bytes.removeAll { $0 == 0x0D }
            default: bytes.insert(0x0D, at: random.below(bytes.count + 1))
            }
        case .dropLines:
            var lines = bytes.split(separator: Self.newline, omittingEmptySubsequences: false)
            for _ in 0..<(1 + random.below(3)) where !lines.isEmpty { lines.remove(at: random.below(lines.count)) }
            bytes = Array(lines.joined(separator: [Self.newline]))
        case .shuffleLines:
            var lines = bytes.split(separator: Self.newline, omittingEmptySubsequences: false)
            for index in lines.indices.reversed() where index > 0 { lines.swapAt(index, random.below(index + 1)) }
            bytes = Array(lines.joined(separator: [Self.newline]))
        }
    }

    /// Where a mutation strikes: any offset, or one just after a given byte (a separator, a quote).
    static func offset(in bytes: [UInt8], _ random: inout SplitMix64, after wanted: Set<UInt8>? = nil) -> Int {
        guard let wanted else { return random.below(bytes.count + 1) }
        let candidates = bytes.indices.filter { wanted.contains(bytes[$0]) }
        guard !candidates.isEmpty else { return random.below(bytes.count + 1) }
        return candidates[random.below(candidates.count)] + 1
    }

    static let separatorBytes: Set<UInt8> = [
        UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t"), UInt8(ascii: "|"),
    ]
    static let quote = UInt8(ascii: "\"")
    static let newline = UInt8(ascii: "\n")
}
