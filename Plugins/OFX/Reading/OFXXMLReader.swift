import CLibXML2
import Glibc

/// libxml2's streaming reader over an ``OFXInput``: one node at a time, the tree freed behind
/// it, so memory stays bounded whatever the file's size. Errors are collected, never printed.
///
/// The libxml2 edge: with ``OFXNames``, the only code that holds libxml2's pointers. A node's
/// text is lent as a `Span` (``withText(_:)``), which cannot outlive the node.
final class OFXXMLReader {
    /// libxml2's globals, set up once before any thread makes a reader.
    private static let initialised: Bool = {
        xmlInitParser()
        return true
    }()

    /// No network, no entity expansion (no external entities), no messages on stderr.
    private static let options = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)

    private let input: OFXInput
    /// The element names seen so far, shared with the walk.
    let names = OFXNames()
    private let reader: xmlTextReaderPtr?
    /// The first error libxml2 reported: its message, line, and the elements its parser had
    /// open (the walk may be a few nodes behind the parser).
    private(set) var error: (message: String, line: Int, open: [String])?

    /// - Parameter encoding: the body's encoding when the file's own bytes do not say it (an SGML
    ///   header's `CHARSET:ISO-8859-15`) or say it wrongly (UTF-8 under a declaration of
    ///   Latin-1); nil for UTF-8 or an XML declaration's.
    init(input: OFXInput, origin: String, encoding: String? = nil) {
        _ = Self.initialised
        self.input = input
        reader = xmlReaderForIO(
            { context, buffer, length in
                guard let context, let buffer else { return -1 }
                let input = Unmanaged<OFXInput>.fromOpaque(context).takeUnretainedValue()
                return Int32(input.read(into: buffer, capacity: Int(length)))
            }, nil, Unmanaged.passUnretained(input).toOpaque(), origin, encoding,
            // An encoding given wins over an XML declaration's (UTF-8 text declared Latin-1).
            Self.options | (encoding == nil ? 0 : Int32(XML_PARSE_IGNORE_ENC.rawValue)))
        guard let reader else { return }
        xmlTextReaderSetStructuredErrorHandler(
            reader,
            { context, error in
                guard let context, let error else { return }
                let me = Unmanaged<OFXXMLReader>.fromOpaque(context).takeUnretainedValue()
                me.record(error.pointee)
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if let reader { xmlFreeTextReader(reader) }
    }

    /// The next node; nil at the end or after an error (then ``error`` says which).
    func next() -> OFXNode? {
        guard let reader else {
            if error == nil { error = ("libxml2 could not start a reader", 1, []) }
            return nil
        }
        let status = xmlTextReaderRead(reader)
        guard status == 1 else {
            if status < 0 && error == nil { error = ("not well formed", line, []) }
            return nil
        }
        switch xmlTextReaderNodeType(reader) {
        case Int32(XML_READER_TYPE_ELEMENT.rawValue):
            return .start(name: name(reader), isEmpty: xmlTextReaderIsEmptyElement(reader) == 1)
        case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
            return .end(name: name(reader))
        case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue):
            return .text
        default:
            return .other
        }
    }

    /// The text of the node ``next()`` returned last (a ``OFXNode/text``), lent to `body`: libxml2's
    /// bytes, valid until the reader moves on.
    @inline(__always)
    func withText<Result>(_ body: (Span<UInt8>) -> Result) -> Result {
        guard let reader, let value = xmlTextReaderConstValue(reader) else {
            return body(UnsafeBufferPointer<UInt8>(start: nil, count: 0).span)
        }
        let count = strlen(UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))
        return body(UnsafeBufferPointer(start: value, count: count).span)
    }

    /// The line the parser has reached.
    var line: Int {
        guard let reader else { return 1 }
        return Int(xmlTextReaderGetParserLineNumber(reader))
    }

    /// The line of the current element's start tag (of the element an end tag closes); the
    /// parser's line when libxml2 does not know it.
    var elementLine: Int {
        guard let reader, let node = xmlTextReaderCurrentNode(reader) else { return line }
        let number = xmlGetLineNo(node)
        return number > 0 ? Int(number) : line
    }

    private func record(_ problem: xmlError) {
        guard error == nil, problem.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        let message = problem.message.map { String(cString: $0) } ?? "not well formed"
        let trimmed = message.trimmingOFXBlanks()
        error = (
            trimmed.isEmpty ? "not well formed" : trimmed, problem.line > 0 ? Int(problem.line) : line,
            Self.openElements(problem)
        )
    }

    /// The element names on the parser's stack when it raised `problem`.
    private static func openElements(_ problem: xmlError) -> [String] {
        guard problem.domain == Int32(XML_FROM_PARSER.rawValue), let context = problem.ctxt else { return [] }
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self).pointee
        guard let names = parser.nameTab else { return [] }
        return (0..<Int(max(parser.nameNr, 0))).compactMap { names[$0].map { String(cString: $0) } }
    }

    /// The current node's name as a number (an element always has one; "" otherwise).
    private func name(_ reader: xmlTextReaderPtr) -> OFXNames.ID {
        guard let name = xmlTextReaderConstName(reader) else {
            return [xmlChar(0)].withUnsafeBufferPointer { names.id($0.baseAddress!) }
        }
        return names.id(name)
    }
}
