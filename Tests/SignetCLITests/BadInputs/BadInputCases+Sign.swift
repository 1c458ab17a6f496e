import SignetTestSupport

extension BadInputCases {
    /// The test PKI's RSA signer as PEM files: `--key signer.key --cert signer.pem`.
    static let pem: [Fixture] = [.pki("signer.key") { $0.rsaKey }, .pki("signer.pem") { $0.rsaCert }]
    static let pemArguments = ["--key", "signer.key", "--cert", "signer.pem"]

    /// `sign IN.pdf -o OUT.pdf --key signer.key --cert signer.pem` with `pdf` as IN.pdf and `extra` options.
    private static func signing(
        _ label: String, _ pdf: Fixture = F.pdf(), _ extra: [String] = [], files: [Fixture] = [], fragment: String
    )
        -> BadInputCase
    {
        BadInputCase(
            "sign", label, [pdf.name, "-o", "OUT.pdf"] + pemArguments + extra, files: [pdf] + pem + files,
            fragment: fragment)
    }

    /// `sign IN.pdf -o OUT.pdf --p12 signer.p12 …` with the bundle `p12` and the password `password` in P12_PASSWORD.
    private static func bundle(
        _ label: String, _ p12: @escaping @Sendable (TestPKI) -> String, password: String?, fragment: String
    )
        -> BadInputCase
    {
        BadInputCase(
            "sign", label,
            ["IN.pdf", "-o", "OUT.pdf", "--p12", "signer.p12"]
                + (password == nil ? [] : ["--password-env", "P12_PASSWORD"]),
            files: [F.pdf(), .pki("signer.p12", p12)], environment: password.map { ["P12_PASSWORD": $0] } ?? [:],
            fragment: fragment)
    }

