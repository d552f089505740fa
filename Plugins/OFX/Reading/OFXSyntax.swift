/// How an OFX file is written: OFX 1.x (and QFX) as SGML, OFX 2.x as XML.
public enum OFXSyntax: String, Sendable {
    case sgml = "SGML"
    case xml = "XML"
}
