import Foundation
import SignetTestSupport
import Testing

/// Options that take one of a few words (`--antialias best|fast`): what `--help` lists as
/// "(one of: …)" is exactly what the parser takes, every word of it, and nothing else.
@Suite("Options with choices take exactly the words --help lists")
struct ChoiceOptionTests {
    @Test("every command: each listed word parses, any other word is a usage error naming the option")
    func choicesParse() throws {
        var seen = 0
        for command in try HelpListing.commands() {
            let choices = Self.choices(try HelpListing.help([command]))
            seen += choices.count
            // One run per word index: every option of the command at once, each with its index-th word
            // (wrapping), then an option no command has, so a run that gets that far refused nothing else.
            let runs = choices.map(\.words.count).max() ?? 0
            for i in 0..<runs {
                let argv = [command] + choices.flatMap { [$0.option, $0.words[i % $0.words.count]] } + ["--zz-none"]
                let r = try ProcessRunner.signet(argv)
                #expect(
                    r.status == 2 && r.stderr.contains("unknown option --zz-none"),
                    "signet \(argv.joined(separator: " ")): exit \(r.status), \(r.stderr)")
            }
            for (option, words) in choices {
                let r = try ProcessRunner.signet([command, option, "zz-word"])
                let says = "\(option) must be one of \(words.joined(separator: ", ")), not 'zz-word'"
                #expect(
                    r.status == 2 && r.stderr.contains(says),
                    "signet \(command) \(option) zz-word: exit \(r.status), wanted '\(says)' in: \(r.stderr)")
            }
        }
        #expect(seen >= 12, "only \(seen) options with '(one of: …)' in all the commands' help")
    }

    /// `--antialias MODE   best … (one of: best, fast)` → (`--antialias`, [best, fast]), for each option
    /// of the help's options block whose help (on its line or the wrapped line after) ends with choices.
    static func choices(_ help: String) -> [(option: String, words: [String])] {
        var out: [(option: String, words: [String])] = []
        var option: String?
        for line in help.split(separator: "\n") {
            if line.hasPrefix("  ") && !line.hasPrefix("   ") {
                let label = line.dropFirst(2).components(separatedBy: "  ")[0]
                option = label.split(separator: " ").map(String.init).first { $0.hasPrefix("--") }
            }
            guard let option, let start = line.range(of: "(one of: "), line.hasSuffix(")") else { continue }
            let words = line[start.upperBound...].dropLast().components(separatedBy: ", ")
            out.append((option, words))
        }
        return out
    }
}
