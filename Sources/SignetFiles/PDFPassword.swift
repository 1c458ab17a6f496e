/// A PDF password as the caller gave it, and the byte strings a PDF may hold it as, in the order
/// to try them: as given (UTF-8), SASLprep-normalised (AES-256 files, revision 6, normalise it
/// as PDF 2.0 says) and Latin-1 (older revisions hold PDFDocEncoding bytes: "é" is the byte E9).
///
/// Every opener tries exactly these (qpdf in `PDFDocument`, poppler in `PreviewDocument`), so a
/// password that opens a file for one command opens it for every command.
package struct PDFPassword: Sendable, Hashable {
    /// The byte strings to try, without duplicates, as given first.
    package let candidates: [[UInt8]]
    /// Why SASLprep refused the password, when it did: the reason to give when no candidate opens
    /// the file (the password could never open an AES-256 file).
    package let prohibited: SASLprep.Prohibited?

    package init(_ text: String) {
        var candidates: [[UInt8]] = [Array(text.utf8)]
        var prohibited: SASLprep.Prohibited?
        do {
            let prepared = Array(try SASLprep.prepare(text).utf8)
            if !candidates.contains(prepared) { candidates.append(prepared) }
        } catch { prohibited = error }
        if text.unicodeScalars.allSatisfy({ $0.value < 256 }) {
            let latin1 = text.unicodeScalars.map { UInt8($0.value) }
            if !candidates.contains(latin1) { candidates.append(latin1) }
        }
        self.candidates = candidates
        self.prohibited = prohibited
    }
}
