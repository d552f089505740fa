import Glibc

/// Element names as ``CAMTName``s from the pointers libxml2 hands over: its reader interns every
/// name in a dictionary, so a name read again is the same pointer, found here without a String,
/// a hash or a retain.
///
/// Direct-mapped by pointer, in plain memory; a hit is checked byte for byte against the copy
/// kept with it (`strcmp`), so a pointer reused for another name cannot mislead it. Names the
/// reader does not know (`GrpHdr`, `BkTxCd`, …) are cached as ``CAMTName/other`` alike.
///
/// libxml2's edge, with ``XMLStreamReader``: one of the few types that touch pointers
/// (``CAMTText`` lists them).
final class CAMTNameCache {
    private static let size = 512
    private let pointers = UnsafeMutablePointer<UnsafePointer<UInt8>?>.allocate(capacity: size)
    private let names = UnsafeMutablePointer<CAMTName>.allocate(capacity: size)
    /// Each slot's name as a NUL-terminated copy (malloc'd), for the check.
    private let copies = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: size)
    /// The root's namespace URI, NUL-terminated (malloc'd); nil before the root. Unchecked: a
    /// cache is its reader's, used from one thread, and no access to it overlaps another.
    @exclusivity(unchecked) private var namespace: UnsafeMutablePointer<CChar>?

    init() {
        pointers.initialize(repeating: nil, count: Self.size)
        names.initialize(repeating: .other, count: Self.size)
        copies.initialize(repeating: nil, count: Self.size)
    }

    deinit {
        free(namespace)
        for slot in 0..<Self.size { free(copies[slot]) }
        pointers.deallocate()
        names.deinitialize(count: Self.size)
        names.deallocate()
        copies.deallocate()
    }

    /// Sets the file's camt namespace: the root's URI.
    func setNamespace(_ uri: String) {
        free(namespace)
        namespace = strdup(uri)
    }

    /// The name of `xml`'s current element; ``CAMTName/other`` outside the file's namespace.
    @inline(__always)
    func name(of xml: XMLStreamReader) -> CAMTName {
        let element = xml.element
        guard inNamespace(element.namespace), let pointer = element.name else { return .other }
        return name(pointer)
    }

    /// Whether an element whose namespace URI is `uri` is in the file's camt namespace.
    @inline(__always)
    private func inNamespace(_ uri: UnsafePointer<UInt8>?) -> Bool {
        guard let namespace else { return uri == nil }
        guard let uri else { return false }
        return strcmp(namespace, UnsafeRawPointer(uri).assumingMemoryBound(to: CChar.self)) == 0
    }

    /// The name at `pointer` (NUL-terminated UTF-8).
    @inline(__always)
    private func name(_ pointer: UnsafePointer<UInt8>) -> CAMTName {
        // Names lie a few bytes apart in libxml2's dictionary: every bit of the pointer counts.
        let slot = Int(truncatingIfNeeded: (UInt(bitPattern: Int(bitPattern: pointer)) &* 0x9E37_79B9_7F4A_7C15) >> 55)
        if pointers[slot] == pointer, let copy = copies[slot],
            strcmp(copy, UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self)) == 0
        {
            return names[slot]
        }
        return miss(pointer, slot: slot)
    }

    private func miss(_ pointer: UnsafePointer<UInt8>, slot: Int) -> CAMTName {
        let name = CAMTName.byText[String(cString: pointer)] ?? .other
        free(copies[slot])
        copies[slot] = strdup(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
        pointers[slot] = pointer
        names[slot] = name
        return name
    }
}
