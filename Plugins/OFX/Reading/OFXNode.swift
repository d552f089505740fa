/// The kinds of node the walk through a file cares about, from libxml2's reader.
enum OFXNode {
    case start(name: String, isEmpty: Bool)
    case text(String)
    case end(name: String)
    /// Whitespace, comments, processing instructions.
    case other
}
