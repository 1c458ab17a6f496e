import Foundation

/// `pdfsig`: poppler's independent verdict on a PDF's signatures.
package enum PopplerSignatures {
    /// One signature as pdfsig reports it.
    package struct Signature: Sendable, Hashable {
        package var fieldName = ""
        package var subFilter = ""
        /// `[start, end)` byte ranges the signature covers.
        package var signedRanges: [Range<Int>] = []
        /// pdfsig's "Total document signed" (false: "Not total document signed").
        package var coversWholeDocument = false
        /// The "Signature Validation:" text, e.g. "Signature is Valid.".
        package var validation = ""
        /// The "Certificate Validation:" text, e.g. "Certificate issuer isn't Trusted.".
        package var certificateValidation = ""

        /// True when the cryptographic check passed (the certificate's trust is a separate matter).
        package var isValid: Bool { validation == "Signature is Valid." }
    }

    /// The signatures of `pdf` in file order; empty when it has none.
    package static func signatures(_ pdf: String) throws -> [Signature] {
        let r = try ToolFailure.run("pdfsig", [pdf], accepted: [0, 2])
        if r.status == 2 {
            guard
                r.stdoutText.contains("does not contain any signatures")
                    || r.stderr.contains("does not contain any signatures")
            else { throw ToolFailure("pdfsig \(pdf) failed: \(r.stderr.prefix(300))") }
            return []
        }
        var all: [Signature] = []
        for raw in r.stdoutText.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("Signature #") { all.append(Signature()); continue }
            guard !all.isEmpty, line.hasPrefix("- ") else { continue }
            let item = line.dropFirst(2)
            func value(_ key: String) -> String? {
                item.hasPrefix(key + ": ") ? String(item.dropFirst(key.count + 2)) : nil
            }
            if let v = value("Signature Field Name") { all[all.count - 1].fieldName = v }
            if let v = value("Signature Type") { all[all.count - 1].subFilter = v }
            if let v = value("Signature Validation") { all[all.count - 1].validation = v }
            if let v = value("Certificate Validation") { all[all.count - 1].certificateValidation = v }
            if let v = value("Signed Ranges") { all[all.count - 1].signedRanges = ranges(v) }
            if item == "Total document signed" { all[all.count - 1].coversWholeDocument = true }
        }
        return all
    }

    /// "[0 - 59599], [64087 - 68846]" → [0..<59599, 64087..<68846].
    static func ranges(_ text: String) -> [Range<Int>] {
        text.split(separator: "[").compactMap { part in
            let numbers = part.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            return numbers.count == 2 && numbers[0] <= numbers[1] ? numbers[0]..<numbers[1] : nil
        }
    }
}
