import Foundation

/// A SoftHSM2 token made for the tests: its own SOFTHSM2_CONF and token directory, initialized
/// with `softhsm2-util --init-token`, holding the TestPKI signers' keys (RSA-2048, EC P-256 and an
/// EC P-384 signer made here, imported as PKCS#8 with `softhsm2-util --import`) and their
/// certificates plus the intermediate and root (written with `pkcs11-tool --write-object`).
/// Each token is created once per test process; `environment` points a child process at it, and
/// the test process is pointed at ``inProcess`` (SoftHSM2 reads SOFTHSM2_CONF when a module
/// initializes).
package final class SoftHSMToken: @unchecked Sendable {
    package static let module = "/usr/lib/softhsm/libsofthsm2.so"
    package static let label = "Signet Test Token"
    package static let pin = "4711-signet-pin"
    /// Key labels (the certificate of each has the same label and CKA_ID).
    package static let rsaKey = "ada-rsa", p256Key = "elliptic-p256", p384Key = "elliptic-p384"
    /// A key stored without any certificate.
    package static let bareKey = "bare-p256"
    /// The bare key again, with CKA_ALWAYS_AUTHENTICATE: every signature needs the PIN once more.
    package static let alwaysAuthKey = "always-auth-p256"

    /// Why the tests cannot run, or `nil` when SoftHSM2 and pkcs11-tool are installed.
    package static var missing: String? {
        guard FileManager.default.fileExists(atPath: module) else { return "SoftHSM2 is not installed (\(module))" }
        for tool in ["softhsm2-util", "pkcs11-tool"] where !ProcessRunner.hasTool(tool) {
            return "\(tool) is not installed (Debian softhsm2, opensc)"
        }
        return nil
    }

    package let folder: TemporaryDirectory
    package var configuration: String { folder.path("softhsm2.conf") }
    /// P-384 signer made here (issued by the TestPKI intermediate).
    package var p384Cert: String { folder.path("p384.pem") }
    /// A self-signed certificate of the bare key (which the token holds without one).
    package var bareCert: String { folder.path("bare.pem") }
    /// PATH and SOFTHSM2_CONF, for a `signet` run.
    package var environment: [String: String] {
        ["SOFTHSM2_CONF": configuration, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
    }

    /// The token child processes sign with, or `nil` when SoftHSM2 is missing.
    ///
    /// SoftHSM2's file store is not safe for several processes at once: while one process logs in
    /// (which rewrites the token's `generation` file, and its object file after a wrong PIN),
    /// another listing the slots can find no token at all — 9 listings in 200 beside two login
    /// loops here; upstream this is SoftHSMv2 issue 757. So the suite whose processes use this
    /// token is serialized, and the test process uses a token of its own, ``inProcess``.
    package static let shared: SoftHSMToken? = make { SoftHSMToken.shared?.remove() }
    /// The token the test process itself opens (its SOFTHSM2_CONF is pointed here; the suite that
    /// uses it is serialized, so its wrong-PIN test overlaps no other use).
    package static let inProcess: SoftHSMToken? = {
        let token = make { SoftHSMToken.inProcess?.remove() }
        if let token { setenv("SOFTHSM2_CONF", token.configuration, 1) }
        return token
    }()

    /// A new token, whose folder `atExit` removes when the process ends.
    private static func make(atExit: @escaping @convention(c) () -> Void) -> SoftHSMToken? {
        guard missing == nil else { return nil }
        do {
            let token = try SoftHSMToken(pki: .shared)
            atexit(atExit)
            return token
        } catch {
            fatalError("cannot set up a SoftHSM2 test token: \(error)")
        }
    }

    private func remove() { try? FileManager.default.removeItem(at: folder.url) }

    private init(pki: TestPKI) throws {
        folder = TemporaryDirectory("signet-softhsm")
        try FileManager.default.createDirectory(atPath: folder.path("tokens"), withIntermediateDirectories: true)
        folder.write(
            "softhsm2.conf",
            "directories.tokendir = \(folder.path("tokens"))\nobjectstore.backend = file\nlog.level = ERROR\n")
        folder.write(
            "leaf.ext", "basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n")
        let pkiFolder = pki.folder.url.path
        let moduleArgs = ["--module", Self.module, "--token-label", Self.label, "--login", "--pin", Self.pin]
        var steps: [(String, [String])] = [
            (
                "softhsm2-util",
                ["--init-token", "--free", "--label", Self.label, "--pin", Self.pin, "--so-pin", "so-987654"]
            ),
            (
                "openssl",
                [
                    "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-384", "-nodes", "-keyout", "p384.key",
                    "-out", "p384.csr", "-subj", "/CN=Token P-384 Signer/O=Signet Tests",
                ]
            ),
            (
                "openssl",
                [
                    "x509", "-req", "-in", "p384.csr", "-CA", "\(pkiFolder)/interm.pem", "-CAkey",
                    "\(pkiFolder)/interm.key", "-set_serial", "2001", "-days", "825", "-extfile", "leaf.ext", "-out",
                    "p384.pem",
                ]
            ),
            (
                "openssl",
                [
                    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout",
                    "bare.key", "-out", "bare.pem", "-subj", "/CN=Bare Token Key", "-days", "30",
                ]
            ),
        ]
        let keys = [
            (Self.rsaKey, "\(pkiFolder)/rsa.key", pki.rsaCert, "01"),
            (Self.p256Key, "\(pkiFolder)/ec.key", pki.ecCert, "02"),
            (Self.p384Key, "p384.key", "p384.pem", "03"), (Self.bareKey, "bare.key", nil, "04"),
        ]
        for (label, key, cert, id) in keys {
            steps.append(("openssl", ["pkcs8", "-topk8", "-nocrypt", "-in", key, "-out", "\(id).p8"]))
            steps.append(
                (
                    "softhsm2-util",
                    ["--import", "\(id).p8", "--token", Self.label, "--label", label, "--id", id, "--pin", Self.pin]
                ))
            if let cert {
                steps.append(("openssl", ["x509", "-in", cert, "-outform", "DER", "-out", "\(id).der"]))
                steps.append(
                    (
                        "pkcs11-tool",
                        moduleArgs + ["--write-object", "\(id).der", "--type", "cert", "--id", id, "--label", label]
                    ))
            }
        }
        steps.append(("openssl", ["pkey", "-in", "bare.key", "-outform", "DER", "-out", "bare.der"]))
        steps.append(
            (
                "pkcs11-tool",
                moduleArgs + [
                    "--write-object", "bare.der", "--type", "privkey", "--id", "05", "--label", Self.alwaysAuthKey,
                    "--always-auth",
                ]
            ))
        for (name, cert, id) in [("intermediate", pki.intermediateCert, "a1"), ("root", pki.rootCert, "a2")] {
            steps.append(("openssl", ["x509", "-in", cert, "-outform", "DER", "-out", "\(name).der"]))
            steps.append(
                (
                    "pkcs11-tool",
                    moduleArgs + ["--write-object", "\(name).der", "--type", "cert", "--id", id, "--label", name]
                ))
        }
        let env = [
            "SOFTHSM2_CONF": folder.path("softhsm2.conf"),
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]
        for (tool, arguments) in steps {
            let result = try ProcessRunner.run(tool, arguments, environment: env, currentDirectory: folder.url.path)
            guard result.status == 0 else {
                throw NSError(
                    domain: "SoftHSMToken", code: Int(result.status),
                    userInfo: [
                        NSLocalizedDescriptionKey: "\(tool) \(arguments.joined(separator: " ")): \(result.stderr)"
                    ])
            }
        }
    }

    /// The `signet sign` options that name key `key` on this token, with the PIN from `--pin-env`.
    package static func options(key: String) -> [String] {
        ["--pkcs11-module", module, "--pkcs11-token", label, "--pkcs11-key", key, "--pin-env", "SIGNET_TEST_PIN"]
    }
}
