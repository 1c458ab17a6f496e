import SignetFiles

/// A PDF password as the caller gave it, and the byte strings a PDF may hold it as, in the order
/// to try them: as given (UTF-8), SASLprep-normalised (AES-256 files, revision 6, normalise it
/// as PDF 2.0 says) and Latin-1 (older revisions hold PDFDocEncoding bytes: "é" is the byte E9).
///
/// Every opener tries exactly these (qpdf in `PDFDocument`, poppler in `PreviewDocument`), so a
/// password that opens a file for one command opens it for every command. The forms are made from
/// the `Secret`'s bytes: the password never becomes a `String`.
package struct PDFPassword: Sendable, Hashable {
    /// The byte strings to try, without duplicates, as given first.
    package let candidates: [[UInt8]]
    /// Why SASLprep refused the password, when it did: the reason to give when no candidate opens
    /// the file (the password could never open an AES-256 file).
    package let prohibited: SASLprep.Prohibited?

    package init(_ password: Secret) {
        let given = password.withCString { pointer, count in
            Array(UnsafeRawBufferPointer(start: pointer, count: count))
        }
        var candidates = [given]
        var prohibited: SASLprep.Prohibited?
        do {
            let prepared = try SASLprep.prepare(password)
            if !candidates.contains(prepared) { candidates.append(prepared) }
        } catch { prohibited = error }
        if let latin1 = Self.latin1(utf8: given), !candidates.contains(latin1) { candidates.append(latin1) }
        self.candidates = candidates
        self.prohibited = prohibited
    }

    /// The Latin-1 bytes of the text `utf8` encodes, or `nil` when it is not valid UTF-8 or has a
    /// character above U+00FF.
    private static func latin1(utf8: [UInt8]) -> [UInt8]? {
        var decoder = UTF8()
        var bytes = utf8.makeIterator()
        var latin1: [UInt8] = []
        while true {
            switch decoder.decode(&bytes) {
            case .scalarValue(let scalar):
                guard scalar.value < 256 else { return nil }
                latin1.append(UInt8(scalar.value))
            case .emptyInput: return latin1
            case .error: return nil
            }
        }
    }
}
