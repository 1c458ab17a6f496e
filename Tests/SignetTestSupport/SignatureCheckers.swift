import Foundation

/// The independent tools that judge our signatures: poppler's pdfsig and pyHanko.
package enum SignatureCheckers {
    /// pdfsig's report, one entry per signature: the "Signature Validation:" value and whether
    /// it says "Total document signed".
    package struct PdfsigSignature: Sendable {
        package var validation: String
        package var totalDocumentSigned: Bool
    }

    package static func pdfsig(_ path: String) throws -> [PdfsigSignature] {
        let result = try ProcessRunner.run("pdfsig", [path])
        var out: [PdfsigSignature] = []
        for line in result.stdoutText.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("Signature #") { out.append(PdfsigSignature(validation: "", totalDocumentSigned: false)) }
            guard !out.isEmpty else { continue }
            if text == "- Total document signed" { out[out.count - 1].totalDocumentSigned = true }
            if text.hasPrefix("- Signature Validation:") {
                out[out.count - 1].validation = String(text.dropFirst("- Signature Validation:".count))
                    .trimmingCharacters(in: .whitespaces)
            }
        }
        return out
    }

    /// pyHanko's pretty-printed validation (`pyhanko sign validate --pretty-print`) of every
    /// signature, trusting only `trust`.
    package static func pyhanko(_ path: String, trust: String) throws -> ProcessResult {
        try ProcessRunner.run(
            "pyhanko", ["sign", "validate", "--pretty-print", "--trust", trust, "--trust-replace", path])
    }

    /// `pyhanko(_:trust:)`'s report cut per signature, in file order: the field's name and its section.
    package static func pyhankoSections(_ report: String) -> [(field: String, text: String)] {
        report.components(separatedBy: "\nField ").dropFirst().map { section in
            let header = section.prefix { $0 != "\n" }
            let field = header.split(separator: ": ", maxSplits: 1).last.map(String.init) ?? String(header)
            return (field, section)
        }
    }

    /// What pyHanko says of the changes after every signature but the last, when its default
    /// difference analysis finds nothing beyond signing and form filling (`FORM_FILLING` at most).
    package static let pyhankoFormFilling =
        "All modifications relate to signing and form filling operations, and they appear to be compatible"

    package static var hasPyhanko: Bool { ProcessRunner.hasTool("pyhanko") }
}
