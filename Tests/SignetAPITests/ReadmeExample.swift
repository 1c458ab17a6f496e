// The Swift API example of the README, verbatim: everything between the markers is copied into
// README.md, and `ReadmeExampleTests` runs it. It uses only `import Signet` (Foundation for Date).
// README-EXAMPLE-BEGIN
import Foundation
import Signet

/// Strokes → a PNG of at most 30 kB → stamped on the last page of a contract → signed → verified.
func signContract(in folder: String, p12Password: String) throws -> Bool {
    let drawing = try StrokeFile.read(path: folder + "/signature.json")
    let stamp = try SignetAPI.render(drawing, budget: BudgetOptions(maxBytes: 30_000, format: .png))
    print("stamp: \(stamp.result.width)×\(stamp.result.height) px, \(stamp.result.bytes.count) bytes")

    let placement = StampPlacement(at: Point(x: 72, y: 480), width: 180)  // points, from the top-left
    try SignetAPI.stamp(
        pdfAt: folder + "/contract.pdf", with: .image(stamp.result.bytes, name: "stamp"),
        options: StampOptions(pages: .last, placement: placement), to: folder + "/stamped.pdf")

    let identity = try SigningIdentity.pkcs12(path: folder + "/me.p12", password: Secret(p12Password))
    let signed = try SignetAPI.sign(
        pdfAt: folder + "/stamped.pdf", to: folder + "/signed.pdf", identity: identity,
        options: PDFSignOptions(signingTime: Date(), reason: "Approved"))
    print("signed: \(signed.bytesAdded) bytes added, field \(signed.field)")

    // Integrity and changes only; pass `anchors:` to also require a trusted signer.
    let report = try SignetAPI.verify(
        pdfAt: folder + "/signed.pdf", options: VerifyOptions(now: Date(), requireTrust: false))
    return report.valid
}

/// Many jobs at once: every value is Sendable, every job function is reentrant.
func renderAll(_ inputs: [String]) async throws -> [RenderedFile] {
    try await withThrowingTaskGroup(of: RenderedFile.self) { group in
        for input in inputs {
            group.addTask { try SignetAPI.render(strokesAt: input, to: input + ".png") }
        }
        return try await group.reduce(into: []) { $0.append($1) }
    }
}
// README-EXAMPLE-END
