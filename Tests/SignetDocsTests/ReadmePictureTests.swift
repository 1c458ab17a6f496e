import Foundation
import SignetTestSupport
import Testing

/// The README shows a picture and says it is exactly the output of the command above it.
@Suite("Docs: the README picture is the README command's output")
struct ReadmePictureTests {
    static let command = ["render", "SampleStrokes/signet-amelia-reyes.json", "-o", "amelia.png"]
    static let picture = "docs/images/amelia-reyes.png"

    @Test("README shows the command and the picture, and the picture is the command's output, byte for byte")
    func pictureIsTheOutput() throws {
        let readme = try RepositoryText.read("README.md")
        #expect(readme.contains("signet " + Self.command.joined(separator: " ")), "README no longer shows the command")
        #expect(readme.contains("](\(Self.picture))"), "README no longer shows \(Self.picture)")
        let dir = TemporaryDirectory("readme-picture")
        let strokes = RepositoryText.root.appendingPathComponent(Self.command[1]).path
        let output = dir.path("amelia.png")
        let run = try ProcessRunner.signet(["render", strokes, "-o", output])
        try #require(run.status == 0, "signet render failed: \(run.stderr)")
        let rendered = try Data(contentsOf: URL(fileURLWithPath: output))
        let stored = try Data(contentsOf: RepositoryText.root.appendingPathComponent(Self.picture))
        #expect(
            rendered == stored,
            "the command writes \(rendered.count) bytes, \(Self.picture) has \(stored.count): regenerate the picture with the README's command"
        )
    }
}
