/// The kinds of node the walk through a file cares about, from libxml2's reader. Names are
/// ``OFXNames`` numbers; text is libxml2's bytes, valid until the reader moves on.
enum OFXNode {
    case start(name: OFXNames.ID, isEmpty: Bool)
    case text(UnsafeBufferPointer<UInt8>)
    case end(name: OFXNames.ID)
    /// Whitespace, comments, processing instructions.
    case other
}
