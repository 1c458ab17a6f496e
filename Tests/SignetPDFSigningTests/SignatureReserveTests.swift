import Foundation
import SignetFiles
import SignetTestSupport
import Testing

@testable import SignetCrypto
@testable import SignetPDFSigning

/// The `/Contents` reserve is measured without the key (a token signs each PDF once): the
/// placeholder CMS must never be smaller than a real one, for RSA (PKCS#1 v1.5 and PSS) and ECDSA,
/// whose DER signatures vary in length from one signature to the next.
@Suite("The /Contents room: sized without signing")
struct SignatureReserveTests {
    static let identities: [(String, @Sendable (TestPKI) throws -> SigningIdentity)] = [
        ("RSA-2048", { try .pem(keyPath: $0.rsaKey, certificatePath: $0.rsaCert, chainPath: $0.chain, password: nil) }),
        (
            "RSA-2048 PSS",
            {
                try SigningIdentity.pem(
                    keyPath: $0.rsaKey, certificatePath: $0.rsaCert, chainPath: $0.chain, password: nil
                )
                .withRSAPadding(.pss)
            }
        ),
        ("EC P-256", { try .pem(keyPath: $0.ecKey, certificatePath: $0.ecCert, chainPath: $0.chain, password: nil) }),
    ]

    @Test("a real CMS always fits the room measured without the key", arguments: 0..<identities.count)
    func realSignatureFits(_ index: Int) throws {
        let identity = try Self.identities[index].1(TestPKI.shared)
        let time = Date(timeIntervalSince1970: 1_780_000_000)
        let room = try SignatureReserve.bytes(for: identity, signingTime: time, timestamping: nil)
        let sized = try CMSSigner.sign(
            digest: [UInt8](repeating: 1, count: 32), identity: identity, signingTime: time, sizingOnly: true)
        #expect(room == sized.count + SignatureReserve.margin)
        for round in 0..<24 {
            let digest = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ round) }
            let real = try CMSSigner.sign(digest: digest, identity: identity, signingTime: time)
            #expect(real.count <= sized.count, "\(Self.identities[index].0): \(real.count) > \(sized.count)")
        }
    }
}
