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

    /// The first capture of `pattern` in every line of `text` that matches it.
    static func captures(_ pattern: String, in text: String) throws -> [String] {
        let regex = try Regex(pattern).anchorsMatchLineEndings()
        return text.matches(of: regex).compactMap { $0.output[1].substring.map(String.init) }
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

    /// A folder of its own holding a copy of SampleStrokes/, so a command names the samples as the docs do.
    static func samplesFolder(_ name: String) throws -> TemporaryDirectory {
        let dir = TemporaryDirectory(name)
        try FileManager.default.copyItem(
            atPath: Corpus.packageRoot.appendingPathComponent("SampleStrokes").path, toPath: dir.path("SampleStrokes"))
        return dir
    }

    /// The lines of the fenced block that follows `lead` in `text`.
    static func block(after lead: String, in text: String, file: String) throws -> [String] {
        let body = try capture("(?s)" + escaped(lead) + "\n+```\n(.*?)```", in: text, file: file)
        return body.split(separator: "\n").map(String.init)
    }

    @Test("docs/cli.md's table of exit codes is the one `signet --man` prints", arguments: VocabularyCLITests.binaries)
    func exitCodeTable(binary: String) throws {
        let man = try ProcessRunner.run(binary, ["--man"])
        #expect(man.status == 0, "signet --man: \(man.stderr)")
        let section = try Self.capture(#"(?s)\.SH EXIT STATUS\n(.*?)\.PP"#, in: man.stdoutText, file: "signet --man")
        let printed = try Self.captures(#"^\.B (\d+)$"#, in: section)
        let meanings = section.split(separator: "\n").filter { !$0.hasPrefix(".") }.map(String.init)
        try #require(printed.count == meanings.count && !printed.isEmpty, "cannot read EXIT STATUS:\n\(section)")
        let generated = zip(printed, meanings).map { "| \($0) | \($1.replacing("\\-", with: "-")) |" }
        let page = try Self.read("docs/cli.md")
        let header = "| exit | meaning |\n|---|---|\n"
        let stated = try Self.capture(Self.escaped(header) + #"((?:\|[^\n]*\n)+)"#, in: page, file: "docs/cli.md")
            .split(separator: "\n").map(String.init)
        #expect(
            stated == generated,
            "docs/cli.md's exit codes:\n\(stated.joined(separator: "\n"))\nsignet --man:\n\(generated.joined(separator: "\n"))"
        )
    }

    @Test("the README's render commands print the lines the README shows", arguments: VocabularyCLITests.binaries)
    func readmeRender(binary: String) throws {
        let readme = try Self.read("README.md")
        let first = try Self.capture(#"\n\.build/release/signet render ([^\n]*)\n"#, in: readme, file: "README.md")
        let firstShown = try Self.capture(
            #"The render prints what it wrote:\s+`([^`]*)`"#, in: readme, file: "README.md")
        let example = "SampleStrokes/signet-amelia-reyes.json -o amelia.png"
        let exampleShown = try Self.capture(
            "\\$ \\.build/release/signet render \(Self.escaped(example))\n([^\n]*)\n", in: readme, file: "README.md")
        let dir = try Self.samplesFolder("docs-readme-render")
        for (command, shown) in [(first, firstShown), (example, exampleShown)] {
            let r = try ProcessRunner.run(
                binary, ["render"] + command.split(separator: " ").map(String.init), currentDirectory: dir.url.path)
            let printed = (r.stdoutText + r.stderr).trimmingCharacters(in: .newlines)
            #expect(
                r.status == 0 && printed == shown,
                "README shows\n\(shown)\nsignet render \(command) printed\n\(printed)")
        }
    }

    @Test("the README's `make demo` lines are what make demo prints", arguments: VocabularyCLITests.binaries)
    func readmeDemo(binary: String) throws {
        let readme = try Self.read("README.md")
        let shown = try Self.block(after: "`make demo` prints one line per sample:", in: readme, file: "README.md")
        let makefile = try Self.read("Makefile")
        let recipe = try Self.capture(#"\ndemo:[^\n]*\n((?:\t[^\n]*\n)+)"#, in: makefile, file: "Makefile")
        let output = try Self.capture(#"DEMO_OUT := (\S+)"#, in: makefile, file: "Makefile")
        let echoes = try Self.captures(#"^\t@echo "(.*)"$"#, in: recipe).map {
            $0.replacing("$(DEMO_OUT)", with: output)
        }
        let run = try Self.capture(#"\t@\.build/release/signet (render [^\n]*)\n"#, in: recipe, file: "Makefile")
            .replacing("$(DEMO_OUT)", with: output)
        let dir = try Self.samplesFolder("docs-readme-demo")
        try FileManager.default.createDirectory(atPath: dir.path(output), withIntermediateDirectories: true)
        // make runs the recipe line with /bin/sh, which expands the glob.
        let r = try ProcessRunner.run("/bin/sh", ["-c", "\"$0\" \(run)", binary], currentDirectory: dir.url.path)
        #expect(r.status == 0, "\(run): \(r.stderr)")
        let printed =
            echoes.prefix(1) + (r.stdoutText + r.stderr).split(separator: "\n").map(String.init) + echoes.dropFirst()
        let lines = shown.filter { $0 != "…" }
        #expect(
            shown.first == printed.first && shown.last == printed.last,
            "README shows\n\(shown.joined(separator: "\n"))\nmake demo prints\n\(printed.joined(separator: "\n"))")
        var rest = printed[...]
        for line in lines {
            guard let at = rest.firstIndex(of: line) else {
                Issue.record(
                    "README shows '\(line)', which make demo does not print (in this order):\n\(printed.joined(separator: "\n"))"
                )
                break
            }
            rest = rest[(at + 1)...]
        }
    }

    @Test(
        "docs/cli.md's pipeline example fits and stamps the image it says (the signature's part needs its key)",
        arguments: VocabularyCLITests.binaries)
    func pipelineExample(binary: String) throws {
        let page = try Self.read("docs/cli.md")
        let command = try Self.capture(#"\n\$ SIGNET_PASS=… signet pipeline ([^\n]*)\n"#, in: page, file: "docs/cli.md")
        let shown = try Self.capture(
            #"\$ SIGNET_PASS=… signet pipeline [^\n]*\n([^\n]*) and signed as "#, in: page, file: "docs/cli.md")
        let words = command.split(separator: " ").map(String.init)
        let unsigned = Array(words.prefix { $0 != "--p12" })  // the fit and stamp; signing needs the example's key
        let dir = TemporaryDirectory("docs-pipeline")
        try FileManager.default.copyItem(
            atPath: Corpus.packageRoot.appendingPathComponent("SampleStrokes/signet-amelia-reyes.json").path,
            toPath: dir.path("signet-amelia-reyes.json"))
        try TestPDF.write(to: dir.path("contract.pdf"), rotations: [0, 0, 0])
        let r = try ProcessRunner.run(binary, ["pipeline"] + unsigned, currentDirectory: dir.url.path)
        let printed = (r.stdoutText + r.stderr).trimmingCharacters(in: .newlines)
        #expect(
            r.status == 0 && printed.hasPrefix(shown + " ("),
            "docs/cli.md shows\n\(shown) …\nsignet pipeline \(unsigned.joined(separator: " ")) printed\n\(printed)")
    }

    @Test("docs/cli.md's render examples print what render prints", arguments: VocabularyCLITests.binaries)
    func renderExamples(binary: String) throws {
        let page = try Self.read("docs/cli.md")
        let sample = "SampleStrokes/signet-amelia-reyes.json"
        let dir = try Self.samplesFolder("docs-render")
        let examples = [
            "\(sample) -o a.png --json", "\(sample) -o a.pdf --dpi 300 --color '#1A237E'",
            "\(sample) -o amelia.jpg --max-bytes 10KB --dpi 300",
        ]
        for example in examples {
            let shown = try Self.capture(
                "\\$ signet render \(Self.escaped(example))\n([^\n]*)\n", in: page, file: "docs/cli.md")
            let words = example.split(separator: " ").map { String($0.replacing("'", with: "")) }
            let r = try ProcessRunner.run(binary, ["render"] + words, currentDirectory: dir.url.path)
            #expect(r.status == 0, "signet render \(example): \(r.stderr)")
            let printed = (r.stdoutText + r.stderr).trimmingCharacters(in: .newlines)
            // A shown line may leave out its middle with "… ": what it shows is the printed line's start and end.
            let ends = shown.split(separator: "… ", maxSplits: 1).map(String.init)
            let matches =
                ends.count == 2 ? printed.hasPrefix(ends[0]) && printed.hasSuffix(ends[1]) : printed == shown
            #expect(matches, "docs/cli.md shows\n\(shown)\nsignet render \(example) printed\n\(printed)")
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
