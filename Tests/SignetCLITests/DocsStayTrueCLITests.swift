import Foundation
import SignetTestSupport
import Testing

/// What the docs state about the commands, checked against the commands as real processes (the
/// debug build, and the release build when it is there): an exit code, an example's output, the
/// README's first command.
@Suite("Docs: what they say the commands do, the commands do")
struct DocsStayTrueCLITests {
    static func read(_ path: String) throws -> String {
        try String(contentsOf: Corpus.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The first capture of `pattern` in `text`, or a recorded failure naming the file.
    static func capture(_ pattern: String, in text: String, file: String) throws -> String {
        let regex = try Regex(pattern)
        let match = try #require(text.firstMatch(of: regex), "\(file) no longer says /\(pattern)/")
        return try #require(match.output[1].substring.map(String.init))
    }

    /// `text` as a pattern that matches it literally.
    static func escaped(_ text: String) -> String {
        text.map { "\\^$.|?*+()[]{}".contains($0) ? "\\\($0)" : "\($0)" }.joined()
    }

    @Test(
        "docs/verify.md's exit code for a PDF holding no signature is what verify exits with",
        arguments: VocabularyCLITests.binaries)
    func unsignedExit(binary: String) throws {
        let page = try Self.read("docs/verify.md")
        let stated = try Self.capture(#"holding no signature at all exits (\d)"#, in: page, file: "docs/verify.md")
        let dir = TemporaryDirectory("docs-unsigned")
        let input = try TestPDF.write(to: dir.path("unsigned.pdf"))
        let r = try ProcessRunner.run(binary, ["verify", input])
        #expect("\(r.status)" == stated, "docs/verify.md says exit \(stated); verify exited \(r.status): \(r.stderr)")
        let json = try ProcessRunner.run(binary, ["verify", input, "--json"])
        #expect("\(json.status)" == stated && json.stdoutText.contains(#""signed":false"#), "\(json.stdoutText)")
    }

    @Test("docs/cli.md's render examples print what render prints", arguments: VocabularyCLITests.binaries)
    func renderExamples(binary: String) throws {
        let page = try Self.read("docs/cli.md")
        let sample = "SampleStrokes/signet-amelia-reyes.json"
        let dir = TemporaryDirectory("docs-render")
        try FileManager.default.createDirectory(atPath: dir.path("SampleStrokes"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Corpus.packageRoot.appendingPathComponent(sample).path, toPath: dir.path(sample))
        let examples = [
            "\(sample) -o a.png --json", "\(sample) -o a.pdf --dpi 300 --color '#1A237E'",
        ]
        for example in examples {
            let shown = try Self.capture(
                "\\$ signet render \(Self.escaped(example))\n([^\n]*)\n", in: page, file: "docs/cli.md")
            let words = example.split(separator: " ").map { String($0.replacing("'", with: "")) }
            let r = try ProcessRunner.run(binary, ["render"] + words, currentDirectory: dir.url.path)
            #expect(r.status == 0, "signet render \(example): \(r.stderr)")
            let printed = (r.stdoutText + r.stderr).trimmingCharacters(in: .newlines)
            #expect(printed == shown, "docs/cli.md shows\n\(shown)\nsignet render \(example) printed\n\(printed)")
        }
    }

    @Test("the README's first command builds what its quick start builds")
    func readmeFirstCommand() throws {
        let readme = try Self.read("README.md")
        let first = try Self.capture(#"cd signet && make (\w+)\n"#, in: readme, file: "README.md")
        let quick = try Self.capture(#"\n(?:make (\w+)) +# installs the -dev packages"#, in: readme, file: "README.md")
        #expect(first == quick, "the first block runs make \(first), the quick start make \(quick)")
    }
}
