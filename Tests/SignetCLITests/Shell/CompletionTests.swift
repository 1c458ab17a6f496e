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
            (["signet", "render", "--antialias", ""], ["best", "fast"]),
            (["signet", "render", "--antialias", "f"], ["fast"]),
            (["signet", "stamp", "--blend=", ""], ["multiply", "normal"]),
            (["signet", "verify", "--revocation", ""], ["none", "offline", "online"]),
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

    @Test("zsh: commands, each command's options as --help lists them, and option values, in a real zsh")
    func zsh() throws {
        try #require(ProcessRunner.hasTool("zsh"), "zsh is not installed (make test-deps installs it)")
        let dir = TemporaryDirectory("zsh")
        let parse = try ProcessRunner.run("zsh", ["-n", dir.write("_signet", try Self.script("zsh"))])
        #expect(parse.status == 0 && parse.stderr.isEmpty, "zsh -n _signet: \(parse.stderr)")
        try FileManager.default.createDirectory(atPath: dir.path("work/out"), withIntermediateDirectories: true)
        dir.write("work/contract.pdf", "%PDF-1.7\n")
        let commands = try HelpListing.commands()
        var cases: [(String, Set<String>)] = [
            ("signet ", Set(commands)),
            ("signet -", try HelpListing.programOptions()),
            ("signet --completions ", ["bash", "zsh"]),
            ("signet sign --cert ", ["contract.pdf", "out"]),
            ("signet sign --output=", ["contract.pdf", "out"]),
            ("signet render x.json --output-dir ", ["out"]),
            ("signet compress --format ", ["auto", "jpeg", "png"]),
            ("signet render --antialias ", ["best", "fast"]),
        ]
        for command in commands { cases.append(("signet \(command) -", try HelpListing.options(command))) }
        let replies = try Self.zsh(dir, cases.map(\.0))
        for ((line, expected), reply) in zip(cases, replies) {
            #expect(
                reply == expected,
                "zsh '\(line)'TAB: only offered \(reply.subtracting(expected).sorted()), missing \(expected.subtracting(reply).sorted())"
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

    /// Types each line and TAB in one interactive zsh on a pseudo-terminal (zsh/zpty), `_signet` on its
    /// `$fpath`, in `dir`/work; what the completion system handed to `compadd` for each line. Nothing is
    /// listed on the terminal (no autolist), so no "do you wish to see all N possibilities?" question.
    static func zsh(_ dir: TemporaryDirectory, _ lines: [String]) throws -> [Set<String>] {
        let capture = dir.write(
            "capture.zsh",
            """
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z "PS1=''; unsetopt autolist beep; fpath=($1 \\$fpath); autoload -Uz compinit; compinit -u -D; cd $1/work"
            zpty -w z 'compadd() { builtin compadd "$@"; local -a m; builtin compadd -O m "$@"; print -l -- "<"c">"${^m}; }'
            for line in "${@:2}"; do
              zpty -w z "$line"$'\\t'
              zpty -w z $'\\x15print "<"case">"'
            done
            zpty -w z 'print "<"done">"'
            out=""
            while zpty -r z chunk; do out+="$chunk"; [[ $chunk == *"<done>"* ]] && break; done
            zpty -d z
            print -r -- "$out" | grep -ao '<c>[^<[:cntrl:]]*\\|<case>'
            """)
        let r = try ProcessRunner.run("zsh", ["-f", capture, dir.url.path] + lines)
        #expect(r.status == 0, "zsh capture exited \(r.status): \(r.stderr)")
        var replies: [Set<String>] = [[]]
        for token in r.stdoutText.split(separator: "\n") {
            if token == "<case>" {
                replies.append([])
            } else {
                replies[replies.count - 1].insert(String(token.dropFirst(3)))
            }
        }
        return Array(replies.prefix(lines.count))
    }
}
