import Foundation
import SignetFiles
import SignetTestSupport
import Testing

@testable import SignetCrypto

@Suite("Sealed handwriting evidence")
struct EvidenceSealTests {
    let pki = TestPKI.shared
    /// Stand-in record bytes (any bytes: the envelope does not read them).
    let record: [UInt8] = Array("ISO record stand-in ".utf8) + (0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 37) }
    let documentDigest = [UInt8](repeating: 0xD0, count: 32)
    let appearanceDigest = [UInt8](repeating: 0xA9, count: 32)
    let signerDigest = [UInt8](repeating: 0x5E, count: 32)

    struct Examiner: Sendable, CustomTestStringConvertible {
        let name: String
        let cert: @Sendable (TestPKI) -> String
        let key: @Sendable (TestPKI) -> String
        /// What `openssl cms -cmsout -print` names the key's transport.
        let transport: String
        var testDescription: String { name }
    }

    static let examiners: [Examiner] = [
        Examiner(name: "RSA (OAEP)", cert: { $0.rsaCert }, key: { $0.rsaKey }, transport: "rsaesOaep"),
        Examiner(name: "EC (ECDH)", cert: { $0.ecCert }, key: { $0.ecKey }, transport: "dhSinglePass-stdDH-sha256kdf"),
    ]

    func seal(for examiner: Examiner) throws -> SealedEvidence {
        try EvidenceSeal.seal(
            record, documentDigest: documentDigest, appearanceDigest: appearanceDigest, signerDigest: signerDigest,
            examiner: try EvidenceExaminer(certificateAt: examiner.cert(pki)))
    }

    @Test(
        "openssl cms -decrypt gives the record back; the envelope is AES-256-GCM AuthEnvelopedData",
        arguments: examiners)
    func opensslDecrypts(_ examiner: Examiner) throws {
        let sealed = try seal(for: examiner)
        let dir = TemporaryDirectory("evidence-openssl")
        let envelope = dir.write("evidence.p7m", bytes: sealed.envelope)
        let decrypted = try ProcessRunner.run(
            "openssl",
            [
                "cms", "-decrypt", "-binary", "-inform", "DER", "-in", envelope, "-recip", examiner.cert(pki), "-inkey",
                examiner.key(pki),
            ])
        #expect(decrypted.status == 0, "openssl cms -decrypt: \(decrypted.stderr)")
        #expect(
            decrypted.stdout.elementsEqual(record), "decrypted \(decrypted.stdout.count) bytes, sealed \(record.count)")
        let printed = try ProcessRunner.run("openssl", ["cms", "-cmsout", "-print", "-inform", "DER", "-in", envelope])
        #expect(printed.stdoutText.contains("id-smime-ct-authEnvelopedData"), "\(printed.stdoutText.prefix(400))")
        #expect(printed.stdoutText.contains("aes-256-gcm"))
        #expect(printed.stdoutText.contains(examiner.transport), "\(printed.stdoutText.prefix(1200))")
    }

    @Test("the examiner's key opens it; the binding is read without the key", arguments: examiners)
    func opensAndInspects(_ examiner: Examiner) throws {
        let sealed = try seal(for: examiner)
        let inspection = try EvidenceSeal.inspect(sealed, context: "test")
        #expect(inspection.binding.documentDigest == documentDigest)
        #expect(inspection.binding.appearanceDigest == appearanceDigest)
        #expect(inspection.binding.examiner.contains("Signer"), "\(inspection.binding.examiner)")
        #expect(inspection.recipients.count == 1, "\(inspection.recipients)")
        for certificate in [examiner.cert(pki), nil] {
            let key = try EvidenceKey.pem(keyPath: examiner.key(pki), certificatePath: certificate, password: nil)
            let opened = try EvidenceSeal.open(sealed, with: key, context: "test")
            #expect(opened.record.elementsEqual(record), "opened \(opened.record.count) bytes, sealed \(record.count)")
            #expect(opened.binding == inspection.binding)
        }
    }

    @Test("an encrypted examiner key needs its password")
    func encryptedKey() throws {
        let sealed = try seal(for: Self.examiners[0])
        let error = #expect(throws: EvidenceError.self) {
            try EvidenceKey.pem(keyPath: pki.rsaKeyPKCS8Encrypted, password: nil)
        }
        #expect(error?.reason == .keyPasswordNeeded)
        let key = try EvidenceKey.pem(
            keyPath: pki.rsaKeyPKCS8Encrypted, certificatePath: pki.rsaCert, password: Secret(TestPKI.password))
        #expect(try EvidenceSeal.open(sealed, with: key, context: "test").record.elementsEqual(record))
    }

    @Test("another examiner's key is refused naming the recipient")
    func otherKey() throws {
        let sealed = try seal(for: Self.examiners[0])
        let key = try EvidenceKey.pem(keyPath: pki.ecKey, certificatePath: pki.ecCert, password: nil)
        let error = #expect(throws: EvidenceError.self) { try EvidenceSeal.open(sealed, with: key, context: "test") }
        guard case .notSealedForKey(let recipients)? = error?.reason else {
            Issue.record("expected notSealedForKey, got \(String(describing: error))")
            return
        }
        #expect(recipients.count == 1 && recipients[0].contains("Intermediate"), "\(recipients)")
    }

    @Test("a binding whose examiner label is not the certificate's subject is refused when the certificate is given")
    func mislabelled() throws {
        let sealed = try seal(for: Self.examiners[0])
        // Whoever holds the record can seal any label: here, another examiner's name.
        let label = EvidenceBinding(
            documentDigest: documentDigest, appearanceDigest: appearanceDigest, signerDigest: signerDigest,
            examiner: "CN=Someone Else")
        let relabelled = SealedEvidence(
            envelope: sealed.envelope,
            binding: label.der(seal: try OpenSSLCiphers.hmacSHA256(key: record, label.sealedFields)))
        let key = try EvidenceKey.pem(keyPath: pki.rsaKey, certificatePath: pki.rsaCert, password: nil)
        let error = #expect(throws: EvidenceError.self) {
            try EvidenceSeal.open(relabelled, with: key, context: "test")
        }
        guard case .examinerMislabelled(let named, _)? = error?.reason else {
            Issue.record("expected examinerMislabelled, got \(String(describing: error))")
            return
        }
        #expect(named == "CN=Someone Else")
        let keyOnly = try EvidenceKey.pem(keyPath: pki.rsaKey, certificatePath: nil, password: nil)
        #expect(try EvidenceSeal.open(relabelled, with: keyOnly, context: "test").binding.examiner == "CN=Someone Else")
    }

    @Test("a changed ciphertext byte does not open (GCM tag); a changed binding breaks its seal", arguments: examiners)
    func tampering(_ examiner: Examiner) throws {
        let sealed = try seal(for: examiner)
        let key = try EvidenceKey.pem(keyPath: examiner.key(pki), certificatePath: examiner.cert(pki), password: nil)
        var flipped = sealed
        // The encrypted content sits just before the 16-byte tag (and its 2-byte header) at the end.
        flipped.envelope[flipped.envelope.count - 30] ^= 0x01
        let opened = #expect(throws: EvidenceError.self) { try EvidenceSeal.open(flipped, with: key, context: "test") }
        guard case .doesNotOpen? = opened?.reason else {
            Issue.record("expected doesNotOpen, got \(String(describing: opened))")
            return
        }
        let rebound = try EvidenceSeal.seal(
            [0x42], documentDigest: [UInt8](repeating: 1, count: 32), appearanceDigest: appearanceDigest,
            signerDigest: signerDigest, examiner: try EvidenceExaminer(certificateAt: examiner.cert(pki)))
        // Another seal's binding (another document) beside this envelope: its seal cannot match.
        let swapped = SealedEvidence(envelope: sealed.envelope, binding: rebound.binding)
        let altered = #expect(throws: EvidenceError.self) { try EvidenceSeal.open(swapped, with: key, context: "test") }
        #expect(altered?.reason == .bindingAltered)
    }

    @Test("the binding's DER is one exact form, with the UUID type identifier")
    func bindingForm() throws {
        let sealed = try seal(for: Self.examiners[0])
        let dir = TemporaryDirectory("evidence-binding")
        let parsed = try ProcessRunner.run(
            "openssl", ["asn1parse", "-inform", "DER", "-in", dir.write("b.der", bytes: sealed.binding)])
        #expect(parsed.stdoutText.contains(EvidenceBinding.typeIdentifier), "\(parsed.stdoutText)")
        var longer = sealed.binding
        longer.append(0)
        #expect(EvidenceBinding.read(longer) == nil)
        #expect(EvidenceBinding.read(sealed.binding)?.binding.documentDigest == documentDigest)
    }
}
