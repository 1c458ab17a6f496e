import Foundation

/// Signers the verification policy must refuse or handle, issued by TestPKI's intermediate
/// (so TestPKI's root anchors them), and a timestamp authority: made once per test process with
/// the openssl CLI (and Python's asn1crypto + cryptography for what the CLI cannot make).
/// Serial numbers are fixed (2001…).
public final class PolicyPKI: @unchecked Sendable {
    public let base = TestPKI.shared
    public let folder: TemporaryDirectory

    /// RSA-1024 signer.
    public var weakRSA: (cert: String, key: String) { pair("rsa1024") }
    /// keyUsage keyEncipherment only.
    public var encipherOnly: (cert: String, key: String) { pair("kuenc") }
    /// extendedKeyUsage serverAuth only.
    public var serverAuth: (cert: String, key: String) { pair("ekuserver") }
    /// extendedKeyUsage documentSigning (1.3.6.1.5.5.7.3.36).
    public var documentSigning: (cert: String, key: String) { pair("ekudoc") }
    public var ed25519: (cert: String, key: String) { pair("ed25519") }
    /// Valid 2020-01-01 to 2021-01-01 only.
    public var expired: (cert: String, key: String) { pair("expired") }
    /// A timestamp authority: critical extendedKeyUsage timeStamping.
    public var tsa: (cert: String, key: String) { pair("tsa") }
    public var intermediateCert: String { base.intermediateCert }
    public var rootCert: String { base.rootCert }

    public static let shared: PolicyPKI = {
        do {
            let pki = try PolicyPKI()
            atexit { try? FileManager.default.removeItem(at: PolicyPKI.shared.folder.url) }
            return pki
        } catch {
            fatalError("cannot create the policy test PKI: \(error)")
        }
    }()

    private func pair(_ name: String) -> (cert: String, key: String) {
        (folder.path("\(name).pem"), folder.path("\(name).key"))
    }

    private init() throws {
        folder = TemporaryDirectory("signet-policy-pki")
        folder.write("cms_tool.py", CMSToolScript.source)
        folder.write("tsaserial", "01\n")
        folder.write(
            "tsa.cnf",
            """
            [ tsa ]
            default_tsa = tsa1
            [ tsa1 ]
            serial = ./tsaserial
            crypto_device = builtin
            signer_digest = sha256
            default_policy = 1.2.3.4.1
            other_policies = 1.2.3.4.2
            digests = sha256, sha384, sha512, sha1
            accuracy = secs:1
            ordering = yes
            tsa_name = yes
            ess_cert_id_chain = no
            ess_cert_id_alg = sha256

            """)
        let leaf = "basicConstraints=critical,CA:FALSE\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n"
        let signing = "keyUsage=critical,digitalSignature,nonRepudiation\n"
        let specs: [(name: String, key: [String], ext: String, serial: String)] = [
            ("rsa1024", ["-newkey", "rsa:1024"], leaf + signing, "2001"),
            ("kuenc", ["-newkey", "rsa:2048"], leaf + "keyUsage=critical,keyEncipherment\n", "2002"),
            ("ekuserver", ["-newkey", "rsa:2048"], leaf + signing + "extendedKeyUsage=serverAuth\n", "2003"),
            ("ekudoc", ["-newkey", "rsa:2048"], leaf + signing + "extendedKeyUsage=1.3.6.1.5.5.7.3.36\n", "2004"),
            ("ed25519", ["-newkey", "ed25519"], leaf + signing, "2005"),
            (
                "tsa", ["-newkey", "rsa:2048"],
                leaf + "keyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n", "2006"
            ),
        ]
        for spec in specs {
            folder.write("\(spec.name).ext", spec.ext)
            try openssl(
                ["req"] + spec.key + [
                    "-nodes", "-keyout", "\(spec.name).key", "-out", "\(spec.name).csr", "-subj",
                    "/CN=Policy \(spec.name)/O=Signet Tests",
                ])
            try openssl([
                "x509", "-req", "-in", "\(spec.name).csr", "-CA", base.intermediateCert, "-CAkey",
                base.folder.path("interm.key"),
                "-set_serial", spec.serial, "-days", "825", "-extfile", "\(spec.name).ext", "-out", "\(spec.name).pem",
            ])
        }
        try python([
            "expired-cert", "--ca-cert", base.intermediateCert, "--ca-key", base.folder.path("interm.key"),
            "--subject", "CN=Expired Signer,O=Signet Tests", "--serial", "2007", "--out-cert", "expired.pem",
            "--out-key", "expired.key",
        ])
    }

