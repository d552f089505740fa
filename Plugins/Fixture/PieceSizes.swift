import Glibc

/// When the fixture stops reading a file whole, and how much it reads at a time past that.
///
/// A file of up to ``threshold`` bytes is read whole and handed over as one text (the cheapest
/// way for the statements people have). A larger one is read ``pieceBytes`` at a time, so that
/// neither the fixture nor the host ever holds a 1.8 GB text; see docs/INPUT.md.
enum PieceSizes {
    /// 256 MiB: about 2.8 million transactions of envelope JSON. Below it, reading whole is
    /// faster (one envelope read in pieces needs a first pass over its text: the 91 MB
    /// benchmark file took 5–10% longer), and the text is well inside a 1 GiB budget.
    static let threshold = 256 << 20
    /// 16 MiB: enough per call that the host's decoding threads stay busy.
    static let pieceBytes = 16 << 20

    /// For tests only: `TXFEED_FIXTURE_PIECE_BYTES=N` reads every file over N bytes in pieces of
    /// N bytes, so that a small file exercises the cuts (documented in docs/INPUT.md).
    static var current: (threshold: Int, piece: Int) {
        if let text = getenv("TXFEED_FIXTURE_PIECE_BYTES"), let bytes = Int(String(cString: text)), bytes > 0 {
            return (bytes, bytes)
        }
        return (threshold, pieceBytes)
    }
}
