import Foundation
import SignetFiles
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetPDFSigning
@testable import SignetVerify

/// Algorithm policy, certificate usage, CMS structure, EdDSA and validation time, through
/// `DetachedVerifier` over signatures made by the openssl CLI and by a Python builder.
@Suite("CMS verification policy")
struct CMSPolicyTests {
    let pki = PolicyPKI.shared

    func content(_ dir: TemporaryDirectory) -> String {
        dir.write("content.txt", "The quick brown fox signs the lazy dog's contract.\n")
    }

    func verify(
        _ p7s: String, _ content: String, time: VerifyOptions.ValidationTime = .now, trust: Bool = true,
        allowWeak: Bool = false
    ) throws
        -> SignatureReport
    {
        try DetachedVerifier.verify(
            signaturePath: p7s, contentPath: content,
            options: VerifyOptions(
                now: Date(), validationTime: time, anchors: try TrustAnchors(files: [pki.rootCert]),
                requireTrust: trust,
                allowWeakAlgorithms: allowWeak))
    }

    @Test("baseline: SHA-256 with RSA-2048 and with documentSigning EKU verifies and is trusted")
    func baseline() throws {
        let dir = TemporaryDirectory()
        let input = content(dir)
        let signers: [(String, (cert: String, key: String))] = [
            ("rsa", (pki.base.rsaCert, pki.base.rsaKey)), ("doc", pki.documentSigning),
        ]
        for (name, signer) in signers {
            let p7s = dir.path("\(name).p7s")
            try pki.opensslSign(signer, content: input, out: p7s)
            let report = try verify(p7s, input)
            #expect(report.valid, "\(name): \(report.problems)")
            #expect(report.trust == .trusted)
            #expect(report.signatureAlgorithm == "RSA")
            #expect(report.digestAlgorithm == "SHA256")
            #expect(report.problems.isEmpty)
        }
    }

    @Test("a signature carrying more than 256 certificates is refused before its chain is built; 256 are judged")
    func certificateBag() throws {
        let dir = TemporaryDirectory()
        let input = content(dir)
        let limit = CMSVerifier.maxCarriedCertificates
        let signer = (pki.base.rsaCert, pki.base.rsaKey)
        let over = dir.path("over.p7s"), at = dir.path("at.p7s")
        // The signer's certificate and the intermediate carried `limit` (or `limit` - 1) times.
        try pki.pythonSign(
            signer, content: input, out: over, chain: Array(repeating: pki.base.intermediateCert, count: limit))
        try pki.pythonSign(
            signer, content: input, out: at, chain: Array(repeating: pki.base.intermediateCert, count: limit - 1))
        try expectBound(
            over: over, at: at, input: input,
            refusal:
                "\(over): carries \(limit + 1) certificates, over the limit of \(limit); a signer's chain needs a few, so it is not judged."
        )
    }

    /// `over` is refused with `refusal`, and `at` (one fewer carried) is valid and trusted.
    func expectBound(over: String, at: String, input: String, refusal: String) throws {
        let error = #expect(throws: SignError.self) { try verify(over, input) }
        #expect(error?.message == refusal)
        let report = try verify(at, input)
        #expect(report.valid && report.trust == .trusted, "\(report.problems)")
    }

    @Test("a signature carrying more than 256 CRLs is refused before OpenSSL decodes them; 256 are judged")
    func crlBag() throws {
        let dir = TemporaryDirectory()
        let input = content(dir)
        let limit = CMSVerifier.maxCarriedCRLs
        let signer = (pki.base.rsaCert, pki.base.rsaKey)
        let over = dir.path("over.p7s"), at = dir.path("at.p7s")
        // Distinct empty CRLs under the signer's own name: about no certificate of the chain.
        try pki.pythonSign(signer, content: input, out: over, crls: limit + 1)
        try pki.pythonSign(signer, content: input, out: at, crls: limit)
        try expectBound(
            over: over, at: at, input: input,
            refusal:
                "\(over): carries \(limit + 1) CRLs, over the limit of \(limit); a signer's chain needs one per CA, so it is not judged."
        )
    }

    /// `der` (a DER ContentInfo in the long length form) with its outer length written in `octets`
    /// octets, leading zeros first: BER that OpenSSL reads (up to 8 significant octets).
    static func relengthened(_ der: [UInt8], octets: Int) -> [UInt8] {
        let start = 2 + Int(der[1] & 0x7F)
        let length = der.count - start
        let written = (0..<octets).map { UInt8(truncatingIfNeeded: length >> (8 * (octets - 1 - $0))) }
        return [0x30, 0x80 | UInt8(octets)] + written + der[start...]
    }

