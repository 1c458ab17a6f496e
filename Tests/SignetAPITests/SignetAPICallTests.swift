import Foundation
import Signet
import SignetTestSupport
import Testing

/// The one-call API on values in memory and on files: the same results both ways, typed
/// errors, nothing left behind, and jobs running concurrently.
@Suite("SignetAPI: in memory and on files")
struct SignetAPICallTests {
    let pki = TestPKI.shared
    /// A signing time an hour from now (inside the test certificates' validity, and not what the
    /// clock says while signing), in whole seconds as CMS records it.
    static let now = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 3600).rounded(.down))
    /// Integrity and changes only: these tests check the jobs, not the trust anchors.
    static let integrityOnly = VerifyOptions(now: now, requireTrust: false)

    func drawing() throws -> Drawing {
        try StrokeReader.read(Array(ReadmeExampleTests.signature.utf8), name: "sig.json")
    }

    func identity() throws -> SigningIdentity {
        try SigningIdentity.pem(keyPath: pki.rsaKey, certificatePath: pki.rsaCert, chainPath: pki.chain, password: nil)
    }

    @Test("render: in memory and file to file give the same bytes; the file job names its input in errors")
    func render() throws {
        let dir = TemporaryDirectory("job-render")
        let input = dir.write("sig.json", ReadmeExampleTests.signature)
        for type in RenderOutputType.allCases {
            let memory = try SignetAPI.render(try drawing(), as: type)
            let output = dir.path("sig.\(type.rawValue)")
            let file = try SignetAPI.render(strokesAt: input, to: output)
            #expect(file.type == type && file.bytes == memory.bytes)
            #expect(byteDifference(try Array(Data(contentsOf: URL(fileURLWithPath: output))), memory.bytes) == nil)
            #expect(file.strokes == 2 && file.points == 9)
        }
        let empty = dir.write("empty.json", #"{"format":"signet-strokes","version":1,"strokes":[]}"#)
        #expect(throws: StrokeReadError.self) { try SignetAPI.render(strokesAt: empty, to: dir.path("e.png")) }
        do {
            _ = try SignetAPI.render(Drawing(strokes: []), as: .png)
            Issue.record("an empty drawing rendered")
        } catch let error as RenderError {
            #expect(error.kind == .badInput && error.message.hasPrefix("no ink: "))
        }
        #expect(throws: RenderError.self) { try SignetAPI.render(strokesAt: input, to: dir.path("sig.gif")) }
        #expect(
            !FileManager.default.fileExists(atPath: dir.path("e.png"))
                && !FileManager.default.fileExists(atPath: dir.path("sig.gif")))
    }

    @Test("fit(_:options:): bitmap, encoded bytes and files agree and stay under the budget")
    func fit() throws {
        let dir = TemporaryDirectory("job-fit")
        let bitmap = TestImages.seal(size: 400)
        let budget = 20_000
        let fromBitmap = try SignetAPI.fit(bitmap, options: BudgetOptions(maxBytes: budget, format: .jpeg))
        #expect(fromBitmap.bytes.count <= budget && fromBitmap.format == .jpeg)
        let png = try SignetAPI.render(try drawing()).bytes
        let fromBytes = try SignetAPI.fit(png, options: BudgetOptions(maxBytes: 2_000))
        #expect(fromBytes.bytes.count <= 2_000)
        let input = dir.write("in.png", bytes: png)
        let fromFile = try SignetAPI.fit(
            imageAt: input, to: dir.path("out.png"), options: BudgetOptions(maxBytes: 2_000))
        #expect(byteDifference(fromFile.bytes, fromBytes.bytes) == nil)
        #expect(byteDifference(try Data(contentsOf: URL(fileURLWithPath: dir.path("out.png"))), fromBytes.bytes) == nil)
        do {
            try SignetAPI.fit(imageAt: dir.write("bad.png", "not a PNG"), to: dir.path("bad.jpg"))
            Issue.record("a text file was fitted")
        } catch let error as CodecError {
            #expect(
                error.message
                    == "\(dir.path("bad.png")): not a PNG, JPEG, TIFF, GIF or WebP image; check that it is the right file."
            )
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("bad.jpg")))
    }

    @Test("stamp, sign, verify and info on PDFs in memory; errors name the PDF in memory")
    func pdfInMemory() throws {
        let pdf = TestPDF.bytes(rotations: [0, 270])
        let stamped = try SignetAPI.stamp(pdf: pdf, with: .ink(Ink(try drawing())), options: StampOptions(pages: .all))
        #expect(stamped.report.pagesStamped == 2 && stamped.report.input == "the PDF in memory")
        #expect(stamped.pdf.starts(with: Array("%PDF-".utf8)))
        let signed = try SignetAPI.sign(
            pdf: stamped.pdf, identity: try identity(),
            options: PDFSignOptions(signingTime: Self.now, location: "Ghent"))
        #expect(signed.pdf.starts(with: stamped.pdf), "an incremental update")
        let reports = try SignetAPI.verify(
            pdf: signed.pdf, options: VerifyOptions(now: Self.now, anchors: try TrustAnchors(files: [pki.rootCert]))
        ).signatures
        #expect(reports.count == 1 && reports[0].valid && reports[0].trust == .trusted)
        #expect(reports[0].claimedSigningTime == Self.now.formatted(.iso8601), "the time passed in, not the clock")
        let info = try SignetAPI.info(pdf: signed.pdf)
        #expect(info.pageCount == 2 && info.signatures.count == 1 && info.file == "the PDF in memory")
        do {
            _ = try SignetAPI.stamp(pdf: Array("%PDF-1.7 garbage".utf8), with: .ink(Ink(try drawing())))
            Issue.record("garbage stamped")
        } catch let error as PDFError {
            #expect(error.message.hasPrefix("the PDF in memory: "), "\(error.message)")
        }
    }

    @Test(
        "stamp, sign, verify, info, pipeline and detached jobs in memory write no temporary file (TMPDIR names no folder)"
    )
    func inMemoryTouchesNoDisk() throws {
        let pdf = TestPDF.bytes(rotations: [0, 90])
        let identity = try identity()
        let anchors = try TrustAnchors(files: [pki.rootCert])
        let ink = StampArtwork.ink(Ink(try drawing()))
        let drawing = try drawing()
        try TemporaryFolder.with(TMPDIR: "/dev/null/no-such-folder") {
            let stamped = try SignetAPI.stamp(pdf: pdf, with: ink, options: StampOptions(pages: .all))
            #expect(stamped.report.pagesStamped == 2 && stamped.report.output == "the returned PDF")
            let signed = try SignetAPI.sign(
                pdf: stamped.pdf, identity: identity, options: PDFSignOptions(signingTime: Self.now))
            #expect(signed.pdf.starts(with: stamped.pdf) && signed.result.input == "the PDF in memory")
            let report = try SignetAPI.verify(pdf: signed.pdf, options: VerifyOptions(now: Self.now, anchors: anchors))
            #expect(report.valid && report.signatures.count == 1)
            let info = try SignetAPI.info(pdf: signed.pdf)
            #expect(info.pageCount == 2 && info.signatures.count == 1)
            // In memory no page is rendered, so a stamp on a signed PDF cannot be judged: refused unless asked for.
            #expect(throws: PDFError.self) { try SignetAPI.stamp(pdf: signed.pdf, with: ink) }
            let restamped = try SignetAPI.stamp(
                pdf: signed.pdf, with: ink,
                options: StampOptions(placement: StampPlacement(overSignedContent: true)))
            #expect(restamped.pdf.starts(with: signed.pdf), "a signed PDF is only appended to")
            #expect(try SignetAPI.verify(pdf: restamped.pdf, options: Self.integrityOnly, rendering: .skipped).valid)
            let piped = try SignetAPI.pipeline(
                drawing, pdf: pdf, options: PipelineOptions(artwork: .vector),
                signing: PipelineSigning(identity: identity, options: PDFSignOptions(signingTime: Self.now)))
            #expect(try SignetAPI.verify(pdf: piped.pdf, options: Self.integrityOnly).valid)
            let content = Array("no disk\n".utf8)
            let cms = try SignetAPI.signDetached(content, identity: identity, signingTime: Self.now)
            #expect(try SignetAPI.verify(content, detachedSignature: cms, options: Self.integrityOnly).valid)
        }
    }

    @Test("detached signatures of content in memory and of files verify either way")
    func detached() throws {
        let dir = TemporaryDirectory("job-detached")
        let content = Array("The quick brown fox.\n".utf8)
        let cms = try SignetAPI.signDetached(content, identity: try identity(), signingTime: Self.now)
        let file = dir.write("content.txt", bytes: content)
        let report = try SignetAPI.verify(content, detachedSignature: cms, options: Self.integrityOnly)
        #expect(report.valid && report.integrity == .ok)
        let written = try SignetAPI.signDetached(
            fileAt: file, to: dir.path("content.p7s"), identity: try identity(), signingTime: nil)
        #expect(
            try SignetAPI.verify(fileAt: file, signatureAt: dir.path("content.p7s"), options: Self.integrityOnly).valid)
        #expect(
            try SignetAPI.verify(content + [0x21], detachedSignature: written, options: Self.integrityOnly).valid
                == false)
    }

    @Test("pipeline: drawing → PNG under budget → stamped → signed, in memory and on files")
    func pipeline() throws {
        let dir = TemporaryDirectory("job-pipeline")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let signing = PipelineSigning(identity: try identity(), options: PDFSignOptions(signingTime: Self.now))
        let options = PipelineOptions(
            artwork: .image(BudgetOptions(maxBytes: 4_000, format: .png)), imageOutput: dir.path("stamp.png"))
        let report = try SignetAPI.pipeline(
            try drawing(), pdfAt: input, to: dir.path("out.pdf"), options: options, signing: signing)
        let image = try #require(report.image)
        #expect(
            image.bytes.count <= 4_000 && report.signature?.input == input && report.stamp.output == dir.path("out.pdf")
        )
        #expect(byteDifference(try Data(contentsOf: URL(fileURLWithPath: dir.path("stamp.png"))), image.bytes) == nil)
        #expect(try SignetAPI.verify(pdfAt: dir.path("out.pdf"), options: Self.integrityOnly).valid)
        #expect(dir.contents() == ["in.pdf", "out.pdf", "stamp.png"])

        let pdf = try Array(Data(contentsOf: URL(fileURLWithPath: input)))
        let memory = try SignetAPI.pipeline(
            try drawing(), pdf: pdf, options: PipelineOptions(artwork: .vector), signing: signing)
        #expect(memory.report.image == nil && memory.report.signature?.input == "the PDF in memory")
        #expect(try SignetAPI.verify(pdf: memory.pdf, options: Self.integrityOnly).valid)

        let tooWide = PipelineOptions(
            stamp: StampOptions(placement: StampPlacement(width: 5_000)), imageOutput: dir.path("never.png"))
        #expect(throws: PDFError.self) {
            try SignetAPI.pipeline(
                try drawing(), pdfAt: input, to: dir.path("never.pdf"), options: tooWide, signing: signing)
        }
        #expect(
            dir.contents() == ["in.pdf", "out.pdf", "stamp.png"], "a failed pipeline writes nothing, scratch included")
    }

    @Test("concurrent jobs share one identity: 16 signatures on 4 tasks all verify")
    func concurrentSigning() async throws {
        let dir = TemporaryDirectory("job-concurrent")
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let identity = try identity()
        let anchors = try TrustAnchors(files: [pki.rootCert])
        let valid = try await withThrowingTaskGroup(of: Bool.self) { group in
            for i in 0..<16 {
                group.addTask {
                    let output = dir.path("signed-\(i).pdf")
                    try SignetAPI.sign(
                        pdfAt: input, to: output, identity: identity,
                        options: PDFSignOptions(signingTime: Self.now, reason: "copy \(i)"))
                    return try SignetAPI.verify(pdfAt: output, options: VerifyOptions(now: Self.now, anchors: anchors))
                        .valid
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(valid.count == 16 && valid.allSatisfy { $0 })
    }
}
