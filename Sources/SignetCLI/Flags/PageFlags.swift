/// `--pages`, the one word every command that chooses pages takes (`--page` is its synonym):
/// a list for commands that work on several pages, a list of one where a command works on one.
package enum PageFlags {
    /// `--pages LIST` (also `--page`) with `help` saying what the pages are for.
    package static func spec(_ placeholder: String, _ help: String) -> OptionSpec {
        .value(.pages, placeholder, help, synonyms: [.page])
    }

    /// What `last` means where a command works on one page.
    package enum Last {
        /// The command counts from the end: `last` is -1, and -2 is the page before it.
        case countsFromEnd
        /// The command's default page is the last: `last` is the default (nil).
        case isDefault
        /// The command counts from the first page only.
        case notAccepted
    }

    /// The one page `--pages` names (`3`, `first`, `last`, `-1` as `last` allows); nil when not given.
    package static func one(_ args: Arguments, last: Last) throws -> Int? {
        guard let text = args.string(.pages) else { return nil }
        let word = text.trimmingSpaces().lowercased()
        let forms =
            last == .countsFromEnd ? "N, -N, first or last" : last == .isDefault ? "N, first or last" : "N or first"
        let refusal = UsageError(
            args.command, "'signet \(args.command)' works on one page: --pages takes one page (\(forms)); got '\(text)'"
        )
        switch word {
        case "first": return 1
        case "last" where last == .countsFromEnd: return -1
        case "last" where last == .isDefault: return nil
        default:
            guard let n = Int(word), n >= 1 || (n <= -1 && last == .countsFromEnd), n <= Int(Int32.max) else {
                throw refusal
            }
            return n
        }
    }
}
