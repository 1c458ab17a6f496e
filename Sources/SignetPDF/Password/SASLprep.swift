import CIDN
import Glibc
import SignetFiles

/// The SASLprep profile of stringprep (RFC 4013), which PDF 2.0 applies to AES-256 (R6)
/// passwords before UTF-8 encoding them. qpdf does not do it (it compares bytes), so a password
/// typed in a different Unicode form than the one used to encrypt would not open the file.
///
/// The profile itself (mapping tables B.1 and C.1.2, NFKC, the prohibited-output tables and the
/// bidirectional check) is GNU libidn's: this file is the one place Signet calls libidn.
/// Unassigned code points are allowed, as RFC 4013 says for queries (a password being checked).
package enum SASLprep {
    /// The password cannot pass SASLprep; `reason` is libidn's account of why.
    package struct Prohibited: Error, Hashable, Sendable {
        package var reason: String
        package var description: String { "SASLprep (RFC 4013) refuses it: \(reason)" }
    }

    /// The UTF-8 bytes of `password` after SASLprep, as a `Secret`. The password goes to libidn as the
    /// C string `Secret` holds, and libidn's copy of the result is copied straight into the `Secret`
    /// and wiped before it is freed: no array or `String` of it is made.
    package static func prepare(_ password: Secret) throws(Prohibited) -> Secret {
        var output: UnsafeMutablePointer<CChar>?
        let rc = password.withCString { text, _ in
            stringprep_profile(text, &output, "SASLprep", Stringprep_profile_flags(rawValue: 0))
        }
        defer {
            if let output { explicit_bzero(output, strlen(output)) }
            free(output)
        }
        guard rc == Int32(STRINGPREP_OK.rawValue), let output else {
            let reason =
                stringprep_strerror(Stringprep_rc(rawValue: UInt32(bitPattern: rc))).map { String(cString: $0) }
                ?? "code \(rc)"
            throw Prohibited(reason: reason.lowercased())
        }
        return Secret(copying: UnsafeRawBufferPointer(start: output, count: strlen(output)))
    }
}
