import Foundation
import SignetTestSupport
import Testing

/// `signet --man` and `signet <command> --man`: roff pages listing exactly what `--help` lists, which
/// mandoc and groff read without a warning.
@Suite("Manual pages match --help")
struct ManPageTests {
    @Test("each command's page lists exactly the options its --help lists")
    func commandPagesMatchHelp() throws {
        for command in try HelpListing.commands() {
            let page = try Self.page([command, "--man"])
            #expect(
                page.contains(".TH SIGNET\\-\(command.uppercased()) 1"),
                "signet-\(command)(1) header:\n\(page.prefix(300))")
            let help = try HelpListing.options(command)
            let man = Self.options(page)
            #expect(
                man == help,
                "signet \(command): only in the page \(man.subtracting(help).sorted()), only in help \(help.subtracting(man).sorted())"
            )
        }
    }

    @Test("signet(1) lists every command and the program's own options")
    func programPageMatchesHelp() throws {
        let page = try Self.page(["--man"])
        let commands = try HelpListing.commands()
        let listed = Self.section("COMMANDS", of: page).components(separatedBy: ".TP\n.B ").dropFirst()
            .map { String($0.prefix { $0 != "\n" }).replacingOccurrences(of: "\\-", with: "-") }
        #expect(listed == commands, "signet(1) lists \(listed), signet --help \(commands)")
        let help = try HelpListing.programOptions()
        #expect(Self.options(page) == help, "signet(1) options \(Self.options(page).sorted()), help \(help.sorted())")
        let names = try ProcessRunner.signet(["--commands"]).stdoutText.split(separator: "\n").map(String.init)
        #expect(names == commands, "signet --commands printed \(names), signet --help lists \(commands)")
    }

    @Test(
        "the program's options refuse what they do not take: exit 2, one line saying what they take",
        arguments: [(["--man", "sign"], "signet <command> --man"), (["--completions", "fish"], "bash or zsh")])
    func refusals(_ arguments: [String], _ says: String) throws {
        let r = try ProcessRunner.signet(arguments)
        #expect(
            r.status == 2 && r.stdout.isEmpty && r.stderr.contains(says) && r.stderr.split(separator: "\n").count == 1,
            "signet \(arguments): exit \(r.status), stdout \(r.stdout.count) bytes, stderr \(r.stderr)")
    }

    @Test("mandoc -Tlint and groff -ww read every page without a warning")
    func pagesLint() throws {
        let dir = TemporaryDirectory("man-lint")
        var pages = [dir.write("signet.1", try Self.page(["--man"]))]
        for command in try HelpListing.commands() {
            pages.append(dir.write("signet-\(command).1", try Self.page([command, "--man"])))
        }
        var checked = 0
        if ProcessRunner.hasTool("mandoc") {
            let r = try ProcessRunner.run("mandoc", ["-Tlint", "-Wwarning"] + pages)
            #expect(
                r.status == 0 && r.stdoutText.isEmpty && r.stderr.isEmpty, "mandoc -Tlint:\n\(r.stdoutText)\(r.stderr)")
            checked += 1
        }
        if ProcessRunner.hasTool("groff") {
            for page in pages {
                let r = try ProcessRunner.run("groff", ["-man", "-Tutf8", "-ww", "-z", page])
                #expect(r.status == 0 && r.stderr.isEmpty, "groff -ww \(page):\n\(r.stderr)")
            }
            checked += 1
        }
        try #require(checked > 0, "neither mandoc nor groff is installed (make test-deps installs mandoc)")
    }

    static func page(_ arguments: [String]) throws -> String {
        let r = try ProcessRunner.signet(arguments)
        #expect(r.status == 0, "signet \(arguments) exited \(r.status): \(r.stderr)")
        return r.stdoutText
    }

    /// The text of `.SH title` up to the next `.SH`.
    static func section(_ title: String, of page: String) -> String {
        guard let start = page.range(of: ".SH \(title)\n") else { return "" }
        let rest = page[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n.SH ")?.lowerBound ?? rest.endIndex)])
    }

    /// The option spellings of the OPTIONS section's tags: the line after each `.TP`, fonts removed.
    static func options(_ page: String) -> Set<String> {
        let lines = section("OPTIONS", of: page).split(separator: "\n").map(String.init)
        var names: Set<String> = []
        for (line, next) in zip(lines, lines.dropFirst()) where line == ".TP" {
            let plain = ["\\fB", "\\fR", "\\fI"].reduce(next) { $0.replacingOccurrences(of: $1, with: "") }
                .replacingOccurrences(of: "\\-", with: "-")
            for word in plain.split(separator: " ") where word.hasPrefix("-") {
                names.insert(String(word.hasSuffix(",") ? word.dropLast() : word))
            }
        }
        return names
    }
}
