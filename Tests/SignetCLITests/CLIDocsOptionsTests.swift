import Foundation
import SignetTestSupport
import Testing

/// docs/cli.md against the commands' own option lists (what `signet CMD --help` prints, generated
/// from each command's spec): every option is named on the page, every example passes only options
/// its command takes, and every option the page quotes exists.
@Suite("Docs: docs/cli.md's options are the commands' options")
struct CLIDocsOptionsTests {
    /// Options the page names on purpose although `signet` has none by that name.
    static let namedElsewhere: [String: String] = [
        "--pin": "the page says PINs never travel on the command line: there is no --pin",
        "--line-buffer": "GNU parallel's option, for the batch recipes",
    ]

    /// Each command's options (every spelling), and the program's own (`--version`, `--man`, …).
    struct Options {
        var commands: [String: Set<String>] = [:]
        var program: Set<String> = []
        /// Each option's lines of `--help` text, over every command that takes it.
        var help: [String: [String]] = [:]
        var all: Set<String> { commands.values.reduce(program) { $0.union($1) } }
    }

    static func options(_ binary: String) throws -> Options {
        var options = Options()
        let general = try ProcessRunner.run(binary, ["--help"]).stdoutText
        let programPart = try #require(general.firstRange(of: "options (instead of a command):"))
        options.program = Set(general[programPart.upperBound...].matches(of: /--[a-z][a-z0-9-]*/).map { String($0.0) })
        let names = try ProcessRunner.run(binary, ["--commands"]).stdoutText.split(separator: "\n").map(String.init)
        try #require(!names.isEmpty, "signet --commands printed nothing")
        let line = /^  (?:-\w, )?(--[a-z0-9-]+)(?:, (--[a-z0-9-]+))?/.anchorsMatchLineEndings()
        for name in names {
            let help = try ProcessRunner.run(binary, [name, "--help"]).stdoutText
            let list = try #require(help.firstRange(of: "\noptions:\n"), "signet \(name) --help lists no options")
            var own: Set<String> = []
            for match in help[list.upperBound...].matches(of: line) {
                let spellings = [match.1, match.2].compactMap { $0.map(String.init) }
                // The option's text runs to the next option or paragraph (a long label wraps it).
                let rest = help[match.range.upperBound...]
                let end = rest.firstRange(of: /\n  -|\n\n/)?.lowerBound ?? rest.endIndex
                let text = String(help[match.range.lowerBound..<end])
                for spelling in spellings { options.help[spelling, default: []].append(text) }
                own.formUnion(spellings)
            }
            options.commands[name] = own
        }
        return options
    }

