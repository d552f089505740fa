/// The report a statement plugin's `explain` gives `txfeed sniff`: a label column 14 wide
/// (the host's own `plugin` line uses the same), one finding a line, and a finding of several
/// lines indented under its label.
public struct ReportLines {
    public static let labelWidth = 14
    public private(set) var lines: [String] = []

    public init() {}

    public mutating func add(_ label: String, _ value: String) {
        lines.append(label + String(repeating: " ", count: max(Self.labelWidth - label.count, 1)) + value)
    }

    /// The first value beside the label, the others under it.
    public mutating func add(_ label: String, _ values: [String]) {
        for (index, value) in values.enumerated() {
            if index == 0 {
                add(label, value)
            } else {
                lines.append(String(repeating: " ", count: Self.labelWidth) + value)
            }
        }
    }

    /// The lines, each ended by a line break.
    public var text: String { lines.map { $0 + "\n" }.joined() }
}
