import Foundation
import SignetTestSupport
import Testing

/// Signed files built to cost a verifier minutes and gigabytes (Tools/verify-corpus/costly_inputs.py):
/// 3000 tiny updates after the signature (and 10,001, one section over the limit), an xref stream of 9
/// million free entries, three of them, a /DSS of 20,000 certificates named like the root, one of a Flate
/// bomb listed 3,000 times, and two of eight 12 MiB CRLs: from an authority of no chain, and forged under the root's name
/// (peak RSS checked).
/// `signet verify` and `signet info` must answer each with a verdict or one clear sentence under a
/// CPU-time limit (seconds of CPU, not wall time, so a busy machine does not fail them) and an
/// address-space limit, both set with `ulimit` in the shell that starts them.
@Suite("CLI: verify and info stay bounded on costly inputs")
struct CostlyInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var verifyExit: Int32
        var infoExit: Int32
        /// What standard error or the report must hold.
        var says: String
        /// The most `verify` may hold in memory (peak RSS, KiB), when the case is about memory.
        var verifyPeakKiB: Int? = nil
        var testDescription: String { file }
    }

    static let cases = [
        Case(file: "many_updates.pdf", verifyExit: 0, infoExit: 0, says: "lta-updates"),
        Case(
            file: "too_many_updates.pdf", verifyExit: 2, infoExit: 2,
            says: "its /Prev chain holds over 10000 cross-reference sections"),
        Case(file: "free_entries.pdf", verifyExit: 0, infoExit: 0, says: "lta-updates"),
        Case(
            file: "free_entries3.pdf", verifyExit: 2, infoExit: 2,
            says: "its cross-reference streams list over 10000000 entries"),
        // Values not read might show a revocation, so the signature is not called valid.
        Case(
            file: "dss_lookalikes.pdf", verifyExit: 3, infoExit: 0,
            says: "19000 values of the /DSS were not read (over 1000 of a kind, or too large, or not decodable), "
                + "so a revocation among them cannot be ruled out"),
        // One Flate bomb listed 3,000 times: each reference was inflated to 16 MiB and refused
        // without counting (110 s); now 8 are inflated (128 MiB) and the rest skipped unread.
        Case(
            file: "dss_bomb_references.pdf", verifyExit: 3, infoExit: 0,
            says: "3000 values of the /DSS were not read"),
        // Eight 12 MiB CRLs of an authority of no chain: read, and not parsed (952 MB when each was).
        Case(
            file: "dss_foreign_crls.pdf", verifyExit: 0, infoExit: 0,
            says: "no revocation data in the file for O=Signet test corpus,CN=Alice Signer",
            verifyPeakKiB: 400 << 10),
        // The same under the name of the signer's issuer, signed by another key: each parsed, found
        // forged and let go (952 MB when all were kept).
        Case(
            file: "dss_impostor_crls.pdf", verifyExit: 0, infoExit: 0,
            says:
                "a CRL in the file for O=Signet test corpus,CN=Alice Signer is not used: its signature does not verify",
            verifyPeakKiB: 400 << 10),
    ]

    /// CPU seconds one run may take (a debug build on a loaded machine needs a fraction of this).
    static let cpuSeconds = 20
    /// Address space one run may map, in KiB (2 GiB; the unbounded reader took 2.3 GB of memory
    /// for one stream of free entries and 7.6 GB for three).
    static let addressSpace = 2 << 20

    /// The generated folder, or why it could not be made.
    static let generated: Result<TemporaryDirectory, AdversarialCorpus.GenerationFailure> = {
        do {
            _ = try AdversarialCorpus.require()  // python3 with pyhanko, or the reason it is missing
            let dir = TemporaryDirectory("signet-costly-inputs")
            let made = try ProcessRunner.run("python3", [AdversarialCorpus.toolPath("costly_inputs.py"), dir.url.path])
            guard made.status == 0 else {
                return .failure(.init(message: "costly_inputs.py failed (exit \(made.status)): \(made.stderr)"))
            }
            return .success(dir)
        } catch {
            return .failure(.init(message: "\(error)"))
        }
    }()

    /// What `/usr/bin/time` adds to standard error: the peak RSS in KiB after it.
    static let peakMark = "signet-peak-rss-kib "

    /// Runs `signet ARGUMENTS` under the CPU and address-space (KiB) limits, under `/usr/bin/time`,
    /// which prints the peak RSS (`peakMark`) last on standard error.
    static func bounded(_ arguments: [String], addressSpace: Int = addressSpace) throws -> ProcessResult {
        try ProcessRunner.run(
            "bash",
            [
                "-c", "ulimit -t \(cpuSeconds) -v \(addressSpace); exec /usr/bin/time -f '\(peakMark)%M' \"$0\" \"$@\"",
                ProcessRunner.signet,
            ] + arguments)
    }

    /// The peak RSS `/usr/bin/time` reported in `stderr`, in KiB.
    static func peak(_ stderr: String) -> Int? {
        stderr.components(separatedBy: "\n").last { $0.hasPrefix(peakMark) }.flatMap {
            Int($0.dropFirst(peakMark.count).trimmingCharacters(in: .whitespaces))
        }
    }

    @Test("verify answers within the limits", arguments: cases)
    func verify(_ entry: Case) throws {
        let dir = try Self.generated.get()
        let result = try Self.bounded(["verify", "--ca", dir.path("root.pem"), dir.path(entry.file)])
        let output = result.stdoutText + result.stderr
        #expect(!result.signalled, "\(entry.file): killed by a signal (over \(Self.cpuSeconds) s of CPU or 2 GiB?)")
        #expect(result.status == entry.verifyExit, "\(entry.file): exit \(result.status)\n\(output.suffix(1500))")
        #expect(output.contains(entry.says), "\(entry.file): no '\(entry.says)'\n\(output.suffix(1500))")
        if let limit = entry.verifyPeakKiB {
            let peak = try #require(
                Self.peak(result.stderr), "no peak RSS from /usr/bin/time: \(result.stderr.suffix(300))")
            #expect(peak <= limit, "\(entry.file): verify peaked at \(peak) KiB, over \(limit) KiB")
        }
    }

    @Test("verify never calls a signature valid after OpenSSL ran out of memory reading revocation data")
    func outOfMemory() throws {
        let dir = try Self.generated.get()
        // Address-space limits from generous to tight: somewhere OpenSSL cannot allocate a
        // 12 MiB CRL's entries and reports it like bad input.
        var seen: [String] = []
        for mib in stride(from: 425, through: 150, by: -25) {
            let result = try Self.bounded(
                ["verify", "--ca", dir.path("root.pem"), dir.path("dss_impostor_crls.pdf")], addressSpace: mib << 10)
            let output = result.stdoutText + result.stderr
            seen.append("\(mib) MiB: exit \(result.status)\(result.signalled ? " (signal)" : "")")
            guard output.contains("malloc failure") || output.contains("OpenSSL ran out of memory") else { continue }
            #expect(
                result.status == 3,
                "\(mib) MiB: exit \(result.status) though OpenSSL ran out of memory\n\(output.suffix(1500))")
            #expect(
                output.contains("OpenSSL ran out of memory while reading the revocation data in the file for "),
                "\(mib) MiB: \(output.suffix(1500))")
            return
        }
        Issue.record("no limit from 425 to 150 MiB made OpenSSL run out of memory reading the CRLs: \(seen)")
    }

    @Test("info reads the same revisions within the same limits", arguments: cases)
    func info(_ entry: Case) throws {
        let dir = try Self.generated.get()
        let result = try Self.bounded(["info", dir.path(entry.file)])
        #expect(!result.signalled, "\(entry.file): killed by a signal (over \(Self.cpuSeconds) s of CPU or 2 GiB?)")
        #expect(result.status == entry.infoExit, "\(entry.file): exit \(result.status)\n\(result.stderr.suffix(1500))")
        if entry.infoExit != 0 {
            #expect(result.stderr.contains(entry.says), "\(entry.file): \(result.stderr.suffix(1500))")
        }
    }
}
