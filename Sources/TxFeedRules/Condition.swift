import Foundation

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
    /// `amount = "< 0"`, `"-4.50"`, `"10..50"`.
    case amount(AmountTest)
    /// `day = [1, 15]`, `weekday = "sat"`: the record's calendar day passes; never without a date.
    case day(DayTest)
    /// `any = [{…}, {…}]`: at least one group holds.
    case any([Match])
    /// `not = {…}`: the group does not hold.
    case not(Match)

    /// Whether it holds; a regex that matched puts its captures in `captures` when none are there yet.
    func holds(for record: RuleRecord, captures: inout [String?]?) -> Bool {
        switch self {
        case let .contains(field, needles):
            guard let text = record.text(field) else { return false }
            let lowered = text.lowercased()
            return needles.contains { lowered.contains($0) }
        case let .regex(field, pattern):
            guard let text = record.text(field), let found = pattern.captures(in: text) else { return false }
            if captures == nil { captures = found }
            return true
        case let .status(pending): return record.isPending == pending
        case let .amount(test): return test.holds(amountMinor: record.amountMinor, scale: record.scale)
        case let .day(test): return record.date.map(test.holds(date:)) ?? false
        case let .any(groups):
            return groups.contains { $0.captures(for: record) != nil }
        case let .not(group):
            return group.captures(for: record) == nil
        }
    }
}

/// All of a group's conditions (a rule's `match`, an `any` member, a `not`).
struct Match: Sendable {
    var conditions: [Condition]

    /// Whether any condition, in an `any` or a `not` too, reads the record's date: a run works
    /// the day out only then.
    var readsDate: Bool {
        conditions.contains { condition in
            switch condition {
            case .day: return true
            case let .any(groups): return groups.contains(where: \.readsDate)
            case let .not(group): return group.readsDate
            default: return false
            }
        }
    }

    /// The captures of its first regex (empty without one) when every condition holds; nil when
    /// one does not. From `start`, the conditions before it are taken as holding (a
    /// ``VendorScreen`` tried them on the vendor), and so are not run for their captures.
    func captures(for record: RuleRecord, from start: Int = 0) -> [String?]? {
        var captures: [String?]?
        for condition in conditions[start...] where !condition.holds(for: record, captures: &captures) { return nil }
        return captures ?? []
    }
}

/// A compiled regular expression (ICU syntax, through Foundation).
///
/// `@unchecked Sendable`: an `NSRegularExpression` is immutable once made and safe to use from
/// several threads at once.
struct RulePattern: @unchecked Sendable {
    let source: String
    private let expression: NSRegularExpression

    init(_ source: String) throws {
        self.source = source
        expression = try NSRegularExpression(pattern: source, options: [.caseInsensitive])
    }

    /// Its capture groups, `$1`… in an action.
    var groups: Int { expression.numberOfCaptureGroups }

    /// The whole match and each group (nil for a group that took no part), or nil for no match.
    func captures(in text: String) -> [String?]? {
        let range = NSRange(text.startIndex..., in: text)
        guard let match = expression.firstMatch(in: text, options: [], range: range) else { return nil }
        return (0..<match.numberOfRanges).map { n in
            Range(match.range(at: n), in: text).map { String(text[$0]) }
        }
    }
}
