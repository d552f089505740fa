import Foundation
import Synchronization

/// A record's text field that a condition reads.
public enum TextField: String, CaseIterable, Sendable {
    case vendor, memo, id, account, source, currency, status
}

/// One test of a rule's `match`; a rule applies when all of its conditions hold.
enum Condition: Sendable {
    /// `vendor = "tesco"` (or a list, any of them): the field contains the text, ignoring case.
    case contains(TextField, [String])
    /// `vendor_regex = '^AMZN'`: the field matches, case-insensitive unless the pattern says
    /// `(?-i)`. Its captures fill `$1`… in the rule's actions.
    case regex(TextField, RulePattern)
    /// `status = "pending"`: exactly.
    case status(pending: Bool)
    /// `transfer = true`: the record is half of a transfer the run linked (`false`: it is not).
    case transfer(Bool)
    /// `amount = "< 0"`, `"-4.50"`, `"10..50"`.
    case amount(AmountTest)
    /// `day = [1, 15]`, `weekday = "sat"`: the record's calendar day passes; never without a date.
    case day(DayTest)
    /// `any = [{…}, {…}]`: at least one group holds.
    case any([Match])
    /// `not = {…}`: the group does not hold.
    case not(Match)

    /// Whether it holds; a regex that matched puts its captures in `captures` when none are there yet.
    ///
    /// Inlined into ``Match/holds(for:)``: called, each condition was first copied (its texts and
    /// groups retained and released), a third of a run's time testing the steps of a record.
    @inline(__always)
    func holds(for record: RuleRecord, captures: inout [String?]?) -> Bool {
        switch self {
        case let .contains(field, needles):
            guard let text = record.text(field) else { return false }
            return Self.text(text, containsAnyOf: needles, lowered: field == .vendor ? record.loweredVendor : nil)
        case let .regex(field, pattern):
            guard let text = record.text(field), let found = pattern.captures(in: text) else { return false }
            if captures == nil { captures = found }
            return true
        case let .status(pending): return record.isPending == pending
        case let .transfer(linked): return record.isTransfer == linked
        case let .amount(test): return test.holds(amountMinor: record.amountMinor, scale: record.scale)
        case let .day(test): return record.date.map(test.holds(date:)) ?? false
        case let .any(groups):
            return groups.withUnsafeBufferPointer { groups in groups.indices.contains { groups[$0].holds(for: record) }
            }
        case let .not(group):
            return !group.holds(for: record)
        }
    }
}

extension Condition {
    /// Whether `text` contains one of `needles` (lower case), ignoring case.
    ///
    /// Printable ASCII against printable ASCII is compared on bytes, a letter's case folded:
    /// it is what Foundation's search finds there (no case or canonical equivalence reaches
    /// past ASCII letters, no character cluster joins two of them), at a few nanoseconds instead
    /// of a microsecond and a lowered copy. Anything else goes to Foundation, as before, with
    /// `lowered` (`text` lowered) when the caller has it.
    /// `text` with its case folded as Unicode folds it (`ς` and `Σ` are `σ`, `ß` is `ss`, `ﬁ` is
    /// `fi`): `vendor = "σίσυφος"` matches `ΣΊΣΥΦΟΣ`, as `vendor_regex` does. Lower case alone
    /// kept the final sigma apart.
    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive], locale: nil)
    }

    static func text(_ text: String, containsAnyOf needles: [String], lowered: String? = nil) -> Bool {
        let isASCII = text.isPrintableASCII
        var lowered = lowered
        for needle in needles {
            if isASCII, needle.isPrintableASCII {
                if asciiText(text, contains: needle) { return true }
                continue
            }
            if lowered == nil { lowered = folded(text) }
            if lowered!.contains(needle) { return true }
        }
        return false
    }

    private static func asciiText(_ text: String, contains needle: String) -> Bool {
        search(text.utf8.span, needle.utf8.span)
    }

    /// A naive search, `needle` in lower case: a vendor or memo is tens of bytes.
    private static func search(_ haystack: Span<UInt8>, _ needle: Span<UInt8>) -> Bool {
        guard needle.count <= haystack.count else { return false }
        guard !needle.isEmpty else { return true }
        let first = needle[0]
        search: for start in 0...(haystack.count - needle.count) where haystack[start].asciiLowered == first {
            for j in 1..<needle.count where haystack[start + j].asciiLowered != needle[j] { continue search }
            return true
        }
        return false
    }
}

extension String {
    /// Whether every byte is printable ASCII (space to `~`), read from its contiguous bytes:
    /// through `utf8`'s iterator it costs several times as much.
    var isPrintableASCII: Bool {
        utf8.withContiguousStorageIfAvailable { $0.allSatisfy(\.isPrintableASCII) }
            ?? utf8.allSatisfy(\.isPrintableASCII)
    }
}

extension UInt8 {
    fileprivate var isPrintableASCII: Bool { self >= 0x20 && self <= 0x7E }
    fileprivate var asciiLowered: UInt8 { self >= 0x41 && self <= 0x5A ? self | 0x20 : self }
}

/// All of a group's conditions (a rule's `match`, an `any` member, a `not`).
struct Match: Sendable {
    var conditions: [Condition]

    /// Whether any condition, in an `any` or a `not` too, reads the record's date: a run works
    /// the day out only then.
    var readsDate: Bool { reads { if case .day = $0 { true } else { false } } }

