import Foundation
import SignetTestSupport
import Testing

/// Every bad input of the table, run as a real process and checked; then the table in docs/bad-inputs.md is
/// compared with what the runs printed (or rewritten, with `SIGNET_UPDATE_README=1`).
@Suite("signet: the table of bad inputs")
struct BadInputTableTests {
    static let generated = BadInputCases.all.filter { !$0.needsCorpus }
    static let fromCorpus = BadInputCases.all.filter(\.needsCorpus)

    @Test(
        "generated inputs: exit code, one stderr line, nothing written, inputs unchanged, no password shown",
        arguments: generated)
    func generatedInput(_ c: BadInputCase) throws {
        try check(c)
    }

    @Test(
        "corpus inputs: the same checks", .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)),
        arguments: fromCorpus)
    func corpusInput(_ c: BadInputCase) throws {
        try check(c)
    }

    private func check(_ c: BadInputCase) throws {
        let run = try BadInputRuns.shared.run(c)
        #expect(run.status == c.exit, "exit \(run.status), expected \(c.exit): \(run.stderr)")
        #expect(
            run.stderr.hasSuffix("\n") && run.stderr.filter { $0 == "\n" }.count == 1,
            "exactly one line on stderr: \(run.stderr)")
        #expect(run.stderr.hasPrefix("signet \(c.command): "), "\(run.stderr)")
        #expect(run.message.contains(c.fragment), "'\(c.fragment)' not in: \(run.message)")
        let leaked = FlagAdviceCLITests.leaked(run.stderr)
        #expect(leaked.isEmpty, "the CLI names flags, not the library's \(leaked): \(run.stderr)")
        if !c.printsReport {
            #expect(run.stdout.isEmpty, "nothing on stdout: \(String(decoding: run.stdout, as: UTF8.self))")
        }
        #expect(run.added.isEmpty, "no output or temporary file may be left behind: \(run.added)")
        #expect(run.changed.isEmpty, "inputs must stay unchanged: \(run.changed)")
        let output = run.stderr + String(decoding: run.stdout, as: UTF8.self)
        for secret in c.secrets {
            #expect(!output.contains(secret), "the password '\(secret)' must never be printed")
        }
    }

    @Test("at least 50 cases without the corpus, every command covered, each case named once")
    func coverage() {
        #expect(Self.generated.count >= 50, "\(Self.generated.count) cases run without the corpus")
        let commands = Set(BadInputCases.all.map(\.command))
        #expect(commands == ["render", "compress", "stamp", "info", "preview", "sign", "verify", "batch", "evidence"])
        let keys = BadInputCases.all.map(BadInputTable.key)
        #expect(
            Set(keys).count == keys.count, "duplicate case: \(keys.filter { k in keys.filter { $0 == k }.count > 1 })")
    }

    /// The rows the table must hold. Without the corpus, its rows cannot be run: the page's
    /// own rows for those cases are kept as they are (and listed in `missing` when absent).
    private func expectedRows(_ readme: ReadmeSection) throws -> (rows: [String], missing: [String]) {
        var rows: [String] = []
        var missing: [String] = []
        for c in BadInputCases.all {
            if c.needsCorpus && !Corpus.isAvailable {
                if let kept = readme.row(of: c) { rows.append(kept) } else { missing.append(c.testDescription) }
            } else {
                rows.append(BadInputTable.row(c, try BadInputRuns.shared.run(c)))
            }
        }
        return (rows, missing)
    }

    @Test("docs/bad-inputs.md's table is what these cases print (SIGNET_UPDATE_README=1 rewrites it)")
    func readmeTable() throws {
        let url = Corpus.packageRoot.appendingPathComponent("docs/bad-inputs.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let readme = try #require(
            ReadmeSection(text), "docs/bad-inputs.md needs the lines \(BadInputTable.begin) and \(BadInputTable.end)")
        let (rows, missing) = try expectedRows(readme)
        let body = BadInputTable.body(rows: rows, cases: BadInputCases.all)
        if ProcessInfo.processInfo.environment["SIGNET_UPDATE_README"] == "1" {
            try readme.replacingBody(with: body).write(to: url, atomically: true, encoding: .utf8)
            if !missing.isEmpty {
                print(
                    "docs/bad-inputs.md: no row written for \(missing.count) corpus case(s) (the corpus is absent): \(missing)"
                )
            }
            return
        }
        #expect(
            missing.isEmpty,
            "docs/bad-inputs.md has no row for \(missing); run 'make bad-inputs-table' with the corpus present")
        let stale = readme.body.filter { !body.contains($0) }
        let fresh = body.filter { !readme.body.contains($0) }
        let same = readme.body == body
        #expect(
            same,
            """
            docs/bad-inputs.md's table differs from what the cases print; run 'make bad-inputs-table' and commit docs/bad-inputs.md.
            only in docs/bad-inputs.md:\n\(stale.prefix(8).joined(separator: "\n"))
            printed now:\n\(fresh.prefix(8).joined(separator: "\n"))
            """)
    }
}
