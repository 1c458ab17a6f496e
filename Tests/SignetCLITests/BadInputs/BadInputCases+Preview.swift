extension BadInputCases {
    /// `preview IN.pdf -o OUT.png` with `pdf` as IN.pdf and `extra` options.
    private static func previewing(
        _ label: String, _ pdf: Fixture = F.pdf(), _ extra: [String] = [], files: [Fixture] = [],
        environment: [String: String] = [:],
        fragment: String
    ) -> BadInputCase {
        BadInputCase(
            "preview", label, [pdf.name, "-o", "OUT.png"] + extra, files: [pdf] + files, environment: environment,
            fragment: fragment)
    }

    static let preview: [BadInputCase] = [
        previewing("not a PDF", .text("IN.pdf", "just some text\n"), fragment: "not a PDF"),
        previewing(
            "truncated PDF", F.truncatedPDF("IN.pdf"), fragment: "the file is truncated (it does not end with %%EOF)"),
        BadInputCase("preview", "missing input file", ["IN.pdf", "-o", "OUT.png"], fragment: "IN.pdf: cannot open"),
        previewing("page out of range", F.pdf(), ["--pages", "4"], fragment: "there is no page 4"),
        previewing("pixel limit", F.pdf(), ["--dpi", "9000"], fragment: "over the limit of 25000000 pixels"),
        previewing(
            "encrypted, no password given", F.encryptedPDF("IN.pdf"),
            fragment: "the file is encrypted and needs a password"),
        previewing(
            "encrypted, wrong password (--password-env)", F.encryptedPDF("IN.pdf"), ["--password-env", "PDF_PASSWORD"],
            environment: ["PDF_PASSWORD": F.wrongPassword], fragment: "the password is wrong"),
        previewing("--width 0", F.pdf(), ["--width", "0"], fragment: "--width must be between 1 and 32767"),
        previewing(
            "--dpi with --width", F.pdf(), ["--dpi", "72", "--width", "100"],
            fragment: "give --dpi or --width/--height, not both"),
        BadInputCase(
            "preview", "--all without --output-dir", ["IN.pdf", "--all"], files: [F.pdf()],
            fragment: "--all needs --output-dir DIR"),
        BadInputCase(
            "preview", "output is the input", ["IN.pdf", "-o", "IN.pdf"], files: [F.pdf()],
            fragment: "inputs are never overwritten"),
        previewing(
            "page beyond a looping page tree", .corpus("pdfs/qpdf/pages-loop.pdf"), ["--pages", "2"],
            fragment: "there is no page 2"),
    ]
}