    /// Whether any condition, in an `any` or a `not` too, reads `field`: a run makes the text
    /// of a record's `id` (its fingerprint's, most often) only then.
    func reads(_ field: TextField) -> Bool {
        reads {
            switch $0 {
            case .contains(field, _), .regex(field, _): true
            default: false
            }
        }
    }

    /// Every regular expression in it, in its `any` and `not` groups too.
    var patterns: [RulePattern] {
        conditions.flatMap { condition -> [RulePattern] in
            switch condition {
            case let .regex(_, pattern): [pattern]
            case let .any(groups): groups.flatMap(\.patterns)
            case let .not(group): group.patterns
            default: []
            }
        }
    }

    private func reads(where test: (Condition) -> Bool) -> Bool {
        conditions.contains { condition in
            switch condition {
            case let .any(groups): return groups.contains { $0.reads(where: test) }
            case let .not(group): return group.reads(where: test)
            default: return test(condition)
            }
        }
    }

    /// Whether every condition holds.
    func holds(for record: RuleRecord) -> Bool {
        var captures: [String?]?
        // Each condition read in place: through the array's subscript each was copied, its
        // texts and groups retained and released, most of a run's time trying rules; through a
        // span's, still 40 instructions a record more.
        return conditions.withUnsafeBufferPointer { conditions in
            for j in conditions.indices where !conditions[j].holds(for: record, captures: &captures) { return false }
            return true
        }
    }

    /// The captures of its first regex (empty without one) when every condition holds; nil when
    /// one does not.
    func captures(for record: RuleRecord) -> [String?]? {
        var captures: [String?]?
        // By index: a `for condition in` would copy each condition, a retain and release of its payload.
        for j in conditions.indices where !conditions[j].holds(for: record, captures: &captures) { return nil }
        return captures ?? []
    }
}

/// A compiled regular expression (ICU syntax, through Foundation).
///
/// A match runs for at most ``progressLimit`` of ICU's progress reports: a pattern that
/// backtracks without end (`(a|aa)+$` on a long memo) would otherwise hang the run. One that
/// gives up records where (``overrun``), matches nothing from then on, and the run refuses.
///
/// `@unchecked Sendable`: an `NSRegularExpression` is immutable once made and safe to use from
/// several threads at once; ``overrun`` is a lock.
struct RulePattern: @unchecked Sendable {
    let source: String
    private let expression: NSRegularExpression
    /// The first text a match gave up on, with the place of the pattern in its rules file.
    let overrun: PatternOverrun

    /// ICU reports progress at each place in the text a match is tried from, and every 10,000
    /// steps of its matcher: past the text's length, 2,000 reports are 20 million steps, about
    /// a second on the machine this was measured on, where a usual pattern on a 4 KiB memo
    /// takes a few hundred. Steps, not seconds, so that a pattern gives up on the same text on
    /// any machine. (Counting every report as steps, a pattern with no match in a memo of 2,001
    /// characters gave up: each place tried is a report.)
    static let progressLimit = 2_000

    /// - Parameters:
    ///   - place: where the pattern is, for the message when it gives up (`bank.toml:12: rule 3: match.memo_regex`).
    init(_ source: String, place: String = "") throws {
        self.source = source
        expression = try NSRegularExpression(pattern: source, options: [.caseInsensitive])
        overrun = PatternOverrun(place: place, pattern: source)
    }

    /// Its capture groups, `$1`… in an action.
    var groups: Int { expression.numberOfCaptureGroups }

    /// The whole match and each group (nil for a group that took no part), or nil for no match.
    func captures(in text: String) -> [String?]? {
        guard !overrun.happened else { return nil }
        let range = NSRange(text.startIndex..., in: text)
        var found: NSTextCheckingResult?
        var reports = 0
        let limit = Self.progressLimit + range.length
        expression.enumerateMatches(in: text, options: [.reportProgress], range: range) { match, _, stop in
            if let match {
                found = match
                stop.pointee = true
            } else {
                reports += 1
                if reports > limit {
                    overrun.record(text)
                    stop.pointee = true
                }
            }
        }
        guard let match = found else { return nil }
        return (0..<match.numberOfRanges).map { n in
            Range(match.range(at: n), in: text).map { String(text[$0]) }
        }
    }
}

/// Where a pattern gave up (``RulePattern/progressLimit``): the run's message.
final class PatternOverrun: Sendable {
    let place: String
    let pattern: String
    private let text = Mutex<String?>(nil)
    private let flag = Atomic<Bool>(false)

    init(place: String, pattern: String) {
        self.place = place
        self.pattern = pattern
    }

    var happened: Bool { flag.load(ordering: .relaxed) }

    func record(_ text: String) {
        self.text.withLock { if $0 == nil { $0 = text } }
        flag.store(true, ordering: .relaxed)
    }

    /// The message, when the pattern gave up on a text.
    var message: String? {
        text.withLock { text in
            text.map { text in
                let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
                return "\(place): '\(pattern)' gave up after \(RulePattern.progressLimit * 10_000) steps on "
                    + "\"\(shown)\" (\(text.count) characters): a pattern that backtracks without end, "
                    + "such as a repeat inside a repeat ((a|aa)+), or .* before more repeats on a long text "
                    + "(.*lohn.*bonus: drop the leading .*, a pattern is found anywhere already); rewrite it"
            }
        }
    }
}
