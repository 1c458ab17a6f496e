import Foundation
import SignetFiles
import SignetTestSupport
import Testing

@testable import SignetCrypto

@Suite("Signing identities")
struct IdentityTests {
    let pki = TestPKI.shared
    var password: Secret { Secret(TestPKI.password) }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let load: @Sendable (TestPKI, Secret?) throws -> SigningIdentity
        let needsPassword: Bool
        let subject: String
        let key: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "PKCS#12 PBES2/AES", load: { try .pkcs12(path: $0.rsaP12, password: $1) }, needsPassword: true,
            subject: "C=BE,O=Signet Tests,CN=Ada Signer", key: "RSA-2048"),
        Case(
            name: "PKCS#12 legacy RC2-40/3DES", load: { try .pkcs12(path: $0.rsaP12Legacy, password: $1) },
            needsPassword: true,
            subject: "C=BE,O=Signet Tests,CN=Ada Signer", key: "RSA-2048"),
        Case(
            name: "PKCS#12 EC", load: { try .pkcs12(path: $0.ecP12, password: $1) }, needsPassword: true,
            subject: "O=Signet Tests,CN=Elliptic Signer", key: "EC-256"),
        Case(
            name: "PEM PKCS#8 encrypted",
            load: {
                try .pem(
                    keyPath: $0.rsaKeyPKCS8Encrypted, certificatePath: $0.rsaCert, chainPath: $0.chain, password: $1)
            },
            needsPassword: true, subject: "C=BE,O=Signet Tests,CN=Ada Signer", key: "RSA-2048"),
        Case(
            name: "PEM traditional encrypted",
            load: {
                try .pem(
                    keyPath: $0.rsaKeyTraditionalEncrypted, certificatePath: $0.rsaCert, chainPath: $0.chain,
                    password: $1)
            },
            needsPassword: true, subject: "C=BE,O=Signet Tests,CN=Ada Signer", key: "RSA-2048"),
        Case(
            name: "PEM EC unencrypted",
            load: { try .pem(keyPath: $0.ecKey, certificatePath: $0.ecCert, chainPath: $0.chain, password: $1) },
            needsPassword: false, subject: "O=Signet Tests,CN=Elliptic Signer", key: "EC-256"),
        Case(
            name: "PKCS#12 without password", load: { try .pkcs12(path: $0.rsaP12NoPassword, password: $1) },
            needsPassword: false,
            subject: "C=BE,O=Signet Tests,CN=Ada Signer", key: "RSA-2048"),
    ]

    @Test("loads with the right password, signer and chain", arguments: cases)
    func loads(_ c: Case) throws {
        let identity = try c.load(pki, c.needsPassword ? password : nil)
        #expect(identity.subject == c.subject)
        #expect(identity.keyDescription == c.key)
        #expect(
            Set(identity.chainSubjects) == [
                "O=Signet Tests,CN=Signet Test Intermediate", "O=Signet Tests,CN=Signet Test Root",
            ])
        #expect(identity.validity(at: Date()) == .valid)
    }

    @Test("a wrong password is named as such", arguments: cases.filter(\.needsPassword))
    func wrongPassword(_ c: Case) throws {
        let error = try #require(throws: SignError.self) { try c.load(pki, Secret("not the password")) }
        #expect(error.reason == .wrongPassword)
        #expect(error.kind == .badInput)
        #expect(!error.message.contains("not the password"))
    }

    @Test("a missing password is asked for, never prompted", arguments: cases.filter(\.needsPassword))
    func missingPassword(_ c: Case) throws {
        let error = try #require(throws: SignError.self) { try c.load(pki, nil) }
        #expect(error.reason == .passwordNeeded)
        #expect(error.message.contains("password"))
    }

    @Test("a bundle without a key, a key without certificate, and a key matching no certificate")
    func incompleteBundles() throws {
        let noKey = try #require(throws: SignError.self) {
            try SigningIdentity.pkcs12(path: pki.certsOnlyP12, password: password)
        }
        #expect(noKey.reason == .noPrivateKey)
        let noCert = try #require(throws: SignError.self) {
            try SigningIdentity.pkcs12(path: pki.keyOnlyP12, password: password)
        }
        #expect(noCert.reason == .noCertificate)
        let mismatch = try #require(throws: SignError.self) {
            try SigningIdentity.pkcs12(path: pki.mismatchedP12, password: password)
        }
        #expect(mismatch.reason == .keyMatchesNoCertificate(certificates: 1))
        let pemMismatch = try #require(throws: SignError.self) {
            try SigningIdentity.pem(
                keyPath: pki.ecKey, certificatePath: pki.rsaCert, chainPath: pki.chain, password: nil)
        }
        #expect(pemMismatch.reason == .keyMatchesNoCertificate(certificates: 3))
    }

    @Test("the certificate matching the key is picked from a full-chain file")
    func fullChainFile() throws {
        let dir = TemporaryDirectory()
        let chainFirst =
            try String(contentsOfFile: pki.chain, encoding: .utf8)
            + String(contentsOfFile: pki.rsaCert, encoding: .utf8)
        let combined = dir.write("fullchain.pem", chainFirst)
        let identity = try SigningIdentity.pem(keyPath: pki.rsaKey, certificatePath: combined, password: nil)
        #expect(identity.subject == "C=BE,O=Signet Tests,CN=Ada Signer")
        #expect(identity.chainSubjects.count == 2)
    }

    @Test("files that are not identities")
    func notIdentities() throws {
        let asP12 = try #require(throws: SignError.self) {
            try SigningIdentity.pkcs12(path: pki.rsaCert, password: nil)
        }
        #expect(asP12.message.contains("not a PKCS#12 bundle"))
        let keyAsCert = try #require(throws: SignError.self) {
            try SigningIdentity.pem(keyPath: pki.rsaKey, certificatePath: pki.rsaKey, password: nil)
        }
        #expect(keyAsCert.message.contains("no PEM or DER certificate"))
        let dir = TemporaryDirectory()
        let truncated = dir.write(
            "truncated.p12", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: pki.rsaP12)).prefix(300)))
        let cut = try #require(throws: SignError.self) {
            try SigningIdentity.pkcs12(path: truncated, password: password)
        }
        #expect(cut.kind == .badInput)
    }

    @Test("validity is judged at the time given, not the clock")
    func validityWindow() throws {
        let identity = try SigningIdentity.pem(keyPath: pki.rsaKey, certificatePath: pki.rsaCert, password: nil)
        let before = try #require(identity.notBefore).addingTimeInterval(-86_400)
        let after = try #require(identity.notAfter).addingTimeInterval(86_400)
        #expect(identity.validity(at: before) == .notYetValid)
        #expect(identity.validity(at: after) == .expired)
        #expect(
            try identity.checkValidity(at: after, strict: false, source: "x")?.description.contains("has expired")
                == true)
        let strict = try #require(throws: SignError.self) {
            try identity.checkValidity(at: before, strict: true, source: "x")
        }
        #expect(strict.message.contains("not at the signing time"))
    }
}
