import CLibXML2
import Glibc

/// libxml2's `xmlTextReader` over a ``CAMTByteSource``: one node at a time, never a tree, and the
/// bytes fed in pieces as libxml2 asks for them, so a file of any size is read in the memory of
/// its largest element.
///
/// libxml2's edge, with ``CAMTNameCache``: of the few types that touch pointers (``CAMTText``
/// lists them), the only ones given libxml2's. A text node is appended to the reader's
/// ``CAMTBuffer`` (``appendValue(to:)``), the root's names read as Strings.
final class XMLStreamReader {
    enum Step { case node, end, failed }

    private let reader: xmlTextReaderPtr
    private let errors = ErrorLog()
    private let feed: SourceFeed

    /// Nil when the source is empty (or fails before its first byte).
    /// - Parameter encoding: the text's encoding, over what its XML declaration says; nil to
    ///   follow the declaration (UTF-8 without one).
    init?(source: CAMTByteSource, url: String, encoding: String? = nil) {
        // Fed in pieces rather than as one memory buffer: libxml2 2.9 refuses a lookahead past
        // 10 MB ("Huge input lookup") without XML_PARSE_HUGE, which would lift its other limits too.
        let feed = SourceFeed(source)
        guard feed.prime() else { return nil }
        var options = XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NOBLANKS.rawValue
        if encoding != nil { options |= XML_PARSE_IGNORE_ENC.rawValue }
        guard
            let reader = xmlReaderForIO(
                { context, buffer, length in
                    guard let context, let buffer else { return -1 }
                    return Unmanaged<SourceFeed>.fromOpaque(context).takeUnretainedValue().read(buffer, Int(length))
                }, nil, Unmanaged.passUnretained(feed).toOpaque(), url, encoding, Int32(options))
        else { return nil }
        self.reader = reader
        self.feed = feed
        xmlTextReaderSetStructuredErrorHandler(
            reader,
            { context, error in
                guard let context, let error else { return }
                Unmanaged<ErrorLog>.fromOpaque(context).takeUnretainedValue().record(error.pointee)
            }, Unmanaged.passUnretained(errors).toOpaque())
    }

    deinit { xmlFreeTextReader(reader) }

    // MARK: Reading

    func read() -> Step {
        switch xmlTextReaderRead(reader) {
        case 1:
            return .node
        case 0:
            return errors.first == nil ? .end : .failed
        default:
            return .failed
        }
    }

    var nodeType: Int32 { xmlTextReaderNodeType(reader) }
    var isEmptyElement: Bool { xmlTextReaderIsEmptyElement(reader) == 1 }
    var localName: String? { xmlTextReaderConstLocalName(reader).map { String(cString: $0) } }
    var namespaceURI: String? { xmlTextReaderConstNamespaceUri(reader).map { String(cString: $0) } }

    /// Appends the current node's text (libxml2's UTF-8, NUL-terminated) to `text`.
    func appendValue(to text: inout CAMTBuffer<UInt8>) {
        guard let value = xmlTextReaderConstValue(reader) else { return }
        text.append(value, count: strlen(value))
    }

    /// The current element's local name and namespace URI, read from its node: what
    /// `localName` and `namespaceURI` return for an element, without the dictionary lookup
    /// libxml2 makes for the URI on every call.
    var element: (name: UnsafePointer<UInt8>?, namespace: UnsafePointer<UInt8>?) {
        guard let node = xmlTextReaderCurrentNode(reader) else { return (nil, nil) }
        return (node.pointee.name, node.pointee.ns?.pointee.href)
    }

    /// An attribute of the current element, without moving off it.
    func attribute(_ name: String) -> String? {
        guard xmlTextReaderMoveToAttribute(reader, name) == 1 else { return nil }
        defer { xmlTextReaderMoveToElement(reader) }
        return xmlTextReaderConstValue(reader).map { String(cString: $0) }
    }

    /// The line the parser has reached: for a failure, the line of the damage.
    var parserLine: Int { Int(xmlTextReaderGetParserLineNumber(reader)) }

    /// libxml2's first error, without its trailing newline.
    var firstError: String? { errors.first }

    /// Where libxml2's first error is (1-based line and column); nil when there was none.
    var firstErrorPlace: (line: Int, column: Int)? { errors.place }
}

/// Hands libxml2 the source's bytes a piece at a time, as it asks for them. The first piece is
/// read ahead, so that an empty source is known before libxml2 starts.
private final class SourceFeed {
    let source: CAMTByteSource
    private var first: [UInt8] = []
    private var firstOffset = 0

    init(_ source: CAMTByteSource) { self.source = source }

    /// Reads the first piece; false when there is none (empty, or failed).
    func prime() -> Bool {
        var piece = [UInt8](repeating: 0, count: 4096)
        let count = piece.withUnsafeMutableBytes { source.read(into: $0) } ?? 0
        first = Array(piece[0..<count])
        return count > 0
    }

    func read(_ buffer: UnsafeMutablePointer<CChar>, _ length: Int) -> Int32 {
        if firstOffset < first.count {
            let count = min(length, first.count - firstOffset)
            first.withUnsafeBytes {
                UnsafeMutableRawPointer(buffer).copyMemory(from: $0.baseAddress! + firstOffset, byteCount: count)
            }
            firstOffset += count
            return Int32(count)
        }
        guard let count = source.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: length)) else {
            return -1
        }
        return Int32(count)
    }
}

/// Where the C error callback leaves libxml2's messages.
private final class ErrorLog {
    var first: String?
    var place: (line: Int, column: Int)?

    func record(_ error: xmlError) {
        guard error.level.rawValue >= XML_ERR_ERROR.rawValue, first == nil, let message = error.message else { return }
        place = (Int(error.line), Int(error.int2))
        var text = String(cString: message)
        while text.last?.isWhitespace == true { text.removeLast() }
        first = text
    }
}