    static func page() throws -> String {
        try String(contentsOf: Corpus.packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
    }

    /// Whether `text` names `option` as a whole word (`--page` is not named by `--pages`).
    static func names(_ text: String, _ option: String) -> Bool {
        var rest = text[...]
        while let found = rest.firstRange(of: option) {
            let next = rest[found.upperBound...].first
            if next.map({ !($0.isLetter || $0.isNumber || $0 == "-") }) ?? true { return true }
            rest = rest[found.upperBound...]
        }
        return false
    }

    @Test("every option of every command is named in docs/cli.md", arguments: VocabularyCLITests.binaries)
    func everyOptionNamed(binary: String) throws {
        let options = try Self.options(binary)
        let page = try Self.page()
        let unnamed = options.all.filter { !["--help"].contains($0) && !Self.names(page, $0) }.sorted()
        #expect(unnamed.isEmpty, "docs/cli.md never names \(unnamed.joined(separator: ", "))")
    }

    /// The README and every page under docs/ but bad-inputs.md, whose commands are wrong on purpose.
    static func pages() throws -> [String] {
        let docs = Corpus.packageRoot.appendingPathComponent("docs").path
        return ["README.md"]
            + (try FileManager.default.contentsOfDirectory(atPath: docs)).filter {
                $0.hasSuffix(".md") && $0 != "bad-inputs.md"
            }.sorted()
            .map { "docs/" + $0 }
    }

    @Test(
        "every `signet CMD …` example in the README and docs/ passes only options CMD takes",
        arguments: VocabularyCLITests.binaries)
    func examplesUseOwnOptions(binary: String) throws {
        let options = try Self.options(binary)
        var checked = 0
        for file in try Self.pages() {
            let text = try String(contentsOf: Corpus.packageRoot.appendingPathComponent(file), encoding: .utf8)
            let page = text.replacing(/\\\n\s*/, with: " ")  // continued command lines joined
            for example in page.matches(of: /(?:^|\$ |`)signet ([a-z]+)((?: [^\n`|]*)?)/.anchorsMatchLineEndings()) {
                guard let own = options.commands[String(example.1)] else { continue }
                checked += 1
                for used in example.2.matches(of: /(?:^|[^\w-])(--[a-z][a-z0-9-]*[a-z0-9])/) {
                    let option = String(used.1)
                    #expect(
                        own.contains(option) || option == "--man" || option == "--help",
                        "\(file): `\(example.0)` passes \(option), which signet \(example.1) does not take")
                }
            }
        }
        #expect(checked > 100, "only \(checked) examples found in the README and docs/")
    }

    @Test("every option docs/cli.md quotes is an option of signet", arguments: VocabularyCLITests.binaries)
    func quotedOptionsExist(binary: String) throws {
        let all = try Self.options(binary).all
        for quoted in try Self.page().matches(of: /`(--[a-z][a-z0-9-]*)[^`]*`/) {
            let option = String(quoted.1)
            let known =
                option.hasSuffix("-") ? all.contains { $0.hasPrefix(option) } : all.contains(option)
            #expect(
                known || Self.namedElsewhere[option] != nil,
                "docs/cli.md quotes `\(quoted.0)`, and no signet command takes \(option)")
        }
    }

    @Test(
        "every default docs/cli.md states for an option is the one its --help states",
        arguments: VocabularyCLITests.binaries)
    func statedDefaults(binary: String) throws {
        let options = try Self.options(binary)
        var checked = 0
        for stated in try Self.page().matches(
            of: /`(--[a-z][a-z0-9-]*)[^`]*`[^.;`]{0,80}\(default (?:the )?([^ ,):]+)[,)]/)
        {
            let option = String(stated.1), value = String(stated.2)
            let lines = options.help[option] ?? []
            checked += 1
            #expect(
                lines.contains { $0.contains("default") && $0.contains(value) },
                "docs/cli.md says \(option) defaults to \(value); --help says:\n\(lines.joined(separator: "\n"))")
        }
        #expect(checked >= 5, "only \(checked) stated defaults found in docs/cli.md")
    }

    @Test("the number of stroke formats the docs state is the number `render --format` takes")
    func formatCount() throws {
        let help = try ProcessRunner.signet(["render", "--help"]).stdoutText
        let choices = try #require(help.firstMatch(of: /--format NAME[^\n]*\(one of: ([^)]*)\)/), "\(help)")
        let count = choices.1.split(separator: ",").count
        let words = [10: "ten", 11: "eleven", 12: "twelve", 13: "thirteen", 14: "fourteen", 15: "fifteen"]
        let statements = [
            ("README.md", #"\((\d+) formats\)"#), ("README.md", #"the (\w+) stroke formats"#),
            ("docs/architecture.md", #"\((\d+) formats\)"#),
            ("docs/formats.md", #"captured strokes from (\w+) formats"#),
        ]
        for (file, pattern) in statements {
            let text = try String(contentsOf: Corpus.packageRoot.appendingPathComponent(file), encoding: .utf8)
            let stated = try #require(
                text.firstMatch(of: try Regex(pattern)).flatMap { $0.output[1].substring.map(String.init) },
                "\(file) no longer says /\(pattern)/")
            #expect(
                stated == "\(count)" || stated == words[count],
                "\(file) says \(stated) formats; render --format takes \(count): \(choices.1)")
        }
    }

    @Test("the command tables of the README and docs/cli.md list every command, and no other")
    func commandTables() throws {
        let names = try ProcessRunner.signet(["--commands"]).stdoutText.split(separator: "\n").map(String.init)
        try #require(names.count > 5, "signet --commands printed \(names)")
        for file in ["README.md", "docs/cli.md"] {
            let text = try String(contentsOf: Corpus.packageRoot.appendingPathComponent(file), encoding: .utf8)
            let listed = Set(
                text.matches(of: /^\| `signet ([a-z]+)[ `]/.anchorsMatchLineEndings()).map { String($0.1) })
            #expect(
                listed == Set(names),
                "\(file)'s command table lists \(listed.sorted()); signet --commands prints \(names.sorted())")
        }
    }
}
