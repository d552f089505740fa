/// An account of the file: the records read under one name, in file order.
struct QIFAccount: Sendable {
    var name: String
    /// The `!Type:` headers its records came under (`Bank`, `CCard`).
    var types: [String] = []
    var records: [Int] = []
}