    static let sign: [BadInputCase] = [
        bundle(
            "wrong password for the bundle", { $0.rsaP12 }, password: F.wrongPassword,
            fragment: "the password does not open it"),
        bundle("no password for an encrypted bundle", { $0.rsaP12 }, password: nil, fragment: "no password was given"),
        bundle(
            "bundle without a private key", { $0.certsOnlyP12 }, password: TestPKI.password,
            fragment: "holds certificates but no private key"),
        bundle(
            "bundle without a certificate", { $0.keyOnlyP12 }, password: TestPKI.password,
            fragment: "holds a private key but no certificate"),
        bundle(
            "bundle whose key matches no certificate", { $0.mismatchedP12 }, password: TestPKI.password,
            fragment: "matches none of the 1 certificate(s)"),
        BadInputCase(
            "sign", "key matching no certificate",
            ["IN.pdf", "-o", "OUT.pdf", "--key", "other.key", "--cert", "signer.pem"],
            files: [F.pdf(), .pki("other.key") { $0.ecKey }, .pki("signer.pem") { $0.rsaCert }],
            fragment: "matches none of the 1 certificate(s)"),
        BadInputCase(
            "sign", "encrypted key, wrong password (--password-file)",
            [
                "IN.pdf", "-o", "OUT.pdf", "--key", "signer.key", "--cert", "signer.pem", "--password-file",
                "password.txt",
            ],
            files: [
                F.pdf(), .pki("signer.key") { $0.rsaKeyTraditionalEncrypted }, .pki("signer.pem") { $0.rsaCert },
                .password("password.txt", F.wrongPassword),
            ],
            fragment: "the password does not open it"),
        BadInputCase(
            "sign", "--p12 not a bundle", ["IN.pdf", "-o", "OUT.pdf", "--p12", "signer.p12"],
            files: [F.pdf(), .text("signer.p12", "not a bundle\n")], fragment: "not a PKCS#12 bundle"),
        BadInputCase(
            "sign", "--cert not a certificate",
            ["IN.pdf", "-o", "OUT.pdf", "--key", "signer.key", "--cert", "signer.pem"],
            files: [F.pdf(), .pki("signer.key") { $0.rsaKey }, .text("signer.pem", "not a certificate\n")],
            fragment: "cannot be read as a key or certificate"),
        BadInputCase(
            "sign", "no signer named", ["IN.pdf", "-o", "OUT.pdf"], files: [F.pdf()], fragment: "say who signs"),
        signing("encrypted PDF", F.encryptedPDF("IN.pdf"), fragment: "is encrypted"),
        signing("not a PDF", .text("IN.pdf", "just some text\n"), fragment: "not a PDF"),
        signing("truncated PDF", F.truncatedPDF("IN.pdf"), fragment: "the file is truncated"),
        signing("a document that reads two ways", F.twoWaysPDF("IN.pdf"), fragment: "the document reads two ways"),
        BadInputCase(
            "sign", "-o - (standard output)", ["IN.pdf", "-o", "-"] + pemArguments, files: [F.pdf()] + pem,
            fragment: "must be written to a file"),
        signing(
            "placeholder too small (--reserve 600)", F.pdf(), ["--reserve", "600"], fragment: "only 600 are reserved"),
        signing("--reserve below 512", F.pdf(), ["--reserve", "100"], fragment: "--reserve must be between 512"),
        signing("--pages without artwork", F.pdf(), ["--pages", "2"], fragment: "--pages places a visible signature"),
        signing(
            "visible signature page out of range", F.pdf(), ["--image", "stamp.png", "--pages", "4"],
            files: [F.stamp()],
            fragment: "page 4 is out of range"),
        signing("--field that does not exist", F.pdf(), ["--field", "Nope"], fragment: "has no field named 'Nope'"),
        signing(
            "field already signed", F.signedPDF("IN.pdf"), ["--field", "Signature1"],
            fragment: "field 'Signature1' is already signed"),
        signing(
            "--certify on a signed file", F.signedPDF("IN.pdf"), ["--certify"],
            fragment: "only the first signature may certify"),
        BadInputCase(
            "sign", "--detached with -o", ["IN.pdf", "--detached", "OUT.p7s", "-o", "OUT.pdf"] + pemArguments,
            files: [F.pdf()] + pem, fragment: "leave out -o"),
        BadInputCase(
            "sign", "--detached with a PDF option", ["IN.pdf", "--detached", "OUT.p7s", "--certify"] + pemArguments,
            files: [F.pdf()] + pem, fragment: "--certify is about PDF signatures"),
        BadInputCase(
            "sign", "output is the input", ["IN.pdf", "-o", "IN.pdf"] + pemArguments, files: [F.pdf()] + pem,
            fragment: "inputs are never overwritten"),
        BadInputCase(
            "sign", "file and password both on standard input",
            ["-", "-o", "OUT.pdf", "--p12", "signer.p12", "--password-stdin"],
            files: [F.pdf(), .pki("signer.p12") { $0.rsaP12 }], stdin: "IN.pdf", fragment: "cannot carry both"),
        BadInputCase(
            "sign", "key and PDF passwords both on standard input",
            ["IN.pdf", "-o", "OUT.pdf", "--p12", "signer.p12", "--password-stdin", "--pdf-password-stdin"],
            files: [F.encryptedPDF("IN.pdf"), .pki("signer.p12") { $0.rsaP12 }],
            fragment: "cannot carry both the password (--password-stdin) and the PDF password (--pdf-password-stdin)"),
        signing(
            "signed file that cannot take an update (broken xref)", F.signedBrokenXrefPDF("IN.pdf"),
            fragment: "a signature cannot be appended to this file"),
        signing("signed file without %%EOF", F.signedWithoutEOFPDF("IN.pdf"), fragment: "the file is truncated"),
        signing(
            "certified with no changes allowed (DocMDP P=1)",
            .corpus("pdfs/pyhanko/certified-with-indirect-refs-in-dir.pdf"),
            fragment: "DocMDP P=1"),
    ]
}
