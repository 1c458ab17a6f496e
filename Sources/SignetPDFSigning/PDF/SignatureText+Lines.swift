import FoundationEssentials
import SignetCrypto
import SignetPDF

extension SignatureText {
    /// The usual lines of a visible signature: `name`, then "Signed: 2026-12-01 18:30 UTC" (the
    /// signing time written as `/M`, in UTC to the minute, so it reads the same in every zone),
    /// then "Reason: …" and "Location: …" when given (empty ones are left out).
    /// - Parameters:
    ///   - name: The signer's name (the certificate's common name, or one given).
    ///   - signingTime: The signing time (`PDFSignOptions.signingTime`).
    ///   - reason: Why the document is signed.
    ///   - location: Where it is signed.
    /// - Returns: The lines, top to bottom.
    public static func lines(name: String?, signingTime: Date, reason: String?, location: String?) -> [String] {
        func line(_ label: String, _ value: String?) -> String? { value.flatMap { $0.isEmpty ? nil : label + $0 } }
        return [
            line("", name), "Signed: " + timeText(signingTime), line("Reason: ", reason), line("Location: ", location),
        ]
        .compactMap { $0 }
    }

    /// "2026-12-01 18:30 UTC".
    package static func timeText(_ date: Date) -> String {
        let p = UTCTime.parts(date)
        let two = UTCTime.two
        return "\(UTCTime.four(p.year))-\(two(p.month))-\(two(p.day)) \(two(p.hour)):\(two(p.minute)) UTC"
    }
}
