import SignetFiles

/// A PDF password as the caller gave it, and the byte strings a PDF may hold it as, in the order
/// to try them: as given (UTF-8), SASLprep-normalised (AES-256 files, revision 6, normalise it
/// as PDF 2.0 says) and Latin-1 (older revisions hold PDFDocEncoding bytes: "é" is the byte E9).
///
/// Every opener tries exactly these (qpdf in `PDFDocument`, poppler in `PreviewDocument`), so a
/// password that opens a file for one command opens it for every command. The forms are made from
/// the `Secret`'s bytes (the password never becomes a `String`), are `Secret`s themselves, and
/// live only inside `withForms(of:_:)`, which wipes every one of them when its body returns.
package struct PDFPassword {
    /// The byte strings to try, without duplicates, as given first.
    package let candidates: [Secret]
    /// Why SASLprep refused the password, when it did: the reason to give when no candidate opens
    /// the file (the password could never open an AES-256 file).
    package let prohibited: SASLprep.Prohibited?

    /// Calls `body` with the forms of `password`, and wipes each form when `body` returns or throws
    /// (the caller's `password` is left as it was). A form that must outlive `body` (the one a file
    /// opened with) is copied into a `Secret` of its own.
    package static func withForms<R>(of password: Secret, _ body: (PDFPassword) throws -> R) rethrows -> R {
        let forms = PDFPassword(password)
        defer {
            for candidate in forms.candidates { candidate.wipe() }
        }
        return try body(forms)
    }

    private init(_ password: Secret) {
        let given = password.withUnsafeBytes { Secret(copying: $0) }
        var candidates = [given]
        var prohibited: SASLprep.Prohibited?
        do {
            let prepared = try SASLprep.prepare(password)
            if !candidates.contains(where: { $0.hasSameBytes(as: prepared) }) { candidates.append(prepared) }
        } catch { prohibited = error }
        if let latin1 = given.withUnsafeBytes(Self.latin1(utf8:)),
            !candidates.contains(where: { $0.hasSameBytes(as: latin1) })
        {
            candidates.append(latin1)
        }
        self.candidates = candidates
        self.prohibited = prohibited
    }

    /// The Latin-1 bytes of the text `utf8` encodes, or `nil` when it is not valid UTF-8 or has a
    /// character above U+00FF. The bytes are gathered in one array sized up front (Latin-1 is
    /// never longer than UTF-8, so it never grows and leaves no copy behind) and wiped once copied.
    private static func latin1(utf8: UnsafeRawBufferPointer) -> Secret? {
        var decoder = UTF8()
        var bytes = utf8.makeIterator()
        var latin1: [UInt8] = []
        latin1.reserveCapacity(utf8.count)
        defer { latin1.wipe() }
        while true {
            switch decoder.decode(&bytes) {
            case .scalarValue(let scalar):
                guard scalar.value < 256 else { return nil }
                latin1.append(UInt8(scalar.value))
            case .emptyInput: return Secret(taking: &latin1)
            case .error: return nil
            }
        }
    }
}
