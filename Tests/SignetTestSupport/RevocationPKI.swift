import Foundation

/// A PKI with revocation services made by the openssl CLI, for offline tests of OCSP and CRL
/// handling: root → signer (good), revoked signer, delegated OCSP responder (OCSPSigning EKU),
/// a responder without that EKU, and an unrelated root. Certificates name OCSP, CRL and
/// caIssuers URLs under `baseURL` (nothing listens there: `respond(url:body:)` answers in
/// place of a server, with `openssl ocsp -index` and `openssl ca -gencrl`).
package final class RevocationPKI: @unchecked Sendable {
    /// Where the certificates say their services are (a port nothing listens on).
    package static let baseURL = "http://127.0.0.1:9"
    package let folder: TemporaryDirectory

    package var rootCert: String { folder.path("root.pem") }
    package var rootKey: String { folder.path("root.key") }
    package var signerCert: String { folder.path("signer.pem") }
    package var signerKey: String { folder.path("signer.key") }
    package var revokedCert: String { folder.path("revoked.pem") }
    package var revokedKey: String { folder.path("revoked.key") }
    package var responderCert: String { folder.path("responder.pem") }
    package var plainCert: String { folder.path("plain.pem") }
    package var otherRootCert: String { folder.path("other-root.pem") }
    /// A signer whose certificate names no OCSP responder and no CRL distribution point.
    package var bareCert: String { folder.path("bare.pem") }
    package var bareKey: String { folder.path("bare.key") }
    /// The root's CRL (DER), listing the revoked signer.
    package var crl: String { folder.path("root.crl") }
    /// When the revoked signer was revoked (a day before the PKI was made).
    package let revocationTime: Date

    /// The process-wide PKI (created on first use).
    package static let shared: RevocationPKI = {
        do {
            return try RevocationPKI()
        } catch {
            fatalError("cannot create the revocation test PKI with openssl: \(error)")
        }
    }()

    private init() throws {
        folder = TemporaryDirectory("signet-revocation-pki")
        let base = Self.baseURL
        folder.write(
            "leaf.ext",
            """
            basicConstraints=critical,CA:FALSE
            keyUsage=critical,digitalSignature,nonRepudiation
            subjectKeyIdentifier=hash
            authorityKeyIdentifier=keyid
            authorityInfoAccess=OCSP;URI:\(base)/ocsp,caIssuers;URI:\(base)/root.der
            crlDistributionPoints=URI:\(base)/root.crl

            """)
        folder.write(
            "bare.ext",
            "basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n"
        )
        folder.write(
            "responder.ext",
            "basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=OCSPSigning\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n"
        )
        folder.write(
            "ca.cnf",
            "[ca]\ndefault_ca = rev\n[rev]\ndatabase = index.txt\ncrlnumber = crlnumber\ndefault_md = sha256\ndefault_crl_days = 7\ncertificate = root.pem\nprivate_key = root.key\n"
        )
        folder.write("crlnumber", "01\n")
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
        var steps: [[String]] = [
            ["req", "-x509"] + ec + [
                "-keyout", "root.key", "-out", "root.pem", "-days", "3650", "-subj", "/CN=Revocation Test Root",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            ],
            ["req", "-x509"] + ec + ["-keyout", "other-root.key", "-out", "other-root.pem", "-subj", "/CN=Other Root"],
        ]
        let leaves = [
            ("signer", "1001", "leaf.ext"), ("revoked", "1002", "leaf.ext"), ("responder", "1003", "responder.ext"),
            ("plain", "1004", "bare.ext"), ("bare", "1005", "bare.ext"),
        ]
        for (name, serial, ext) in leaves {
            steps.append(
                ["req"] + ec + ["-keyout", "\(name).key", "-out", "\(name).csr", "-subj", "/CN=Revocation \(name)"])
            steps.append([
                "x509", "-req", "-in", "\(name).csr", "-CA", "root.pem", "-CAkey", "root.key", "-set_serial",
                "0x" + serial,
                "-days", "365", "-extfile", ext, "-out", "\(name).pem",
            ])
        }
        for step in steps { try Self.openssl(step, in: folder) }
        revocationTime = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - 86_400).rounded(.down))
        let stamp = { (date: Date) -> String in
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_US_POSIX")
            f.timeZone = TimeZone(identifier: "UTC")
            f.dateFormat = "yyMMddHHmmss'Z'"
            return f.string(from: date)
        }
        let expiry = stamp(Date().addingTimeInterval(365 * 86_400))
        folder.write(
            "index.txt",
            "V\t\(expiry)\t\t1001\tunknown\t/CN=Revocation signer\nR\t\(expiry)\t\(stamp(revocationTime)),keyCompromise\t1002\tunknown\t/CN=Revocation revoked\nV\t\(expiry)\t\t1003\tunknown\t/CN=Revocation responder\n"
        )
        try Self.openssl(["ca", "-config", "ca.cnf", "-gencrl", "-out", "root.crl.pem"], in: folder)
        try Self.openssl(["crl", "-in", "root.crl.pem", "-outform", "DER", "-out", "root.crl"], in: folder)
        try Self.openssl(["x509", "-in", "root.pem", "-outform", "DER", "-out", "root.der"], in: folder)
    }

    /// An OCSP response for `certificate` from the delegated responder (or `signer`/`key`, e.g.
    /// the root itself or the responder without the OCSPSigning EKU), answering `request` when given.
    /// `certIDDigest` ("sha256") hashes the certID with another algorithm than SHA-1.
    package func ocspResponse(
        for certificate: String? = nil, request: [UInt8]? = nil, signer: String? = nil, key: String? = nil,
        certIDDigest: String? = nil
    ) throws -> [UInt8] {
        let out = folder.path("response-\(UUID().uuidString).der")
        var arguments = [
            "ocsp", "-index", "index.txt", "-rsigner", signer ?? responderCert, "-rkey",
            key ?? folder.path("responder.key"),
            "-CA", rootCert, "-respout", out, "-ndays", "7",
        ]
        if let request {
            let path = folder.write("request-\(UUID().uuidString).der", bytes: request)
            arguments += ["-reqin", path]
        } else {
            arguments += ["-issuer", rootCert] + (certIDDigest.map { ["-\($0)"] } ?? [])
            arguments += ["-cert", certificate ?? signerCert]
        }
        try Self.openssl(arguments, in: folder)
        return Array(try Data(contentsOf: URL(fileURLWithPath: out)))
    }

    /// The key of the responder without the OCSPSigning extended key usage.
    package var plainKey: String { folder.path("plain.key") }

    /// What the services at `baseURL` would answer: OCSP for a POST to /ocsp, the CRL and the root for GETs.
    package func respond(url: String, body: [UInt8]?) throws -> [UInt8] {
        switch url {
        case Self.baseURL + "/ocsp": return try ocspResponse(request: body ?? [])
        case Self.baseURL + "/root.crl": return Array(try Data(contentsOf: URL(fileURLWithPath: crl)))
        case Self.baseURL + "/root.der":
            return Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("root.der"))))
        default: throw ToolFailure("no such test service: \(url)")
        }
    }

    /// `response` with one digit of its producedAt time changed: still well-formed, but the
    /// responder's signature no longer covers it.
    package static func tampered(ocsp response: [UInt8]) -> [UInt8] {
        var bytes = response
        // The first GeneralizedTime (tag 0x18, 15 bytes "YYYYMMDDHHMMSSZ") is producedAt.
        guard let start = (0..<bytes.count - 1).first(where: { bytes[$0] == 0x18 && bytes[$0 + 1] == 0x0F }) else {
            return bytes
        }
        let second = start + 2 + 13
        bytes[second] = bytes[second] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
        return bytes
    }

    package func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    private static func openssl(_ arguments: [String], in folder: TemporaryDirectory) throws {
        let result = try ProcessRunner.run("openssl", arguments, currentDirectory: folder.url.path)
        guard result.status == 0 else {
            throw ToolFailure("openssl \(arguments.prefix(2).joined(separator: " ")) failed: \(result.stderr)")
        }
    }
}
