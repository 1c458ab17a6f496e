import Foundation
import SignetFiles
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetPDFSigning
@testable import SignetVerify

/// `--ltv` without a network: the collector fetches through a stand-in for the HTTP transport
/// that answers with `openssl ocsp -index` (RevocationPKI), so the DSS writer and the verifier's
/// offline revocation checks are tested on openssl-made material.
@Suite("Long-term validation with openssl-made OCSP and CRLs")
struct LTVOfflineTests {
    let pki = RevocationPKI.shared

    func identity(_ cert: String, _ key: String) throws -> SigningIdentity {
        try .pem(keyPath: key, certificatePath: cert, chainPath: pki.rootCert, password: nil)
    }

    func collector(_ identity: SigningIdentity) throws -> RevocationCollector {
        try RevocationCollector(
            identity: identity, now: Date(), nonce: { (0..<16).map { _ in UInt8.random(in: 0...255) } },
            fetch: { try pki.respond(url: $0.url, body: $0.body) })
    }

    /// Signs a fresh test PDF (PAdES) with `--ltv`; returns the output path.
    func signLTV(_ dir: TemporaryDirectory, cert: String? = nil, key: String? = nil) throws -> (String, PDFSignResult) {
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("ltv.pdf")
        let id = try identity(cert ?? pki.signerCert, key ?? pki.signerKey)
        let result = try PDFSigner.sign(
            input: input, output: out, identity: id,
            options: PDFSignOptions(signingTime: Date(), format: .pades), collector: try collector(id))
        return (out, result)
    }

    func verify(_ path: String, mode: RevocationMode = .offline) throws -> SignatureReport {
        let report = try PDFVerifier.verify(
            path: path, password: nil,
            options: VerifyOptions(now: Date(), anchors: try TrustAnchors(files: [pki.rootCert]), revocation: mode),
            rendering: .renderer(ObjectReader(path: path)))
        return try #require(report.signatures.first)
    }

    @Test("sign --ltv: a DSS with the chain, the responder and the OCSP response; verify uses it offline")
    func signAndVerify() throws {
        let dir = TemporaryDirectory()
        let (out, result) = try signLTV(dir)
        let ltv = try #require(result.ltv)
        #expect(ltv.certificates == 3, "signer, root and the delegated responder")
        #expect(ltv.ocspResponses == 1 && ltv.crls == 0 && ltv.vriEntries == 1)
        #expect(ltv.bytesAdded > 1_000 && ltv.bytesAdded < 6_000)
        #expect(try QPDFTool.check(out).isClean)
        let report = try verify(out)
        #expect(report.valid, "\(report.problems)")
        #expect(report.modificationLevel == .ltaUpdates, "\(report.changes)")
        #expect(report.revocation.map(\.status) == [.good])
        #expect(report.revocation.first?.source == "ocsp-file")
        #expect(report.notes.isEmpty, "\(report.notes)")
        #expect(report.padesLevel == .bb, "no timestamp: B-B, whatever the DSS holds")
        if ProcessRunner.hasTool("pdfsig") {
            #expect(try SignatureCheckers.pdfsig(out).first?.validation == "Signature is Valid.")
        }
    }

    @Test("a second LTV update adds nothing: every signature already has its VRI entry")
    func noDuplicates() throws {
        let dir = TemporaryDirectory()
        let (out, _) = try signLTV(dir)
        let before = try Data(contentsOf: URL(fileURLWithPath: out))
        let sink = try AtomicOutput(path: dir.path("again.pdf"))
        let id = try identity(pki.signerCert, pki.signerKey)
        let outcome = try DSSUpdate(collector: try collector(id)).append(
            to: try ReadableFile(path: out), sink: sink, context: "again")
        try sink.commit()
        guard case .validationData(let again) = outcome else {
            Issue.record("not a validation-data outcome")
            return
        }
        #expect(again.vriEntries == 0 && again.bytesAdded == 0)
        #expect(byteDifference(try Data(contentsOf: URL(fileURLWithPath: dir.path("again.pdf"))), before) == nil)
    }

