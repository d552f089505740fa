import StatementText

/// A file's text as UTF-8, and how it got there.
///
/// UTF-8 files are used in place (the bytes as read, after any BOM), so a large file costs no
/// second copy; any other encoding is transcoded once, into `owner`.
struct DecodedText {
    /// The UTF-8 text every later stage reads.
    var text: CSVBytes
    var encoding: TextEncoding
    /// True when the encoding was guessed (windows-1252 for text that is not UTF-8).
    var guessed: Bool
    /// Why the text could not be read whole, naming the byte offset; nil when it could.
    var problem: String?
    /// The lines (1-based) read as windows-1252 in a file that is otherwise UTF-8 with letters
    /// beyond ASCII: nil unless the file mixes them.
    var windows1252Lines: [Int]? = nil
    /// The buffer `text` is in when it is the reading's own; nil for the caller's bytes.
    var owner: CSVBuffer? = nil
}
