/// A growable run of trivial values in plain memory: the reader's element stack and the text
/// of the leaf being read, pushed and popped on every node without a retain, a uniqueness
/// check or a copy-on-write branch. The owner frees it (``free()``) when done with it.
///
/// One of the few types that touch pointers (``CAMTText`` lists them): its elements are lent as a
/// `Span` (``withSpan(_:)``), and only libxml2's edge appends from a pointer.
struct CAMTBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    func free() { base.deallocate() }

    var last: Element? { count > 0 ? base[count - 1] : nil }

    /// The elements, lent to `body`: valid while it runs.
    func withSpan<Result>(_ body: (Span<Element>) -> Result) -> Result {
        let elements = UnsafeBufferPointer(start: base, count: count)
        return body(elements.span)
    }

    mutating func append(_ element: Element) {
        if count == capacity { grow(to: count + 1) }
        base[count] = element
        count += 1
    }

    mutating func append(_ elements: UnsafePointer<Element>, count added: Int) {
        if count + added > capacity { grow(to: count + added) }
        (base + count).update(from: elements, count: added)
        count += added
    }

    mutating func popLast() -> Element? {
        guard count > 0 else { return nil }
        count -= 1
        return base[count]
    }

    mutating func removeAll() { count = 0 }

    private mutating func grow(to needed: Int) {
        var bigger = capacity * 2
        while bigger < needed { bigger *= 2 }
        let moved = UnsafeMutablePointer<Element>.allocate(capacity: bigger)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = bigger
    }
}
