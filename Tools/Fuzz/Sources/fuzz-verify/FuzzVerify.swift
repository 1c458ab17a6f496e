import FoundationEssentials
import FuzzSupport
import Signet

/// `signet verify` on a PDF: signature fields, /ByteRange and /Contents read from the file,
/// coverage judged, revisions compared, CMS parsed and checked by OpenSSL.
@_cdecl("fuzz_verify_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzz.run(argc, argv) { data, size in
        VerifyFuzz.test(Fuzz.bytes(data, size))
        return 0
    }
}

enum VerifyFuzz {
    static let scratch = ScratchFolder("signet-fuzz-verify")
    /// A fixed time, so a run does not depend on the clock.
    static let now = Date(timeIntervalSince1970: 1_750_000_000)

    static func test(_ bytes: [UInt8]) {
        let input = scratch.write(bytes, to: "input.pdf")
        Fuzz.expect("verify", accepting: [PDFError.self, SignError.self, PDFSignError.self]) {
            let reports = try SignetAPI.verify(pdfAt: input, options: VerifyOptions(now: now, requireTrust: false))
                .signatures
            Fuzz.require(!reports.isEmpty && reports.count <= PDFVerifier.maxSignatures, "\(reports.count) reports")
            for report in reports where report.valid {
                Fuzz.require(report.problems.isEmpty && report.integrity == .ok, "valid with problems: \(report)")
            }
        }
    }
}
