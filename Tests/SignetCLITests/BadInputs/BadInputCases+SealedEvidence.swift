import SignetTestSupport

extension BadInputCases {
    /// `sign --evidence-for` and `evidence extract` refused: the refusal names what to give.
    static let sealedEvidence: [BadInputCase] = [
        BadInputCase(
            "sign", "--evidence-for with an image, not strokes",
            ["IN.pdf", "-o", "OUT.pdf"] + pemArguments + ["--image", "sig.png", "--evidence-for", "signer.pem"],
            files: [F.pdf(), .bytes("sig.png") { TestStamp.png() }] + pem,
            fragment: "--evidence-for seals the pen's dynamics, so it needs --strokes FILE"),
        BadInputCase(
            "sign", "--evidence-for a file that is no certificate",
            ["IN.pdf", "-o", "OUT.pdf"] + pemArguments + ["--strokes", "IN.json", "--evidence-for", "IN.json"],
            files: [F.pdf(), F.strokes()] + pem, fragment: "the examiner's certificate cannot be read"),
        BadInputCase(
            "evidence", "extract from a PDF without evidence",
            ["extract", "IN.pdf", "--key", "signer.key", "-o", "OUT.iso"], files: [F.pdf()] + pem,
            fragment: "no signature in it carries sealed handwriting evidence"),
    ]
}
