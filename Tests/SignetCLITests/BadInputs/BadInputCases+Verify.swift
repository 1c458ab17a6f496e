import SignetTestSupport

extension BadInputCases {
    /// `verify content.txt --p7s content.p7s` with the signature `p7s` and `extra` options.
    private static func detached(
        _ label: String, content: Fixture = F.content("content.txt"), _ p7s: Fixture?, _ extra: [String] = [],
        files: [Fixture] = [], exit: Int32 = 2, fragment: String, printsReport: Bool = false
    ) -> BadInputCase {
        BadInputCase(
            "verify", label, ["content.txt", "--p7s", "content.p7s"] + extra,
            files: [content] + (p7s.map { [$0] } ?? []) + files,
            exit: exit, fragment: fragment, printsReport: printsReport)
    }

    static let verify: [BadInputCase] = [
        BadInputCase(
            "verify", "tampered PDF", ["IN.pdf"], files: [F.tamperedPDF("IN.pdf")], exit: 3,
            fragment: "digest does not match", printsReport: true),
        BadInputCase(
            "verify", "bytes appended after signing", ["IN.pdf"], files: [F.appendedPDF("IN.pdf")], exit: 3,
            fragment: "INVALID", printsReport: true),
        BadInputCase(
            "verify", "unsigned PDF", ["IN.pdf"], files: [F.pdf()], exit: 2, fragment: "contains no signatures"),
        BadInputCase(
            "verify", "not a PDF (and no --p7s)", ["IN.pdf"], files: [.text("IN.pdf", "just some text\n")],
            fragment: "not a PDF"),
        BadInputCase(
            "verify", "truncated PDF", ["IN.pdf"], files: [F.truncatedPDF("IN.pdf")], fragment: "the file is truncated"),
        detached(
            "changed content", content: .text("content.txt", "The parties agree to nothing.\n"),
            F.detachedSignature("content.p7s"),
            exit: 3, fragment: "digest does not match", printsReport: true),
        detached(
            "chain from another CA (--ca)", F.detachedSignature("content.p7s"), ["--ca", "ca.pem"],
            files: [.pki("ca.pem") { $0.otherRootCert }], exit: 3, fragment: "does not lead to a trust anchor",
            printsReport: true),
        detached(
            "corrupt .p7s", F.detachedSignature("content.p7s", keep: 200), fragment: "not a CMS (PKCS#7) signature"),
        detached("missing .p7s", nil, fragment: "content.p7s: cannot open"),
        detached(
            "--ca not a certificate", F.detachedSignature("content.p7s"), ["--ca", "ca.pem"],
            files: [.text("ca.pem", "nope\n")],
            fragment: "ca.pem: cannot be read as a key or certificate"),
        BadInputCase(
            "verify", "missing content for --p7s", ["content.txt", "--p7s", "content.p7s"],
            files: [F.detachedSignature("content.p7s")],
            fragment: "content.txt: cannot open"),
        BadInputCase(
            "verify", "content and --p7s both on standard input", ["-", "--p7s", "-"],
            files: [F.content("content.txt")],
            stdin: "content.txt", fragment: "cannot both come from standard input"),
        BadInputCase(
            "verify", "signature placeholder never filled", ["with-placeholder.pdf"],
            files: [.corpus("pdfs/node-signpdf/with-placeholder.pdf")], exit: 3, fragment: "ByteRange [0, -1, -1, -1]",
            printsReport: true),
        BadInputCase(
            // node-signpdf signs its attributes in the order it wrote them, not in DER order, which
            // RFC 5652 and DSS refuse; its second signer's certificate has expired since.
            "verify", "second signature by an expired certificate, first not over DER-ordered attributes",
            ["signed-twice.pdf", "--no-trust", "--validation-time", "claimed"],
            files: [.corpus("pdfs/node-signpdf/signed-twice.pdf")], exit: 3,
            fragment:
                "2 of its 2 signatures are INVALID (signature 1: the signature value does not verify over the DER encoding",
            printsReport: true),
    ]
}
