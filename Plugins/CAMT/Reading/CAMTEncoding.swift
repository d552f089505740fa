import StatementText

/// The encoding a camt file is read in, over what its XML declaration says: the `encoding`
/// option's when given; else UTF-8 for text declared Latin-1 or windows-1252 that is valid
/// UTF-8 beyond ASCII (banks write UTF-8 under such declarations, and read as declared
/// `Geschäftskonto` came out `GeschÃ¤ftskonto` with exit 0: another account under `--state`);
/// else the declaration's.
public enum CAMTEncoding {
    /// - Parameters:
    ///   - option: the `encoding` option's iconv name; nil without the option.
    ///   - head: the file's first bytes, where its declaration is.
    ///   - whole: every byte, asked for only when the declaration names a Western code page.
    /// - Returns: the encoding to tell libxml2 (nil: the declaration's), and a note when the
    ///   declaration is not followed.
    public static func choose(
        option: String?, head: UnsafeRawBufferPointer, whole: () -> UnsafeRawBufferPointer?
    ) -> (encoding: String?, note: String?) {
        if let option { return (option, nil) }
        guard let declared = XMLDeclaration.encoding(head), XMLDeclaration.isWestern(declared), let bytes = whole(),
            let line = UTF8Check.lineBeyondASCII(ifValid: bytes)
        else { return (nil, nil) }
        return (
            "UTF-8",
            "read as UTF-8: the <?xml?> declaration says encoding=\"\(declared)\", but the text is valid UTF-8 "
                + "(its first letter beyond ASCII on line \(line)); encoding=\(declared.lowercased()) reads it as declared"
        )
    }
}
