extension BadInputCases {
    /// `stamp IN.pdf -o OUT.pdf --image stamp.png` with `pdf` as IN.pdf and `extra` options.
    private static func stamping(
        _ label: String, _ pdf: Fixture = F.pdf(), _ extra: [String] = [], files: [Fixture] = [],
        environment: [String: String] = [:],
        fragment: String
    ) -> BadInputCase {
        BadInputCase(
            "stamp", label, [pdf.name, "-o", "OUT.pdf", "--image", "stamp.png"] + extra,
            files: [pdf, F.stamp()] + files,
            environment: environment, fragment: fragment)
    }

    static let stamp: [BadInputCase] = [
        stamping("not a PDF", .text("IN.pdf", "just some text, not a PDF\n"), fragment: "not a PDF"),
        stamping("empty file", .text("IN.pdf", ""), fragment: "not a PDF"),
        stamping("truncated PDF", F.truncatedPDF("IN.pdf"), fragment: "the file is truncated"),
        stamping("signed file without %%EOF", F.signedWithoutEOFPDF("IN.pdf"), fragment: "the file is truncated"),
        stamping(
            "signed file with a broken xref", F.signedBrokenXrefPDF("IN.pdf"),
            fragment: "cannot append an incremental update"),
        stamping("page reference to a missing object", F.missingPagePDF("IN.pdf"), fragment: "page 2 is missing"),
        stamping("a document that reads two ways", F.twoWaysPDF("IN.pdf"), fragment: "the document reads two ways"),
        BadInputCase(
            "stamp", "missing input file", ["IN.pdf", "-o", "OUT.pdf", "--image", "stamp.png"], files: [F.stamp()],
            fragment: "cannot open (No such file or directory)"),
        stamping("folder as input", .folder("IN.pdf"), fragment: "is a folder"),
        stamping("page out of range", F.pdf(), ["--pages", "3"], fragment: "page 3 is out of range"),
        stamping("bad --pages syntax", F.pdf(), ["--pages", "2-x"], fragment: "cannot read the page selection '2-x'"),
        stamping("stamp larger than the page", F.pdf(), ["--width", "2000"], fragment: "is larger than the page"),
        stamping(
            "stamp reaching outside the page", F.pdf(), ["--at", "500,10", "--width", "200"],
            fragment: "reaches outside the page"),
        stamping(
            "broken xref with --incremental", F.brokenXrefPDF("IN.pdf"), ["--incremental"],
            fragment: "cannot append an incremental update"),
        stamping(
            "signed file with --rewrite", F.signedPDF("IN.pdf"), ["--rewrite"], fragment: "add --break-signatures"),
        stamping("encrypted, no password given", F.encryptedPDF("IN.pdf"), fragment: "needs a password"),
        BadInputCase(
            "stamp", "PDF and its password both on standard input",
            ["-", "-o", "OUT.pdf", "--image", "stamp.png", "--password-stdin"],
            files: [F.encryptedPDF("IN.pdf"), F.stamp()],
            stdin: "IN.pdf", fragment: "cannot carry both the input (-) and the password (--password-stdin)"),
        stamping(
            "encrypted, wrong password (--password-env)", F.encryptedPDF("IN.pdf"), ["--password-env", "PDF_PASSWORD"],
            environment: ["PDF_PASSWORD": F.wrongPassword], fragment: "the password is wrong"),
        stamping(
            "encrypted, wrong password (--password-file)", F.encryptedPDF("IN.pdf"),
            ["--password-file", "password.txt"],
            files: [.password("password.txt", F.wrongPassword)], fragment: "the password is wrong"),
        stamping(
            "password variable not set", F.encryptedPDF("IN.pdf"), ["--password-env", "PDF_PASSWORD"],
            fragment: "PDF_PASSWORD named by --password-env is not set"),
        stamping(
            "password file missing", F.encryptedPDF("IN.pdf"), ["--password-file", "password.txt"],
            fragment: "password.txt: cannot open"),
        BadInputCase(
            "stamp", "password on the command line",
            ["IN.pdf", "-o", "OUT.pdf", "--image", "stamp.png", "--password=hunter2-secret"],
            files: [F.pdf(), F.stamp()], argumentSecrets: ["hunter2-secret"], fragment: "unknown option --password"),
        BadInputCase(
            "stamp", "--image not an image", ["IN.pdf", "-o", "OUT.pdf", "--image", "stamp.png"],
            files: [F.pdf(), .text("stamp.png", "a signature, in words")],
            fragment: "stamp.png: not a PNG, JPEG, TIFF, GIF or WebP image"),
        BadInputCase(
            "stamp", "--image truncated", ["IN.pdf", "-o", "OUT.pdf", "--image", "stamp.png"],
            files: [F.pdf(), F.truncatedPNG("stamp.png")], fragment: "stamp.png: the PNG data is corrupt"),
        BadInputCase(
            "stamp", "--strokes malformed", ["IN.pdf", "-o", "OUT.pdf", "--strokes", "sig.json"],
            files: [F.pdf(), .text("sig.json", "{\"strokes\": [")], fragment: "sig.json, line 1, column 14"),
        BadInputCase(
            "stamp", "nothing to stamp", ["IN.pdf", "-o", "OUT.pdf"], files: [F.pdf()], fragment: "say what to stamp"),
        stamping("--opacity 0", F.pdf(), ["--opacity", "0"], fragment: "would make the stamp invisible"),
        stamping("--opacity above 1", F.pdf(), ["--opacity", "1.5"], fragment: "--opacity must be between 0 and 1"),
        stamping("unknown --units", F.pdf(), ["--units", "furlong"], fragment: "--units must be one of"),
        stamping(
            "--at without a y", F.pdf(), ["--at", "10"], fragment: "--at takes X,Y (like 72,680) or auto; got '10'"),
        stamping(
            "--incremental with --rewrite", F.pdf(), ["--incremental", "--rewrite"],
            fragment: "either --incremental or --rewrite"),
        BadInputCase(
            "stamp", "output is the input", ["IN.pdf", "-o", "IN.pdf", "--image", "stamp.png"],
            files: [F.pdf(), F.stamp()],
            fragment: "inputs are never overwritten"),
        BadInputCase(
            "stamp", "not a PDF on standard input", ["-", "-o", "OUT.pdf", "--image", "stamp.png"],
            files: [.text("IN.pdf", "plain text\n"), F.stamp()], stdin: "IN.pdf", fragment: "standard input: not a PDF"),
        stamping("page tree loop", .corpus("pdfs/qpdf/pages-loop.pdf"), fragment: "loops back on itself"),
        stamping(
            "damaged beyond repair", .corpus("pdfs/qpdf/recover-xref-stream.pdf"), fragment: "damaged beyond repair"),
        stamping(
            "usage rights (UR3) with --rewrite", .corpus("pdfs/pdfjs/prefilled_f1040.pdf"), ["--rewrite"],
            fragment: "add --break-signatures"),
        stamping(
            "reconstructed file with --incremental", .corpus("pdfs/pdfjs/helloworld-bad.pdf"),
            ["--incremental", "--width", "50"],
            fragment: "reconstruct"),
    ]
}