    @Test("a revoked signer is refused at signing, and no output is left")
    func revokedSigner() throws {
        let dir = TemporaryDirectory()
        do {
            _ = try signLTV(dir, cert: pki.revokedCert, key: pki.revokedKey)
            Issue.record("a revoked signer was accepted")
        } catch let error as RevocationError {
            #expect(error.message.contains("the signer's certificate was revoked on "), "\(error.message)")
            #expect(error.kind == .badInput)
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("ltv.pdf")))
        #expect(dir.contents() == ["in.pdf"], "no temporary file left: \(dir.contents())")
    }

    @Test("a certificate without OCSP or CRL URL is an explicit error")
    func noURL() throws {
        let dir = TemporaryDirectory()
        do {
            _ = try signLTV(dir, cert: pki.bareCert, key: pki.bareKey)
            Issue.record("a certificate without revocation URLs was accepted")
        } catch let error as RevocationError {
            #expect(error.message.contains("names no OCSP responder and no CRL distribution point"), "\(error.message)")
        }
    }

    /// Signs with `cert` (no LTV), then appends a DSS holding `ocsp` and `crls` for it.
    func signWithDSS(
        _ dir: TemporaryDirectory, cert: String, key: String, ocsp: [UInt8]? = nil, crls: [[UInt8]] = []
    ) throws -> String {
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("dss.pdf")
        let sink = try AtomicOutput(path: out)
        // Sign into a memory sink, then copy it to the real output and append the DSS there.
        let memory = MemorySink(name: "signed")
        _ = try PDFSigner.sign(
            source: try ReadableFile(path: input), to: memory, identity: try identity(cert, key),
            options: PDFSignOptions(signingTime: Date(), format: .pades))
        let material = ValidationMaterial(
            certificates: [try pki.bytes(pki.rootCert)], ocspResponses: ocsp.map { [$0] } ?? [], crls: crls)
        _ = try DSSUpdate.append(to: MemorySource(memory.bytes, name: "signed"), sink: sink, context: out) {
            _, _, _, _ in
            material
        }
        try sink.commit()
        return out
    }

    @Test("a DSS holding a 'revoked' OCSP response makes the signature invalid, naming the time")
    func revokedInDSS() throws {
        let dir = TemporaryDirectory()
        let out = try signWithDSS(
            dir, cert: pki.revokedCert, key: pki.revokedKey, ocsp: try pki.ocspResponse(for: pki.revokedCert))
        let report = try verify(out)
        #expect(!report.valid)
        #expect(report.revocation.map(\.status) == [.revoked])
        let problem = try #require(report.problems.first { $0.contains("was revoked on") })
        #expect(problem.contains(DateText.utc(pki.revocationTime)), "\(problem)")
        let cli = try ProcessRunner.signet(["verify", out, "--ca", pki.rootCert])
        #expect(cli.status == 3, "signet verify exits 3: \(cli.stderr)")
        #expect(cli.stderr.contains("was revoked on"), "\(cli.stderr)")
        let skipped = try verify(out, mode: .none)
        #expect(skipped.valid && skipped.revocation.isEmpty, "--revocation none skips the check")
    }

    @Test("a revoked signer and a DSS whose CRL covers CA certificates only: neither good nor revoked, a note says why")
    func outOfScopeCRLInDSS() throws {
        let dir = TemporaryDirectory()
        let listing = CRLSpec(revoked: [RevocationPKI.revokedSerial], scope: .ca)
        let out = try signWithDSS(
            dir, cert: pki.revokedCert, key: pki.revokedKey, crls: [try pki.crl(listing, in: dir)])
        let report = try verify(out)
        #expect(report.revocation.map(\.status) == [.noData], "\(report.revocation)")
        #expect(
            report.notes.contains(
                "a CRL in the file for CN=Revocation revoked is not used: it covers CA certificates only"),
            "\(report.notes)")
        let inScope = TemporaryDirectory()
        let covering = CRLSpec(
            revoked: [RevocationPKI.revokedSerial], scope: .user, distributionPoint: RevocationPKI.baseURL + "/root.crl"
        )
        let revoked = try verify(
            try signWithDSS(
                inScope, cert: pki.revokedCert, key: pki.revokedKey, crls: [try pki.crl(covering, in: inScope)]))
        #expect(!revoked.valid && revoked.revocation.map(\.status) == [.revoked], "\(revoked.problems)")
    }

    @Test("a tampered OCSP response in the DSS is not used, and the note says why")
    func tamperedInDSS() throws {
        let dir = TemporaryDirectory()
        let ocsp = RevocationPKI.tampered(ocsp: try pki.ocspResponse(for: pki.signerCert))
        let out = try signWithDSS(dir, cert: pki.signerCert, key: pki.signerKey, ocsp: ocsp)
        let report = try verify(out)
        #expect(report.valid, "missing revocation data is a note, not a problem: \(report.problems)")
        #expect(report.revocation.map(\.status) == [.noData])
        #expect(report.notes.contains { $0.contains("is not used: its signature does not verify") }, "\(report.notes)")
        #expect(report.notes.contains { $0.hasPrefix("no revocation data in the file for CN=Revocation signer") })
    }

    @Test("a file without revocation data says so")
    func nothingInFile() throws {
        let dir = TemporaryDirectory()
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("plain.pdf")
        _ = try PDFSigner.sign(
            input: input, output: out, identity: try identity(pki.signerCert, pki.signerKey),
            options: PDFSignOptions(signingTime: Date(), format: .pades))
        let report = try verify(out)
        #expect(report.valid)
        #expect(report.notes == ["no revocation data in the file for CN=Revocation signer"])
        #expect(report.padesLevel == .bb)
    }
}
