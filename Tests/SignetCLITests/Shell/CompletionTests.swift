import Foundation
import SignetTestSupport
import Testing

/// `signet --completions bash|zsh`: bash's script run in a real bash with COMP_WORDS and COMP_CWORD
/// set, as bash sets them on TAB, and zsh's read back; both against what `--help` lists.
@Suite("Shell completions match --help")
struct CompletionTests {
    @Test("bash: the first word completes the commands and the program's options")
    func bashFirstWord() throws {
        let dir = TemporaryDirectory("bash-first")
        let replies = try Self.bash(dir, [["signet", ""], ["signet", "--completions", ""], ["signet", "si"]])
        let expected = Set(try HelpListing.commands()).union(try HelpListing.programOptions())
        #expect(Set(replies[0]) == expected, "completed \(replies[0].sorted()), --help lists \(expected.sorted())")
        #expect(replies[1] == ["bash", "zsh"], "signet --completions TAB: \(replies[1])")
        #expect(replies[2] == ["sign"], "signet si TAB: \(replies[2])")
    }

    @Test("bash: each command completes exactly the options its --help lists")
    func bashOptions() throws {
        let dir = TemporaryDirectory("bash-options")
        let commands = try HelpListing.commands()
        let replies = try Self.bash(dir, commands.map { ["signet", $0, "-"] })
        for (command, reply) in zip(commands, replies) {
            let help = try HelpListing.options(command)
            #expect(
                Set(reply) == help,
                "signet \(command) -TAB: only completed \(Set(reply).subtracting(help).sorted()), only in help \(help.subtracting(reply).sorted())"
            )
        }
    }

    @Test("bash: option values complete file names, folders, fixed words, or nothing")
    func bashValues() throws {
        let dir = TemporaryDirectory("bash-values")
        try FileManager.default.createDirectory(atPath: dir.path("work/out"), withIntermediateDirectories: true)
        dir.write("work/contract.pdf", "%PDF-1.7\n")
        dir.write("work/cert.pem", "")
        let cases: [([String], [String])] = [
            (["signet", "sign", "contract.pdf", "--cert", ""], ["cert.pem", "contract.pdf", "out"]),
            (["signet", "sign", "contract.pdf", "--cert", "ce"], ["cert.pem"]),
            (["signet", "sign", "--output=", ""], ["cert.pem", "contract.pdf", "out"]),
            (["signet", "render", "a.json", "--output-dir", ""], ["out"]),
            (["signet", "compress", "--format", ""], ["auto", "jpeg", "png"]),
            (["signet", "render", "--scale", ""], []),
            (["signet", "info", "con"], ["contract.pdf"]),
            (["signet", "capture", ""], []),
        ]
        let replies = try Self.bash(dir, cases.map(\.0))
        for ((words, expected), reply) in zip(cases, replies) {
            #expect(
                reply.sorted() == expected,
                "\(words.joined(separator: " "))TAB: completed \(reply.sorted()), expected \(expected)")
        }
    }

    @Test("zsh: the script parses, and each command's function offers exactly the options --help lists")
    func zshOptions() throws {
        try #require(ProcessRunner.hasTool("zsh"), "zsh is not installed (make test-deps installs it)")
        let dir = TemporaryDirectory("zsh")
        let script = try Self.script("zsh")
        let path = dir.write("_signet", script)
        let parse = try ProcessRunner.run("zsh", ["-n", path])
        #expect(parse.status == 0 && parse.stderr.isEmpty, "zsh -n _signet: \(parse.stderr)")
        // Loaded as an autoloaded completion function, it defines one function per command.
        let load = try ProcessRunner.run(
            "zsh",
            [
                "-f", "-c",
                "fpath=(\(dir.url.path) $fpath); autoload -Uz compinit; compinit -u -D; autoload -Uz _signet; _signet 2>/dev/null; print -l ${(ok)functions[(I)_signet_*]}",
            ])
        let functions = load.stdoutText.split(separator: "\n").map(String.init)
        let commands = try HelpListing.commands()
        #expect(
            Set(functions) == Set(commands.map { "_signet_" + $0.replacingOccurrences(of: "-", with: "_") }),
            "functions after loading _signet: \(functions) (\(load.stderr)); commands \(commands)")
        for command in commands {
            let help = try HelpListing.options(command)
            let offered = Self.zshOptions(script, function: "_signet_" + command)
            #expect(
                offered == help,
                "zsh \(command): only offered \(offered.subtracting(help).sorted()), only in help \(help.subtracting(offered).sorted())"
            )
        }
    }

    static func script(_ shell: String) throws -> String {
        let r = try ProcessRunner.signet(["--completions", shell])
        #expect(r.status == 0, "signet --completions \(shell) exited \(r.status): \(r.stderr)")
        return r.stdoutText
    }

    /// Runs `_signet` once per word list in one bash, in `dir`/work, the cursor on each list's last word;
    /// the COMPREPLY of each. `--name=` is given as bash splits it: `--name`, `=`, then the value.
    static func bash(_ dir: TemporaryDirectory, _ cases: [[String]]) throws -> [[String]] {
        let script = dir.write("signet.bash", try script("bash"))
        var program = "mkdir -p \(dir.path("work")) && cd \(dir.path("work")) && source \(script) || exit 9\n"
        for words in cases {
            let split = words.flatMap { $0.hasSuffix("=") && $0.hasPrefix("--") ? [String($0.dropLast()), "="] : [$0] }
            let quoted = split.map { "'" + $0 + "'" }.joined(separator: " ")
            program += "COMP_WORDS=(\(quoted)); COMP_CWORD=\(split.count - 1); COMPREPLY=(); _signet\n"
            program += "printf '%s\\n' \"${COMPREPLY[@]}\"; echo '<end>'\n"
        }
        let r = try ProcessRunner.run("bash", ["--norc", "--noprofile", "-c", program])
        #expect(r.status == 0, "bash exited \(r.status): \(r.stderr)")
        var replies = r.stdoutText.components(separatedBy: "<end>\n").dropLast().map {
            $0.split(separator: "\n").map(String.init)
        }
        while replies.count < cases.count { replies.append(["<bash stopped>"]) }
        return replies
    }

    /// The option spellings in the `_arguments` specs of `function`: `'(-o --output)-o+[…]…'` → `-o`.
    static func zshOptions(_ script: String, function: String) -> Set<String> {
        guard let start = script.range(of: "\n\(function)() {\n") else { return [] }
        let body = script[start.upperBound...]
        let end = body.range(of: "\n}\n")?.lowerBound ?? body.endIndex
        var names: Set<String> = []
        for line in body[..<end].split(separator: "\n") {
            let spec = line.trimmingCharacters(in: .whitespaces).drop { $0 != "'" }.dropFirst()
            let afterExclusion = spec.hasPrefix("(") ? spec.drop { $0 != ")" }.dropFirst() : spec.drop { $0 == "*" }
            guard afterExclusion.hasPrefix("-") else { continue }
            names.insert(String(afterExclusion.prefix { $0 != "+" && $0 != "=" && $0 != "[" }))
        }
        return names
    }
}
