import Foundation
import Signet
import SignetRaster
import SignetTestSupport
import Testing

/// Before signing, the renderer's reading of the input is compared with qpdf's only up to a size
/// (the comparison holds each stream in memory); a larger input is judged by the byte scans alone,
/// so signing it keeps its flat memory.
@Suite("Signing compares the readings of inputs up to 32 MiB")
struct ReadingComparisonBoundTests {
    let pki = TestPKI.shared

    /// A renderer that fails whenever it is asked, so a job that asks it is refused.
    struct Refusing: PageRenderer {
        struct Asked: Error {}
        func render(page: Int, end: Int?, region: Rect, dpi: Double, printing: Bool) throws -> Bitmap { throw Asked() }
        func readObjects(ends: [Int?]) throws -> [UInt8] { throw Asked() }
    }

    /// The error signing a one-page input of about `contentBytes` gives (nil: signed), and its size.
    func sign(
        contentBytes: Int, label: String, asking renderer: (any PageRenderer)?
    ) throws -> (error: (any Error)?, size: Int) {
        let dir = TemporaryDirectory(label)
        let padding = [UInt8](repeating: UInt8(ascii: " "), count: contentBytes)
        let input = dir.write("in.pdf", bytes: HostilePDFs.onePage(content: "", Array("q Q".utf8) + padding))
        let size = try FileManager.default.attributesOfItem(atPath: input)[.size] as? Int ?? -1
        let identity = try SigningIdentity.pem(
            keyPath: pki.rsaKey, certificatePath: pki.rsaCert, chainPath: pki.chain, password: nil)
        do {
            try SignetAPI.sign(
                pdfAt: input, to: dir.path("out.pdf"), identity: identity, options: PDFSignOptions(signingTime: Date()),
                renderer: renderer.map { asked in { _ in asked } })
            return (nil, size)
        } catch {
            return (error, size)
        }
    }

    @Test("a 1 MiB input has its readings compared: signed without a renderer, refused by a failing one")
    func smallCompared() throws {
        let plain = try sign(contentBytes: 1 << 20, label: "bound-small-plain", asking: nil)
        #expect(
            plain.error == nil,
            "the \(plain.size)-byte input cannot be signed at all: \(String(describing: plain.error))")
        let asked = try sign(contentBytes: 1 << 20, label: "bound-small", asking: Refusing())
        #expect(asked.error != nil, "a \(asked.size)-byte input was signed without asking the renderer")
    }

    @Test("a 33 MiB input is judged by the byte scans alone: signed without asking the renderer")
    func largeScannedOnly() throws {
        let result = try sign(contentBytes: 33 << 20, label: "bound-large", asking: Refusing())
        #expect(result.error == nil, "the \(result.size)-byte input: \(String(describing: result.error))")
    }
}