    @Test(
        "a CMS whose lengths carry leading zero octets is counted as OpenSSL reads it; one the framing cannot read is refused unparsed"
    )
    func longLengths() throws {
        let dir = TemporaryDirectory()
        let input = content(dir)
        let limit = CMSVerifier.maxCarriedCRLs
        let signer = (pki.base.rsaCert, pki.base.rsaKey)
        let over = dir.path("over.p7s"), plain = dir.path("plain.p7s")
        try pki.pythonSign(signer, content: input, out: over, crls: limit + 1)
        try pki.pythonSign(signer, content: input, out: plain)
        let overDER = Array(try Data(contentsOf: URL(fileURLWithPath: over)))
        let plainDER = Array(try Data(contentsOf: URL(fileURLWithPath: plain)))
        let padded = Self.relengthened(overDER, octets: 6)
        #expect(DER.carriedCounts(inSignedData: padded)?.crls == limit + 1)
        let paddedPath = dir.write("padded.p7s", bytes: padded)
        let error = #expect(throws: SignError.self) { try verify(paddedPath, input) }
        #expect(
            error?.message.contains("carries \(limit + 1) CRLs, over the limit of \(limit)") == true,
            "\(String(describing: error))")
        // Nine length octets: OpenSSL skips the zeros and reads the message; the framing does not.
        let nine = Self.relengthened(plainDER, octets: 9)
        #expect(DER.carriedCounts(inSignedData: nine) == nil)
        #expect(try CMSMessage(der: nine).isSignedData, "OpenSSL no longer reads nine length octets")
        let ninePath = dir.write("nine.p7s", bytes: nine)
        let refused = #expect(throws: SignError.self) { try verify(ninePath, input) }
        #expect(
            refused?.message.contains("it is not framed as a CMS SignedData in DER or BER") == true,
            "\(String(describing: refused))")
        #expect(try verify(plain, input).valid)
    }

    @Test("SHA-1 and MD5 as message digest are refused; allowWeakAlgorithms accepts SHA-1", arguments: ["sha1", "md5"])
    func weakDigest(digest: String) throws {
        let dir = TemporaryDirectory()
        let input = content(dir)
        let p7s = dir.path("weak.p7s")
        try pki.pythonSign((pki.base.rsaCert, pki.base.rsaKey), content: input, out: p7s, digest: digest)
        let report = try verify(p7s, input)
        let name = digest.uppercased()
        #expect(report.integrity == .ok)
        #expect(!report.valid)
        #expect(
            report.problems.contains("the message digest algorithm \(name) is not allowed (too weak)"),
            "\(report.problems)")
        let allowed = try verify(p7s, input, allowWeak: true)
        #expect(allowed.valid, "\(allowed.problems)")
        #expect(allowed.digestAlgorithm == name)
    }

    @Test("openssl cms -md sha1 is refused (digest and, where named, the signature algorithm)")
    func opensslSHA1() throws {
        let dir = TemporaryDirectory()
        let input = content(dir)
        let p7s = dir.path("sha1.p7s")
        try pki.opensslSign((pki.base.ecCert, pki.base.ecKey), content: input, out: p7s, digest: "sha1")
        let report = try verify(p7s, input)
        #expect(!report.valid)
        #expect(report.signatureAlgorithm == "ECDSA")
        #expect(report.problems.contains("the message digest algorithm SHA1 is not allowed (too weak)"))
        #expect(
            report.problems.contains("the signature algorithm ecdsa-with-SHA1 is not allowed (too weak)"),
            "\(report.problems)")
        #expect(try verify(p7s, input, allowWeak: true).valid)
    }

    @Test("an RSA-1024 signer is refused")
    func smallKey() throws {
        let dir = TemporaryDirectory()
        let input = content(dir)
        let p7s = dir.path("small.p7s")
        try pki.opensslSign(pki.weakRSA, content: input, out: p7s)
        let report = try verify(p7s, input)
        #expect(report.integrity == .ok)
        #expect(!report.valid)
        #expect(report.problems.contains { $0.contains("RSA key of 1024 bits is not allowed") }, "\(report.problems)")
    }

    @Test(
        "weak algorithms anywhere in the chain are refused, naming the certificate",
        arguments: [
            ("MD5-signed intermediate", "md5", "the certificate of O=Signet Tests,CN=Policy md5ca is signed with MD5"),
            (
                "RSA-1024 intermediate", "rsa1024",
                "the certificate of O=Signet Tests,CN=Policy rsa1024ca has a 1024-bit RSA key, which is not allowed"
            ),
            ("SHA-1-signed signer", "sha1", "the certificate of O=Signet Tests,CN=Policy sha1leaf is signed with SHA1"),
            ("DSA-1024 signer", "dsa", "the signer's DSA key of 1024 bits is not allowed"),
        ])
    func weakChain(name: String, which: String, expected: String) throws {
        let dir = TemporaryDirectory()
        let input = content(dir)
        let p7s = dir.path("\(which).p7s")
        switch which {
        case "md5": try pki.opensslSign(pki.md5IntermediateSigner, content: input, out: p7s, chain: pki.md5Intermediate)
        case "rsa1024":
            try pki.opensslSign(pki.weakIntermediateSigner, content: input, out: p7s, chain: pki.weakIntermediate)
        case "sha1": try pki.opensslSign(pki.sha1Signed, content: input, out: p7s)
        default: try pki.opensslSign(pki.dsa1024, content: input, out: p7s)
        }
        let report = try verify(p7s, input, trust: false)
        #expect(report.integrity == .ok, "\(name): the signature itself verifies")
        #expect(!report.valid, "\(name) is refused")
        #expect(
            report.problems.contains { $0.hasPrefix(expected) }, "\(name): expected \(expected) in \(report.problems)")
        let allowed = try verify(p7s, input, trust: false, allowWeak: true)
        if which == "dsa" {
            // DSA keys are refused whatever their size: a composite p passes every cheap check.
            #expect(
                !allowed.valid && allowed.problems.contains { $0.contains("DSA keys are not accepted") },
                "\(name) with allowWeakAlgorithms: \(allowed.problems)")
        } else {
            #expect(allowed.valid, "\(name) with allowWeakAlgorithms: \(allowed.problems)")
        }
        let cli = try ProcessRunner.signet(["verify", input, "--p7s", p7s, "--ca", pki.rootCert])
        #expect(cli.status == 3, "\(name): signet verify exits 3: \(cli.stdoutText) \(cli.stderr)")
        #expect((cli.stdoutText + cli.stderr).contains(expected), "\(name): \(cli.stdoutText) \(cli.stderr)")
    }

    @Test("a trust anchor's own signature is not judged, but its key is, and so is every certificate below it")
    func anchors() throws {
        let certificates = { (paths: [String]) in
            try paths.map {
                try #require(try Certificate.read(Array(Data(contentsOf: URL(fileURLWithPath: $0)))).first)
            }
        }
        let md5Chain = try certificates([pki.md5IntermediateSigner.cert, pki.md5Intermediate, pki.rootCert])
        let anchored = AlgorithmPolicy.chainProblems(Array(md5Chain.prefix(2)), anchors: [md5Chain[1]]).weak
        #expect(anchored.isEmpty, "the MD5-signed CA as an anchor: its signature carries no security: \(anchored)")
        let below = AlgorithmPolicy.chainProblems(md5Chain, anchors: [md5Chain[2]]).weak
        #expect(below.count == 1 && below[0].contains("md5WithRSAEncryption"), "below the root: \(below)")
        let weakAnchor = try certificates([pki.weakIntermediateSigner.cert, pki.weakIntermediate])
        let weakKey = AlgorithmPolicy.chainProblems(weakAnchor, anchors: [weakAnchor[1]]).weak
        #expect(
            weakKey == [
                "the certificate of O=Signet Tests,CN=Policy rsa1024ca has a 1024-bit RSA key, which is not allowed (too weak; at least 2048 bits are needed)"
            ], "an RSA-1024 anchor: \(weakKey)")
    }

    @Test("a certificate for key encipherment only, or for TLS servers only, may not sign documents")
    func usage() throws {
        let dir = TemporaryDirectory()
        let input = content(dir)
        try pki.opensslSign(pki.encipherOnly, content: input, out: dir.path("ku.p7s"))
        let ku = try verify(dir.path("ku.p7s"), input, trust: false)
        #expect(!ku.valid)
        #expect(ku.integrity == .ok)
        #expect(
            ku.problems.contains(
                "the signer's certificate may not be used for signatures: its key usage allows only key encipherment"),
            "\(ku.problems)")
        try pki.opensslSign(pki.serverAuth, content: input, out: dir.path("eku.p7s"))
        let eku = try verify(dir.path("eku.p7s"), input, trust: false)
        #expect(!eku.valid)
        #expect(
            eku.problems.contains {
                $0.contains("not for signing documents") && $0.contains("TLS Web Server Authentication")
            }, "\(eku.problems)")
        // allowWeakAlgorithms is about algorithms, not about what a certificate is for.
        #expect(try !verify(dir.path("eku.p7s"), input, trust: false, allowWeak: true).valid)
    }

    @Test("Ed25519 verifies (over the signed attributes), and a changed byte breaks it")
    func ed25519() throws {
        let dir = TemporaryDirectory()
        let input = content(dir)
        let p7s = dir.path("ed.p7s")
        try pki.pythonSign(pki.ed25519, content: input, out: p7s)
        let report = try verify(p7s, input)
        #expect(report.signatureAlgorithm == "Ed25519")
        #expect(report.digestAlgorithm == "SHA512")
        #expect(report.valid, "\(report.problems)")
        #expect(report.trust == .trusted)
        var signature = try Array(Data(contentsOf: URL(fileURLWithPath: p7s)))
        signature[signature.count - 3] ^= 0x40  // inside the 64-byte signature value at the end
        let flipped = dir.write("flipped.p7s", bytes: signature)
        let bad = try verify(flipped, input)
        #expect(!bad.valid)
        #expect(bad.integrity == .broken && bad.integrityFailures == ["signature-value"], "\(bad.integrityFailures)")
        #expect(
            bad.problems.contains("the signature value does not verify with the signer's public key"), "\(bad.problems)"
        )
        let tampered = dir.write("other.txt", "The quick brown fox signs the lazy cat's contract.\n")
        #expect(try verify(p7s, tampered).integrity == .broken)
    }

    @Test("an expired signer is invalid now, and its certificate valid when judged inside its validity")
    func expired() throws {
        let dir = TemporaryDirectory()
        let input = content(dir)
        let p7s = dir.path("expired.p7s")
        try pki.opensslSign(pki.expired, content: input, out: p7s)
        let now = try verify(p7s, input)
        #expect(now.certificateValidity == .expired)
        #expect(!now.valid)
        #expect(now.validationTimeSource == .now)
        let inside = Date(timeIntervalSince1970: 1_590_969_600)  // 2020-06-01
        let then = try verify(p7s, input, time: .at(inside), trust: false)
        #expect(then.certificateValidity == .valid)
        #expect(then.validationTimeSource == .given)
        #expect(then.valid, "\(then.problems)")
    }

    @Test(
        "structure: a content-type attribute naming another type, or a signing-certificate attribute naming another certificate, is refused"
    )
    func structure() throws {
        let dir = TemporaryDirectory()
        let input = content(dir)
        let signer = (pki.base.rsaCert, pki.base.rsaKey)
        try pki.pythonSign(signer, content: input, out: dir.path("good.p7s"))
        #expect(try verify(dir.path("good.p7s"), input).valid, "the Python builder's own signature is valid")
        try pki.pythonSign(signer, content: input, out: dir.path("ct.p7s"), contentType: "1.2.840.113549.1.7.2")
        let ct = try verify(dir.path("ct.p7s"), input)
        #expect(!ct.valid)
        #expect(ct.problems.contains { $0.contains("content-type attribute") }, "\(ct.problems)")
        try pki.pythonSign(signer, content: input, out: dir.path("ess.p7s"), essCertificate: pki.intermediateCert)
        let ess = try verify(dir.path("ess.p7s"), input)
        #expect(!ess.valid)
        #expect(ess.integrity == .ok)
        #expect(
            ess.problems.contains(
                "the signature's structure is not valid: its signing-certificate attribute names another certificate than the signer's"
            ), "\(ess.problems)")
    }

    @Test("a signature that encapsulates its content is not a detached signature")
    func encapsulated() throws {
        let dir = TemporaryDirectory()
        let input = content(dir)
        try pki.opensslSign(
            (pki.base.rsaCert, pki.base.rsaKey), content: input, out: dir.path("attached.p7s"), extra: ["-nodetach"])
        let report = try verify(dir.path("attached.p7s"), input)
        #expect(!report.valid)
        #expect(report.problems.contains { $0.contains("a detached signature carries none") }, "\(report.problems)")
    }

    @Test("a digest algorithm OpenSSL does not know is unsupported, never \"does not verify\"")
    func unknownDigest() throws {
        let dir = TemporaryDirectory()
        let input = content(dir)
        let p7s = dir.path("sig.p7s")
        try pki.opensslSign((pki.base.rsaCert, pki.base.rsaKey), content: input, out: p7s)
        // DER surgery: every SHA-256 identifier (2.16.840.1.101.3.4.2.1) becomes the unassigned 2.16.840.1.101.3.4.2.127.
        let sha256: [UInt8] = [0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01]
        var der = try Array(Data(contentsOf: URL(fileURLWithPath: p7s)))
        var replaced = 0
        for index in der.indices.dropLast(sha256.count) where der[index...].starts(with: sha256) {
            der[index + sha256.count - 1] = 0x7F
            replaced += 1
        }
        #expect(replaced >= 2, "digestAlgorithms and the SignerInfo's digestAlgorithm")
        let check = try CMSVerifier.check(
            cms: der, context: "unknown digest",
            contentDigest: { try $0.hash(try Array(Data(contentsOf: URL(fileURLWithPath: input)))) },
            options: VerifyOptions(now: Date(), requireTrust: false), claimedTime: nil)
        #expect(check.unsupported == "unsupported digest algorithm 2.16.840.1.101.3.4.2.127")
        #expect(check.failures.contains { $0.kind == .unsupported }, "\(check.failures)")
        #expect(!check.problems.contains { $0.sentence.contains("does not verify") }, "\(check.problems)")
    }
}