    /// `openssl cms -sign -binary` of `content` (detached, DER), with the intermediate attached.
    public func opensslSign(
        _ signer: (cert: String, key: String), content: String, out: String, digest: String = "sha256",
        extra: [String] = []
    ) throws {
        try openssl(
            [
                "cms", "-sign", "-binary", "-in", content, "-signer", signer.cert, "-inkey", signer.key, "-certfile",
                base.intermediateCert,
                "-md", digest, "-outform", "DER", "-out", out,
            ] + extra)
    }

    /// A detached SignedData built field by field in Python: content-type, message-digest and
    /// signing-certificate-v2 signed attributes; `essCertificate` names another certificate in
    /// the latter; `embed` encapsulates the content.
    public func pythonSign(
        _ signer: (cert: String, key: String), content: String, out: String, digest: String = "sha256",
        contentType: String = "data",
        essCertificate: String? = nil, embed: Bool = false
    ) throws {
        var args = [
            "sign", "--cert", signer.cert, "--key", signer.key, "--data", content, "--out", out, "--md", digest,
            "--content-type", contentType, "--chain", base.intermediateCert,
        ]
        if let essCertificate { args += ["--ess-cert", essCertificate] }
        if embed { args.append("--embed") }
        try python(args)
    }

    /// An RFC 3161 token (DER TimeStampToken) over the bytes of `data`, from our TSA, with the intermediate.
    public func timestampToken(over data: String, out: String, digest: String = "sha256") throws {
        let query = out + ".tsq"
        try openssl(["ts", "-query", "-data", data, "-\(digest)", "-cert", "-out", query])
        // `openssl ts -reply` rewrites the shared serial file: one reply at a time (tests run in parallel).
        Self.replyLock.lock()
        defer { Self.replyLock.unlock() }
        try openssl([
            "ts", "-reply", "-queryfile", query, "-signer", tsa.cert, "-inkey", tsa.key, "-chain",
            base.intermediateCert,
            "-config", folder.path("tsa.cnf"), "-token_out", "-out", out,
        ])
    }

    /// A TimeStampResp (status granted, the token, genTime now) answering the DER query at `query`,
    /// as our TSA would send it; returns `out`.
    public func timestampReply(to query: String, out: String) throws -> String {
        Self.replyLock.lock()
        defer { Self.replyLock.unlock() }
        try openssl([
            "ts", "-reply", "-queryfile", query, "-signer", tsa.cert, "-inkey", tsa.key, "-chain",
            base.intermediateCert, "-config", folder.path("tsa.cnf"), "-out", out,
        ])
        return out
    }

    /// Writes the first SignerInfo's signature value of `p7s` to `out`.
    public func signatureValue(of p7s: String, out: String) throws {
        try python(["sigvalue", "--in", p7s, "--out", out])
    }

    /// `p7s` with `token` as its id-aa-signatureTimeStampToken unsigned attribute.
    public func attach(token: String, to p7s: String, out: String) throws {
        try python(["add-token", "--in", p7s, "--token", token, "--out", out])
    }

    private static let replyLock = NSLock()

    private func openssl(_ arguments: [String]) throws { try run("openssl", arguments) }

    private func python(_ arguments: [String]) throws { try run("python3", [folder.path("cms_tool.py")] + arguments) }

    private func run(_ tool: String, _ arguments: [String]) throws {
        let result = try ProcessRunner.run(tool, arguments, currentDirectory: folder.url.path)
        guard result.status == 0 else {
            throw NSError(
                domain: "PolicyPKI", code: Int(result.status),
                userInfo: [NSLocalizedDescriptionKey: "\(tool) \(arguments.joined(separator: " ")): \(result.stderr)"])
        }
    }
}
