import Foundation
import SignetTestSupport
import Testing

/// A PDF over 100 MB: ten-digit ByteRange numbers, and memory that does not grow with the file.
@Suite("CLI: signing a PDF over 100 MB")
struct LargePDFSignTests {
    let pki = TestPKI.shared

    /// Peak resident memory (KB) of `signet arguments`, measured by GNU time.
    func peakKB(_ arguments: [String]) throws -> (ProcessResult, Int) {
        let result = try ProcessRunner.run("/usr/bin/time", ["-f", "peak %M", ProcessRunner.signet] + arguments)
        let line = result.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") } ?? ""
        return (result, Int(line.dropFirst(5)) ?? -1)
    }

    @Test(
        "105 MB: valid for signet verify and pdfsig, peak memory within 8 MB of a 1 KB file's",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time")))
    func largeFile() throws {
        let dir = TemporaryDirectory()
        let small = try TestPDF.write(to: dir.path("small.pdf"))
        let large = try TestPDF.write(to: dir.path("large.pdf"), padding: 105 << 20)
        let identity = ["--key", pki.rsaKey, "--cert", pki.rsaCert, "--chain", pki.chain]
        let (smallRun, smallKB) = try peakKB(["sign", small, "-o", dir.path("small-signed.pdf")] + identity)
        #expect(smallRun.status == 0, "\(smallRun.stderr)")
        let out = dir.path("large-signed.pdf")
        let (largeRun, largeKB) = try peakKB(["sign", large, "-o", out, "--json"] + identity)
        #expect(largeRun.status == 0, "\(largeRun.stderr)")
        #expect(largeKB - smallKB < 8 * 1024, "peak \(largeKB) KB for 105 MB vs \(smallKB) KB for a small file")
        try FileManager.default.removeItem(atPath: large)

        let json = try #require(try JSONSerialization.jsonObject(with: Data(largeRun.stdout)) as? [String: Any])
        let byteRange = try #require((json["signature"] as? [String: Any])?["byte_range"] as? [Int])
        #expect(byteRange[1] > 100_000_000 && byteRange[2] > 100_000_000)
        let verified = try ProcessRunner.signet(["verify", out, "--ca", pki.rootCert])
        #expect(verified.status == 0, "\(verified.stdoutText)")
        let pdfsig = try SignatureCheckers.pdfsig(out)
        #expect(pdfsig.first?.validation == "Signature is Valid." && pdfsig.first?.totalDocumentSigned == true)
    }
}
