import Foundation
import Signet
import SignetTestSupport
import Testing

/// Runs the README's Swift example (`ReadmeExample.swift`) on real files.
@Suite("README Swift example")
struct ReadmeExampleTests {
    static let signature = """
        {"format":"signet-strokes","version":1,"canvas":{"width":300,"height":120},
         "strokes":[{"points":[[10,80,0],[40,30,16],[70,90,32],[100,40,48],[140,85,64],[190,35,80],[240,70,96]]},
                    {"points":[[30,100,300],[260,95,340]]}]}
        """

    @Test("signContract: stamp and signature made, verified valid; independent tools agree")
    func signContractRuns() throws {
        let dir = TemporaryDirectory("readme-example")
        dir.write("signature.json", Self.signature)
        try TestPDF.write(to: dir.path("contract.pdf"), rotations: [0, 90])
        try FileManager.default.copyItem(atPath: TestPKI.shared.rsaP12, toPath: dir.path("me.p12"))
        #expect(try signContract(in: dir.url.path, p12Password: TestPKI.password))
        let pdfsig = try SignatureCheckers.pdfsig(dir.path("signed.pdf"))
        #expect(pdfsig.first?.validation == "Signature is Valid." && pdfsig.first?.totalDocumentSigned == true)
        #expect(dir.contents() == ["contract.pdf", "me.p12", "signature.json", "signed.pdf", "stamped.pdf"])
    }

    @Test(
        "README.md and the DocC Getting Started article show ReadmeExample.swift's example verbatim, as one swift code block"
    )
    func readmeShowsTheExample() throws {
        let here = URL(fileURLWithPath: #filePath)
        let source = try String(
            contentsOf: here.deletingLastPathComponent().appendingPathComponent("ReadmeExample.swift"), encoding: .utf8)
        let readme = try String(
            contentsOf: here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try #require(source.range(of: "// README-EXAMPLE-BEGIN\n"))
        let end = try #require(source.range(of: "// README-EXAMPLE-END"))
        let example = String(source[begin.upperBound..<end.lowerBound])
        #expect(example.contains("func signContract"))
        #expect(
            readme.contains("```swift\n" + example + "```\n"),
            "README.md's Swift API example differs from ReadmeExample.swift")
        let gettingStarted = try String(
            contentsOf: here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Sources/Signet/Signet.docc/GettingStarted.md"), encoding: .utf8)
        #expect(
            gettingStarted.contains("```swift\n" + example + "```\n"),
            "the DocC Getting Started article's example differs from ReadmeExample.swift")
    }

    @Test("renderAll: concurrent file jobs each write their PNG")
    func renderAllRuns() async throws {
        let dir = TemporaryDirectory("readme-concurrent")
        let inputs = (0..<12).map { dir.write("s\($0).json", Self.signature) }
        let files = try await renderAll(inputs)
        #expect(files.count == 12)
        for input in inputs {
            let bytes = try #require(FileManager.default.contents(atPath: input + ".png"))
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
    }
}
