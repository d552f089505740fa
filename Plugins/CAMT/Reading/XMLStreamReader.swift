import CLibXML2
import Glibc

/// libxml2's `xmlTextReader` over bytes in memory: one node at a time, never a tree, so a file
/// of any size is read in the memory of its largest element.
final class XMLStreamReader {
    enum Step { case node, end, failed }

    private let reader: xmlTextReaderPtr
    private let errors = ErrorLog()
    private let feed: MemoryFeed
    /// Mapped pages before this offset have been handed back to the kernel.
    private var released = 0
    private let releasesPages: Bool

    /// - Parameters:
    ///   - releasesPages: the bytes are a file mapping; give back the pages the parser has passed,
    ///     so a 100 MB file does not stay resident while it is read.
    init?(bytes: UnsafeRawBufferPointer, url: String, releasesPages: Bool) {
        guard bytes.count > 0 else { return nil }
        // Fed in pieces rather than as one memory buffer: libxml2 2.9 refuses a lookahead past
        // 10 MB ("Huge input lookup") without XML_PARSE_HUGE, which would lift its other limits too.
        let feed = MemoryFeed(bytes)
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NOBLANKS.rawValue
        guard
            let reader = xmlReaderForIO(
                { context, buffer, length in
                    guard let context, let buffer else { return -1 }
                    return Unmanaged<MemoryFeed>.fromOpaque(context).takeUnretainedValue().read(buffer, Int(length))
                }, nil, Unmanaged.passUnretained(feed).toOpaque(), url, nil, Int32(options))
        else { return nil }
        self.reader = reader
        self.feed = feed
        self.releasesPages = releasesPages
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
    var localName: UnsafePointer<UInt8>? { xmlTextReaderConstLocalName(reader) }
    var namespaceURI: UnsafePointer<UInt8>? { xmlTextReaderConstNamespaceUri(reader) }
    var value: UnsafePointer<UInt8>? { xmlTextReaderConstValue(reader) }

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

    /// Hands back the mapped pages more than a mebibyte behind the parser (clean file pages:
    /// read again from the file should a reject's text need them).
    func releaseConsumedPages() {
        guard releasesPages, let base = feed.bytes.baseAddress else { return }
        let consumed = feed.offset
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let upTo = (consumed - (1 << 20)) / page * page
        guard upTo > released + (8 << 20) else { return }
        madvise(UnsafeMutableRawPointer(mutating: base + released), upTo - released, MADV_DONTNEED)
        released = upTo
    }
}

/// Hands libxml2 the bytes a piece at a time, as it asks for them.
private final class MemoryFeed {
    let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    func read(_ buffer: UnsafeMutablePointer<CChar>, _ length: Int) -> Int32 {
        let count = min(length, bytes.count - offset)
        guard count > 0, let base = bytes.baseAddress else { return 0 }
        UnsafeMutableRawPointer(buffer).copyMemory(from: base + offset, byteCount: count)
        offset += count
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
