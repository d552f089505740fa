/// The kinds of node the walk through a file cares about, from libxml2's reader. Names are
/// ``OFXNames`` numbers; a text's bytes are lent by ``OFXXMLReader/withText(_:)`` until the
/// reader moves on.
enum OFXNode {
    case start(name: OFXNames.ID, isEmpty: Bool)
    case text
    case end(name: OFXNames.ID)
    /// Whitespace, comments, processing instructions.
    case other
}
