import Foundation

/// Signers the verification policy must refuse or handle, issued by TestPKI's intermediate
/// (so TestPKI's root anchors them), and a timestamp authority: made once per test process with
/// the openssl CLI (and Python's asn1crypto + cryptography for what the CLI cannot make).
/// Serial numbers are fixed (2001…).
package final class PolicyPKI: @unchecked Sendable {
    package let base = TestPKI.shared
    package let folder: TemporaryDirectory

    /// RSA-1024 signer.
    package var weakRSA: (cert: String, key: String) { pair("rsa1024") }
    /// keyUsage keyEncipherment only.
    package var encipherOnly: (cert: String, key: String) { pair("kuenc") }
    /// extendedKeyUsage serverAuth only.
    package var serverAuth: (cert: String, key: String) { pair("ekuserver") }
    /// extendedKeyUsage documentSigning (1.3.6.1.5.5.7.3.36).
    package var documentSigning: (cert: String, key: String) { pair("ekudoc") }
    package var ed25519: (cert: String, key: String) { pair("ed25519") }
    /// Valid 2020-01-01 to 2021-01-01 only.
    package var expired: (cert: String, key: String) { pair("expired") }
    /// A timestamp authority: critical extendedKeyUsage timeStamping.
    package var tsa: (cert: String, key: String) { pair("tsa") }
    /// A dual-use key: critical extendedKeyUsage timeStamping and emailProtection (RFC 3161 allows
    /// timeStamping alone, so a signer cannot date its own signatures).
    package var dualUseTSA: (cert: String, key: String) { pair("dualtsa") }
    /// An intermediate CA the root signed with MD5, and a signer it issued (with SHA-256).
    package var md5Intermediate: String { folder.path("md5ca.pem") }
    package var md5IntermediateSigner: (cert: String, key: String) { pair("md5caleaf") }
    /// An RSA-1024 intermediate CA (signed with SHA-256), and a signer it issued.
    package var weakIntermediate: String { folder.path("rsa1024ca.pem") }
    package var weakIntermediateSigner: (cert: String, key: String) { pair("rsa1024caleaf") }
    /// A signer the intermediate signed with SHA-1.
    package var sha1Signed: (cert: String, key: String) { pair("sha1leaf") }
    /// A timestamp authority the intermediate signed with SHA-1.
    package var sha1TSA: (cert: String, key: String) { pair("sha1tsa") }
    /// A DSA-1024 signer.
    package var dsa1024: (cert: String, key: String) { pair("dsa1024") }
    package var intermediateCert: String { base.intermediateCert }
    package var rootCert: String { base.rootCert }

    package static let shared: PolicyPKI = {
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
        let timestamping = leaf + "keyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n"
        let specs: [(name: String, key: [String], ext: String, serial: String)] = [
            ("rsa1024", ["-newkey", "rsa:1024"], leaf + signing, "2001"),
            ("kuenc", ["-newkey", "rsa:2048"], leaf + "keyUsage=critical,keyEncipherment\n", "2002"),
            ("ekuserver", ["-newkey", "rsa:2048"], leaf + signing + "extendedKeyUsage=serverAuth\n", "2003"),
            ("ekudoc", ["-newkey", "rsa:2048"], leaf + signing + "extendedKeyUsage=1.3.6.1.5.5.7.3.36\n", "2004"),
            ("ed25519", ["-newkey", "ed25519"], leaf + signing, "2005"),
            ("tsa", ["-newkey", "rsa:2048"], timestamping, "2006"),
            (
                "dualtsa", ["-newkey", "rsa:2048"],
                leaf + "keyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping,emailProtection\n",
                "2015"
            ),
        ]
        let intermediate = (cert: base.intermediateCert, key: base.folder.path("interm.key"))
        for spec in specs { try issue(spec.name, key: spec.key, ext: spec.ext, serial: spec.serial, by: intermediate) }
        // Weak chains: a CA signed with MD5, an RSA-1024 CA, a signer and a TSA signed with SHA-1, a DSA-1024 signer.
        let ca =
            "basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n"
        let root = (cert: base.rootCert, key: base.folder.path("root.key"))
        try issue("md5ca", key: ["-newkey", "rsa:2048"], ext: ca, serial: "2008", by: root, digest: "md5")
        try issue("rsa1024ca", key: ["-newkey", "rsa:1024"], ext: ca, serial: "2009", by: root)
        try issue("md5caleaf", key: ["-newkey", "rsa:2048"], ext: leaf + signing, serial: "2010", by: pair("md5ca"))
        try issue(
            "rsa1024caleaf", key: ["-newkey", "rsa:2048"], ext: leaf + signing, serial: "2011", by: pair("rsa1024ca"))
        try issue(
            "sha1leaf", key: ["-newkey", "rsa:2048"], ext: leaf + signing, serial: "2012", by: intermediate,
            digest: "sha1")
        try issue(
            "sha1tsa", key: ["-newkey", "rsa:2048"], ext: timestamping, serial: "2014", by: intermediate, digest: "sha1"
        )
        try openssl([
            "genpkey", "-genparam", "-algorithm", "DSA", "-pkeyopt", "dsa_paramgen_bits:1024", "-out", "dsa.param",
        ])
        try issue("dsa1024", key: ["-newkey", "dsa:dsa.param"], ext: leaf + signing, serial: "2013", by: intermediate)
        try python([
            "expired-cert", "--ca-cert", base.intermediateCert, "--ca-key", base.folder.path("interm.key"),
            "--subject", "CN=Expired Signer,O=Signet Tests", "--serial", "2007", "--out-cert", "expired.pem",
            "--out-key", "expired.key",
        ])
    }

    /// `name`.pem (and .key) with a fresh key (`key`: `req` options), issued by `issuer` with `ext`
    /// and `digest`, named "CN=Policy `name`,O=Signet Tests".
    private func issue(
        _ name: String, key: [String], ext: String, serial: String, by issuer: (cert: String, key: String),
        digest: String = "sha256"
    ) throws {
        folder.write("\(name).ext", ext)
        try openssl(
            ["req"] + key + [
                "-nodes", "-keyout", "\(name).key", "-out", "\(name).csr", "-subj", "/CN=Policy \(name)/O=Signet Tests",
            ])
        try openssl([
            "x509", "-req", "-in", "\(name).csr", "-CA", issuer.cert, "-CAkey", issuer.key, "-\(digest)", "-set_serial",
            serial, "-days", "825", "-extfile", "\(name).ext", "-out", "\(name).pem",
        ])
    }

    /// `openssl cms -sign -binary` of `content` (detached, DER), with `chain` attached (the
    /// intermediate by default).
    package func opensslSign(
        _ signer: (cert: String, key: String), content: String, out: String, digest: String = "sha256",
        chain: String? = nil, extra: [String] = []
    ) throws {
        try openssl(
            [
                "cms", "-sign", "-binary", "-in", content, "-signer", signer.cert, "-inkey", signer.key, "-certfile",
                chain ?? base.intermediateCert,
                "-md", digest, "-outform", "DER", "-out", out,
            ] + extra)
    }

    /// A detached SignedData built field by field in Python: content-type, message-digest and
    /// signing-certificate-v2 signed attributes; `essCertificate` names another certificate first in
    /// the latter, and `essExtra` more after it; `unsorted` signs (and sends) the attributes out of
    /// DER order; `embed` encapsulates the content; `chain` is carried after the signer's
    /// certificate (the intermediate by default; a file named twice is carried twice).
    package func pythonSign(
        _ signer: (cert: String, key: String), content: String, out: String, digest: String = "sha256",
        contentType: String = "data", essCertificate: String? = nil, essExtra: [String] = [], unsorted: Bool = false,
        embed: Bool = false, chain: [String]? = nil, crls: Int = 0
    ) throws {
        var args = [
            "sign", "--cert", signer.cert, "--key", signer.key, "--data", content, "--out", out, "--md", digest,
            "--content-type", contentType,
        ]
        for certificate in chain ?? [base.intermediateCert] { args += ["--chain", certificate] }
        if let essCertificate { args += ["--ess-cert", essCertificate] }
        for certificate in essExtra { args += ["--ess-extra", certificate] }
        if unsorted { args.append("--unsorted") }
        if embed { args.append("--embed") }
        if crls > 0 { args += ["--crls", String(crls)] }
        try python(args)
    }

    /// An RFC 3161 token (DER TimeStampToken) over the bytes of `data`, from our TSA (or
    /// `authority`), with the intermediate.
    package func timestampToken(
        over data: String, out: String, digest: String = "sha256", authority: (cert: String, key: String)? = nil
    ) throws {
        let query = out + ".tsq"
        try openssl(["ts", "-query", "-data", data, "-\(digest)", "-cert", "-out", query])
        // `openssl ts -reply` rewrites the shared serial file: one reply at a time (tests run in parallel).
        Self.replyLock.lock()
        defer { Self.replyLock.unlock() }
        try openssl([
            "ts", "-reply", "-queryfile", query, "-signer", (authority ?? tsa).cert, "-inkey", (authority ?? tsa).key,
            "-chain",
            base.intermediateCert,
            "-config", folder.path("tsa.cnf"), "-token_out", "-out", out,
        ])
    }

    /// A TimeStampResp (status granted, the token, genTime now) answering the DER query at `query`,
    /// as our TSA would send it; returns `out`.
    package func timestampReply(to query: String, out: String) throws -> String {
        Self.replyLock.lock()
        defer { Self.replyLock.unlock() }
        try openssl([
            "ts", "-reply", "-queryfile", query, "-signer", tsa.cert, "-inkey", tsa.key, "-chain",
            base.intermediateCert, "-config", folder.path("tsa.cnf"), "-out", out,
        ])
        return out
    }

    /// Writes the first SignerInfo's signature value of `p7s` to `out`.
    package func signatureValue(of p7s: String, out: String) throws {
        try python(["sigvalue", "--in", p7s, "--out", out])
    }

    /// `p7s` with `token` as its id-aa-signatureTimeStampToken unsigned attribute.
    package func attach(token: String, to p7s: String, out: String) throws {
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
