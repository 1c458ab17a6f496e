import Foundation
import SignetTestSupport
import Testing

/// One vocabulary across the commands, run as real processes against the debug build and, when
/// it is there, the release build: `--pages` (and its synonym `--page`) wherever pages are chosen,
/// "did you mean" for a near miss, `signet help CMD`, values quoted with what the option takes,
/// and byte sizes with k, Ki, M units.
@Suite("signet: one vocabulary, values named")
struct VocabularyCLITests {
    /// The builds to run: debug always, release when built (`make test` builds it).
    static let binaries: [String] =
        [ProcessRunner.signet]
        + (FileManager.default.isExecutableFile(atPath: ReleaseBinary.signet)
            ? [ReleaseBinary.signet] : [])

    let pki = TestPKI.shared
    var identity: [String] { ["--key", pki.rsaKey, "--cert", pki.rsaCert, "--chain", pki.chain] }

    /// Runs `binary` and checks the exit code, printing the command line and stderr when it differs.
    @discardableResult
    static func run(_ binary: String, _ arguments: [String], status: Int32) throws -> ProcessResult {
        let r = try ProcessRunner.run(binary, arguments)
        #expect(
            r.status == status,
            "\(binary) \(arguments.joined(separator: " ")): exit \(r.status), expected \(status); stderr: \(r.stderr)")
        return r
    }

    @Test("stamp and sign take --pages and --page alike", arguments: binaries)
    func pagesAndPage(binary: String) throws {
        let dir = TemporaryDirectory("vocabulary-pages")
        let input = dir.write("in.pdf", bytes: GeometryFixture.document(pageCount: 3))
        let stamp = dir.write("stamp.png", bytes: TestStamp.png())
        for (i, word) in ["--pages", "--page"].enumerated() {
            let r = try Self.run(
                binary, ["stamp", input, "-o", dir.path("stamped\(i).pdf"), "--image", stamp, word, "2", "--json"],
                status: 0)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any])
            let pages = (json["per_page"] as? [[String: Any]])?.map { $0["page"] as? Int }
            #expect(pages == [2], "\(word) 2 stamped \(String(describing: pages))")
            let signed = try Self.run(
                binary,
                [
                    "sign", input, "-o", dir.path("signed\(i).pdf"), "--image", stamp, word, "first", "--no-text",
                    "--json",
                ]
                    + identity, status: 0)
            let signature =
                (try JSONSerialization.jsonObject(with: Data(signed.stdout)) as? [String: Any])?["signature"]
                as? [String: Any]
            #expect(signature?["page"] as? Int == 1, "sign \(word) first: \(String(describing: signature))")
        }
        let both = try Self.run(
            binary, ["stamp", input, "-o", dir.path("x.pdf"), "--image", stamp, "--page", "1", "--pages", "2"],
            status: 2)
        #expect(both.stderr.contains("--pages is given twice"), "\(both.stderr)")
        let list = try Self.run(
            binary, ["sign", input, "-o", dir.path("y.pdf"), "--image", stamp, "--pages", "1,3"] + identity, status: 2)
        #expect(
            list.stderr.contains(
                "'signet sign' works on one page: --pages takes one page (N, -N, first or last); got '1,3'"),
            "\(list.stderr)")
        #expect(
            !FileManager.default.fileExists(atPath: dir.path("x.pdf"))
                && !FileManager.default.fileExists(atPath: dir.path("y.pdf")))
    }

    @Test("help, the manual page and the completions name --page beside --pages", arguments: binaries)
    func synonymListed(binary: String) throws {
        for command in ["stamp", "pipeline", "sign", "capture", "preview"] {
            let help = try Self.run(binary, [command, "--help"], status: 0).stdoutText
            #expect(help.contains("--pages, --page "), "signet \(command) --help:\n\(help)")
            let man = try Self.run(binary, [command, "--man"], status: 0).stdoutText
            #expect(man.contains(#"\fB\-\-pages\fR, \fB\-\-page\fR"#), "signet \(command) --man lacks --page")
        }
        let bash = try Self.run(binary, ["--completions", "bash"], status: 0).stdoutText
        #expect(bash.contains("--pages --page") || bash.contains("--pages|--page"), "bash completion lacks --page")
    }

    struct Miss: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let says: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let misses: [Miss] = [
        Miss(
            arguments: ["render", "in.json", "-o", "o.png", "--colour", "red"],
            says: "unknown option --colour for 'signet render'; did you mean --color?"),
        Miss(
            arguments: ["stamp", "in.pdf", "-o", "o.pdf", "--pgaes", "2"],
            says: "unknown option --pgaes for 'signet stamp'; did you mean --pages?"),
        Miss(
            arguments: ["stamp", "in.pdf", "-o", "o.pdf", "-page", "2"],
            says: "unknown option -page for 'signet stamp'; did you mean --page?"),
        Miss(arguments: ["compress", "in.png", "-o", "o.jpg", "--max-byte", "9k"], says: "did you mean --max-bytes?"),
        Miss(arguments: ["stamp", "in.pdf", "pages", "2"], says: "takes 1 input(s), got 3; did you mean --pages?"),
        Miss(arguments: ["rendr", "in.json"], says: "signet: unknown command 'rendr'; did you mean render?"),
    ]

    @Test("a near miss gets 'did you mean', from the command's own options", arguments: binaries, misses)
    func didYouMean(binary: String, miss: Miss) throws {
        let r = try Self.run(binary, miss.arguments, status: 2)
        #expect(r.stderr.contains(miss.says), "wanted '\(miss.says)' in: \(r.stderr)")
    }

    @Test("an option far from every name gets no guess", arguments: binaries)
    func noGuess(binary: String) throws {
        let r = try Self.run(binary, ["render", "in.json", "--zebra-stripes"], status: 2)
        #expect(r.stderr.contains("unknown option --zebra-stripes for 'signet render'; see"), "\(r.stderr)")
    }

    @Test("signet help CMD prints signet CMD --help", arguments: binaries)
    func helpCommand(binary: String) throws {
        for command in ["render", "stamp", "preview"] {
            let help = try Self.run(binary, ["help", command], status: 0)
            let direct = try Self.run(binary, [command, "--help"], status: 0)
            #expect(help.stdout == direct.stdout, "signet help \(command) differs from signet \(command) --help")
            #expect(help.stdoutText.hasPrefix("signet \(command) — "), "\(help.stdoutText.prefix(200))")
        }
        let unknown = try Self.run(binary, ["help", "stmap"], status: 2)
        #expect(unknown.stderr.contains("unknown command 'stmap'; did you mean stamp?"), "\(unknown.stderr)")
    }

    @Test("a value split over two words is quoted with what the option takes", arguments: binaries)
    func twoWords(binary: String) throws {
        let dir = TemporaryDirectory("vocabulary-words")
        let input = dir.write("sig.json", RenderCLITests.signature)
        let pdf = dir.write("in.pdf", bytes: GeometryFixture.document(pageCount: 1))
        let stamp = dir.write("stamp.png", bytes: TestStamp.png())
        let cases: [([String], String)] = [
            (
                ["stamp", pdf, "-o", dir.path("a.pdf"), "--image", stamp, "--at", "36", "36"],
                "--at takes X,Y (like 72,680) or auto in one word; got '36 36'"
            ),
            (
                ["render", input, "-o", dir.path("a.png"), "--max-bytes", "100", "KB"],
                "--max-bytes takes a size (like 100000, 100k, 100kB, 100KiB or 1M) in one word; got '100 KB'"
            ),
            (
                ["stamp", pdf, "-o", dir.path("b.pdf"), "--image", stamp, "--at", "36"],
                "--at takes X,Y (like 72,680) or auto; got '36'"
            ),
            (
                ["render", input, "-o", dir.path("b.png"), "--max-bytes", "100 kg"],
                "--max-bytes takes a size (like 100000, 100k, 100kB, 100KiB or 1M); got '100 kg'"
            ),
        ]
        for (arguments, says) in cases {
            let r = try Self.run(binary, arguments, status: 2)
            #expect(r.stderr.contains(says), "wanted '\(says)' in: \(r.stderr)")
            #expect(!r.stderr.contains("input(s)"), "\(r.stderr)")
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted() == [
                "in.pdf", "sig.json", "stamp.png",
            ])
    }

    @Test(
        "sizes: k = 1000, Ki = 1024, M = 1000², a space inside the one word, any case",
        arguments: binaries,
        [
            ("100000", 100_000), ("100k", 100_000), ("100kB", 100_000), ("100KB", 100_000), ("100Ki", 102_400),
            ("100KiB", 102_400), ("1M", 1_000_000), ("1.5MB", 1_500_000), ("1MiB", 1_048_576), ("100 kB", 100_000),
            ("90000B", 90_000),
        ] as [(String, Int)])
    func sizes(binary: String, size: (text: String, bytes: Int)) throws {
        let dir = TemporaryDirectory("vocabulary-sizes")
        let input = dir.write("sig.json", RenderCLITests.signature)
        let r = try Self.run(
            binary, ["render", input, "-o", dir.path("out.png"), "--max-bytes", size.text, "--json"], status: 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any], "\(r.stderr)")
        let budget = json["budget"] as? Int
        #expect(
            budget == size.bytes, "--max-bytes \(size.text): budget \(String(describing: budget)) in \(r.stdoutText)")
    }
}
