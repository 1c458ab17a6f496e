import Foundation

/// A throw-away PKI made with the openssl CLI for signing tests: root CA → intermediate CA →
/// signers (RSA-2048 and EC P-256), plus the same identities as PKCS#12 bundles (modern AES and
/// legacy RC2-40/3DES) and encrypted PEM keys. Generated once per test process. Serial numbers are
/// fixed, so every certificate (and a signature carrying it) has the same size in every run.
package final class TestPKI: @unchecked Sendable {
    /// The password of every protected file below.
    package static let password = "Tr0ub4dor&3-pki"

    package let folder: TemporaryDirectory

    package var rootCert: String { folder.path("root.pem") }
    package var intermediateCert: String { folder.path("interm.pem") }
    /// Intermediate then root, as a `--chain` file.
    package var chain: String { folder.path("chain.pem") }
    package var rsaKey: String { folder.path("rsa.key") }
    package var rsaCert: String { folder.path("rsa.pem") }
    package var ecKey: String { folder.path("ec.key") }
    package var ecCert: String { folder.path("ec.pem") }
    /// RSA key encrypted as PKCS#8 (AES-256) and in the traditional "Proc-Type: 4,ENCRYPTED" form.
    package var rsaKeyPKCS8Encrypted: String { folder.path("rsa-pkcs8-enc.key") }
    package var rsaKeyTraditionalEncrypted: String { folder.path("rsa-trad-enc.key") }
    /// PKCS#12 bundles of the RSA signer with the chain: modern (PBES2/AES-256), legacy
    /// (RC2-40 certificates, 3DES key), and without any password.
    package var rsaP12: String { folder.path("rsa.p12") }
    package var rsaP12Legacy: String { folder.path("rsa-legacy.p12") }
    package var rsaP12NoPassword: String { folder.path("rsa-nopass.p12") }
    package var ecP12: String { folder.path("ec.p12") }
    /// A bundle holding only certificates (no key).
    package var certsOnlyP12: String { folder.path("certs-only.p12") }
    /// A bundle whose key (EC) belongs to none of its certificates (the RSA signer's).
    package var mismatchedP12: String { folder.path("mismatched.p12") }
    /// A bundle with a key and no certificate.
    package var keyOnlyP12: String { folder.path("key-only.p12") }
    /// A second, unrelated root (for "untrusted" chains).
    package var otherRootCert: String { folder.path("other-root.pem") }

    /// The process-wide PKI (created on first use, removed when the test process exits).
    package static let shared: TestPKI = {
        do {
            let pki = try TestPKI()
            atexit { try? FileManager.default.removeItem(at: TestPKI.shared.folder.url) }
            return pki
        } catch {
            fatalError("cannot create the test PKI with openssl: \(error)")
        }
    }()

    private init() throws {
        folder = TemporaryDirectory("signet-pki")
        let env = ["PKI_PASS": Self.password, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        folder.write(
            "ca.ext",
            "basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n"
        )
        folder.write(
            "leaf.ext",
            "basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n"
        )
        let steps: [[String]] = [
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "root.key", "-out", "root.pem", "-days",
                "3650",
                "-subj", "/CN=Signet Test Root/O=Signet Tests", "-set_serial", "1001", "-addext",
                "basicConstraints=critical,CA:TRUE",
                "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            ],
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "other-root.key", "-out", "other-root.pem",
                "-days", "3650",
                "-subj", "/CN=Unrelated Root/O=Elsewhere", "-set_serial", "1002",
            ],
            [
                "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "interm.key", "-out", "interm.csr", "-subj",
                "/CN=Signet Test Intermediate/O=Signet Tests",
            ],
            [
                "x509", "-req", "-in", "interm.csr", "-CA", "root.pem", "-CAkey", "root.key", "-set_serial", "1003",
                "-days", "3650",
                "-extfile", "ca.ext", "-out", "interm.pem",
            ],
            [
                "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "rsa.key", "-out", "rsa.csr", "-subj",
                "/CN=Ada Signer/O=Signet Tests/C=BE",
            ],
            [
                "x509", "-req", "-in", "rsa.csr", "-CA", "interm.pem", "-CAkey", "interm.key", "-set_serial", "1004",
                "-days", "825",
                "-extfile", "leaf.ext", "-out", "rsa.pem",
            ],
            [
                "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "ec.key", "-out",
                "ec.csr",
                "-subj", "/CN=Elliptic Signer/O=Signet Tests",
            ],
            [
                "x509", "-req", "-in", "ec.csr", "-CA", "interm.pem", "-CAkey", "interm.key", "-set_serial", "1005",
                "-days", "825",
                "-extfile", "leaf.ext", "-out", "ec.pem",
            ],
            [
                "pkcs8", "-topk8", "-v2", "aes-256-cbc", "-in", "rsa.key", "-out", "rsa-pkcs8-enc.key", "-passout",
                "env:PKI_PASS",
            ],
            [
                "rsa", "-aes256", "-traditional", "-in", "rsa.key", "-out", "rsa-trad-enc.key", "-passout",
                "env:PKI_PASS",
            ],
            [
                "pkcs12", "-export", "-inkey", "rsa.key", "-in", "rsa.pem", "-certfile", "chain.pem", "-out", "rsa.p12",
                "-passout", "env:PKI_PASS",
            ],
            [
                "pkcs12", "-export", "-legacy", "-inkey", "rsa.key", "-in", "rsa.pem", "-certfile", "chain.pem", "-out",
                "rsa-legacy.p12",
                "-passout", "env:PKI_PASS",
            ],
            [
                "pkcs12", "-export", "-inkey", "rsa.key", "-in", "rsa.pem", "-certfile", "chain.pem", "-out",
                "rsa-nopass.p12",
                "-passout", "pass:", "-keypbe", "NONE", "-certpbe", "NONE", "-nomac",
            ],
            [
                "pkcs12", "-export", "-inkey", "ec.key", "-in", "ec.pem", "-certfile", "chain.pem", "-out", "ec.p12",
                "-passout", "env:PKI_PASS",
            ],
            [
                "pkcs12", "-export", "-nokeys", "-in", "rsa.pem", "-certfile", "chain.pem", "-out", "certs-only.p12",
                "-passout", "env:PKI_PASS",
            ],
            [
                "pkcs12", "-export", "-inkey", "ec.key", "-nocerts", "-certfile", "rsa.pem", "-out", "mismatched.p12",
                "-passout", "env:PKI_PASS",
            ],
            ["pkcs12", "-export", "-inkey", "ec.key", "-nocerts", "-out", "key-only.p12", "-passout", "env:PKI_PASS"],
        ]
        for step in steps {
            if step.first == "pkcs12", !FileManager.default.fileExists(atPath: chain) {
                folder.write(
                    "chain.pem",
                    try String(contentsOfFile: intermediateCert, encoding: .utf8)
                        + String(contentsOfFile: rootCert, encoding: .utf8))
            }
            let result = try ProcessRunner.run("openssl", step, environment: env, currentDirectory: folder.url.path)
            guard result.status == 0 else {
                throw NSError(
                    domain: "TestPKI", code: Int(result.status),
                    userInfo: [NSLocalizedDescriptionKey: "openssl \(step.joined(separator: " ")): \(result.stderr)"])
            }
        }
    }
}
