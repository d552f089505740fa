/// Entries and rejects of consecutive records, with the bytes their ranges point into.
public struct QIFBatch: Sendable {
    public var bytes: [UInt8] = []
    public var entries: [QIFEntry] = []
    public var rejects: [QIFReject] = []

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
        rejects.removeAll(keepingCapacity: true)
    }

    @discardableResult
    mutating func append(_ text: some Collection<UInt8>) -> Range<Int> {
        let start = bytes.count
        bytes.append(contentsOf: text)
        return start..<bytes.count
    }
}
