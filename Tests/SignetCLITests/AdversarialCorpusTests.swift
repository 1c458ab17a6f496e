import Foundation
import SignetTestSupport
import Testing

/// `signet verify --ca root.pem --json FILE` over the adversarial corpus that
/// Tools/verify-corpus/make_corpus.py writes (legitimate changes after a signature, and attacks on it):
/// the exit code and, per signature, the modification level, whether it is permitted, and the verdict.
/// The corpus needs python3 with pyhanko, cryptography and asn1crypto (`make test` installs them);
/// without them every case fails with that message instead of passing silently.
@Suite("CLI: verify against the adversarial corpus")
struct AdversarialCorpusTests {
    @Test("expected verdict per case", arguments: AdversarialCorpus.cases)
    func verdict(_ entry: AdversarialCorpus.Entry) throws {
        let corpus = try AdversarialCorpus.require()
        let want = entry.expected
        let result = try ProcessRunner.signet([
            "verify", "--ca", corpus.path("root.pem"), "--json", corpus.path(want.file),
        ])
        let context = "\(want.file) — \(want.description)"
        #expect(
            result.status == want.exit,
            "\(context): exit \(result.status), expected \(want.exit)\n\(result.stdoutText)\(result.stderr)")
        let report: VerifyJSON
        do {
            report = try JSONDecoder().decode(VerifyJSON.self, from: Data(result.stdout))
        } catch {
            Issue.record("\(context): no JSON report (\(error))\n\(result.stdoutText)\(result.stderr)")
            return
        }
        let signatures = report.signatures ?? []
        #expect(
            signatures.count == want.signatures.count,
            "\(context): \(signatures.count) signature(s) reported, expected \(want.signatures.count)")
        for (index, (expected, got)) in zip(want.signatures, signatures).enumerated() {
            let label = "\(context): signature \(index + 1)"
            if let level = expected.modification_level {
                #expect(
                    got.modification_level == level,
                    "\(label): modification_level \(got.modification_level ?? "nil"), expected \(level)")
            }
            if let permitted = expected.permitted {
                #expect(
                    got.permitted == permitted,
                    "\(label): permitted \(got.permitted.map(String.init) ?? "nil"), expected \(permitted)")
            }
            if let valid = expected.valid {
                #expect(got.valid == valid, "\(label): valid \(got.valid.map(String.init) ?? "nil"), expected \(valid)")
            }
            if let integrity = expected.integrity {
                #expect(
                    got.integrity == integrity, "\(label): integrity \(got.integrity ?? "nil"), expected \(integrity)")
            }
            if let kind = expected.kind {
                #expect(got.kind == kind, "\(label): kind \(got.kind ?? "nil"), expected \(kind)")
            }
            if expected.permitted == false {
                #expect(!(got.changes ?? []).isEmpty, "\(label): not permitted, but no change is named")
            }
        }
    }

    @Test("pyHanko's diff analysis agrees (or not) where the manifest says it does")
    func pyhankoAgreement() throws {
        let corpus = try AdversarialCorpus.require()
        let script = AdversarialCorpus.toolPath("pyhanko_levels.py")
        let result = try ProcessRunner.run("python3", [script, corpus.url.path])
        try #require(result.status == 0, "pyhanko_levels.py failed: \(result.stderr)")
        var seen = Set<String>()
        for line in result.stdoutText.split(separator: "\n") {
            let row = try JSONDecoder().decode(PyHankoRow.self, from: Data(line.utf8))
            seen.insert(row.file)
            #expect(
                row.agrees == row.claimed,
                "\(row.file): manifest says pyHanko \(row.claimed ? "agrees" : "differs"), but it \(row.agrees ? "agrees" : "differs"): \(line)"
            )
        }
        let files = Set(AdversarialCorpus.cases.compactMap { $0.expected.file.isEmpty ? nil : $0.expected.file })
        #expect(seen == files, "pyhanko_levels.py judged \(seen.count) files, the manifest lists \(files.count)")
    }
}

/// The overlay and structure attacks of Tools/verify-corpus/review_attacks.py: each generator states
/// whether a careful validator accepts or rejects its file; the script runs `signet verify` on
/// every one and exits 1 when any answer differs (or a run takes over 10 s of CPU).
@Suite("CLI: verify against the overlay and structure attacks")
struct ReviewAttackTests {
    @Test("every overlay and structure attack gets the expected verdict, none crashes or runs long")
    func reviewAttacks() throws {
        _ = try AdversarialCorpus.require()  // python3 with pyhanko, or the reason it is missing
        try AdversarialCorpus.runAttacks("review_attacks.py", flagging: ["MISMATCH", "GEN-ERR", "SLOW"])
    }
}

/// `Tools/verify-corpus/cms_attacks.py`: CMS attributes and algorithms, certificate paths (a
/// self-signed twin of the intermediate among them), signature and document timestamps (a
/// timestamp authority revoked later, a dual-use one) and revocation data in the DSS, each with
/// the exit code a careful validator gives, and controls that must stay valid.
struct CMSAttackTests {
    @Test("every CMS, chain, timestamp and revocation attack gets the expected exit code")
    func cmsAttacks() throws {
        _ = try AdversarialCorpus.require()  // python3 with pyhanko, or the reason it is missing
        try AdversarialCorpus.runAttacks("cms_attacks.py", judging: 88)
    }
}

/// `Tools/verify-corpus/pdf_attacks.py`: ByteRanges and `/Contents` that leave bytes unsigned or
/// carry another document's signature, JavaScript actions added after signing, form fields moved
/// or unhidden over signed content, and DocMDP / FieldMDP readings (a `/P 1.0`, a lock named in
/// hex), each with the verdict a careful validator gives, and controls that must stay valid.
struct PDFAttackTests {
    @Test("every ByteRange, action, form-field and DocMDP attack gets the expected verdict")
    func pdfAttacks() throws {
        _ = try AdversarialCorpus.require()  // python3 with pyhanko, or the reason it is missing
        try AdversarialCorpus.runAttacks("pdf_attacks.py", judging: 29)
    }
}

