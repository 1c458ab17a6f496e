extension BadInputCases {
    static let info: [BadInputCase] = [
        BadInputCase(
            "info", "not a PDF", ["IN.pdf"], files: [.text("IN.pdf", "just some text\n")], fragment: "not a PDF"),
        BadInputCase(
            "info", "truncated PDF", ["IN.pdf"], files: [F.truncatedPDF("IN.pdf")], fragment: "the file is truncated"),
        BadInputCase("info", "missing input file", ["IN.pdf"], fragment: "IN.pdf: cannot open"),
        BadInputCase("info", "folder as input", ["IN.pdf"], files: [.folder("IN.pdf")], fragment: "is a folder"),
        BadInputCase(
            "info", "encrypted, no password given", ["IN.pdf"], files: [F.encryptedPDF("IN.pdf")],
            fragment: "needs a password"),
        BadInputCase(
            "info", "encrypted, wrong password (--password-file)", ["IN.pdf", "--password-file", "password.txt"],
            files: [F.encryptedPDF("IN.pdf"), .password("password.txt", F.wrongPassword)],
            fragment: "the password is wrong"),
        BadInputCase(
            "info", "password given two ways",
            ["IN.pdf", "--password-env", "PDF_PASSWORD", "--password-file", "password.txt"],
            files: [F.encryptedPDF("IN.pdf"), .password("password.txt", F.pdfPassword)],
            environment: ["PDF_PASSWORD": F.pdfPassword], fragment: "give the password only one way"),
        BadInputCase(
            "info", "truncated PDF on standard input", ["-"], files: [F.truncatedPDF("IN.pdf")], stdin: "IN.pdf",
            fragment: "standard input: the file is truncated"),
        BadInputCase(
            "info", "page tree loop", ["pages-loop.pdf"], files: [.corpus("pdfs/qpdf/pages-loop.pdf")],
            fragment: "loops back on itself"),
        BadInputCase(
            "info", "damaged beyond repair", ["recover-xref-stream.pdf"],
            files: [.corpus("pdfs/qpdf/recover-xref-stream.pdf")],
            fragment: "damaged beyond repair"),
    ]
}