/// The corpus, generated once per test process into a temporary folder.
enum AdversarialCorpus {
    struct Expectation: Decodable, Sendable {
        var modification_level: String?
        var permitted: Bool?
        var valid: Bool?
        var integrity: String?
        var kind: String?
    }

    struct PyHankoClaim: Decodable, Sendable {
        var agrees: Bool
        var note: String?
    }

    struct Case: Decodable, Sendable {
        var file: String
        var description: String
        var category: String
        var xref: String
        var exit: Int32
        var signatures: [Expectation]
        var note: String?
        var pyhanko: PyHankoClaim
    }

    struct Manifest: Decodable {
        var cases: [Case]
    }

    /// One test case: a manifest entry, or the placeholder that reports why there is no corpus.
    struct Entry: Sendable, CustomTestStringConvertible {
        var expected: Case
        var testDescription: String { expected.file.isEmpty ? "corpus not generated" : expected.file }
    }

    static let scriptFolder = Corpus.packageRoot.appendingPathComponent("Tools/verify-corpus")

    static func toolPath(_ name: String) -> String { scriptFolder.appendingPathComponent(name).path }

    /// Runs an attack generator of Tools/verify-corpus (`script OUTDIR SIGNET`: it writes each case,
    /// runs `signet verify` on it and prints one line per case, a flag on the wrong ones, and
    /// "N as expected, M not") into a folder of its own, and expects it to exit 0 with no line
    /// flagged by any of `flags` and none not as expected, and at least `judging` cases judged
    /// (fewer would mean the generator skipped some without saying so); the output for further checks.
    @discardableResult
    static func runAttacks(
        _ script: String, flagging flags: [String] = ["MISMATCH", "GEN-ERR"], judging: Int = 1, tail: Int = 500,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ProcessResult {
        let dir = TemporaryDirectory("signet-\(script.split(separator: ".")[0])")
        let result = try ProcessRunner.run("python3", [toolPath(script), dir.url.path, ProcessRunner.signet])
        let wrong = result.stdoutText.split(separator: "\n").filter { line in flags.contains { line.contains($0) } }
        #expect(
            result.status == 0 && wrong.isEmpty, "\(wrong.joined(separator: "\n"))\n\(result.stderr.suffix(2000))",
            sourceLocation: sourceLocation)
        // "[what: ]N as expected, 0 not": N is the word before "as".
        let summary = result.stdoutText.split(separator: "\n").last { $0.hasSuffix(" as expected, 0 not") }
        let words = summary?.split(separator: " ") ?? []
        let judged = words.firstIndex(of: "as").flatMap { $0 > 0 ? Int(words[$0 - 1]) : nil } ?? 0
        #expect(judged >= judging, "\(result.stdoutText.suffix(tail))", sourceLocation: sourceLocation)
        return result
    }

    /// The generated folder, or why it could not be made.
    static let generated: Result<TemporaryDirectory, GenerationFailure> = {
        guard ProcessRunner.hasTool("python3") else {
            return .failure(
                GenerationFailure(
                    message:
                        "python3 is not on PATH: the adversarial corpus needs python3 with pyhanko (run `make test-deps`)"
                ))
        }
        do {
            let probe = try ProcessRunner.run(
                "python3", ["-c", "import pyhanko.sign, pyhanko_certvalidator, cryptography, asn1crypto"])
            guard probe.status == 0 else {
                return .failure(
                    GenerationFailure(
                        message:
                            "python3 cannot import pyhanko/cryptography/asn1crypto (run `make test-deps`): \(probe.stderr)"
                    ))
            }
            let dir = TemporaryDirectory("signet-verify-corpus")
            let made = try ProcessRunner.run("python3", [toolPath("make_corpus.py"), dir.url.path])
            guard made.status == 0 else {
                return .failure(
                    GenerationFailure(message: "make_corpus.py failed (exit \(made.status)): \(made.stderr)"))
            }
            return .success(dir)
        } catch {
            return .failure(GenerationFailure(message: "could not run python3: \(error)"))
        }
    }()

    struct GenerationFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static func require() throws -> TemporaryDirectory {
        try generated.get()
    }

    /// Every manifest case; a single placeholder (which fails with the reason) when generation failed.
    static let cases: [Entry] = {
        let placeholder = [
            Entry(
                expected: Case(
                    file: "", description: "", category: "", xref: "", exit: 0, signatures: [], note: nil,
                    pyhanko: PyHankoClaim(agrees: true, note: nil)))
        ]
        guard case .success(let dir) = generated,
            let data = try? Data(contentsOf: URL(fileURLWithPath: dir.path("manifest.json"))),
            let manifest = try? JSONDecoder().decode(Manifest.self, from: data)
        else { return placeholder }
        return manifest.cases.map { Entry(expected: $0) }
    }()
}

/// The parts of `signet verify --json` the corpus checks.
private struct VerifyJSON: Decodable {
    struct Change: Decodable {
        var revision: Int?
        var level: String?
        var what: String?
    }

    struct Signature: Decodable {
        var index: Int?
        var field: String?
        var kind: String?
        var integrity: String?
        var modification_level: String?
        var permitted: Bool?
        var valid: Bool?
        var changes: [Change]?
    }

    var valid: Bool?
    var signatures: [Signature]?
}

/// One line of pyhanko_levels.py.
private struct PyHankoRow: Decodable {
    var file: String
    var error: String?
    var agrees: Bool
    var claimed: Bool
}
