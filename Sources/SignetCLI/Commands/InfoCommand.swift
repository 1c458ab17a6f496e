import Signet

/// `signet info IN.pdf [--json]`: version, pages and their geometry, encryption, signatures,
/// certification and usage rights, revisions.
enum InfoCommand: Command {
    static let spec = CommandSpec(
        name: "info",
        summary: "show a PDF's pages as displayed (boxes, rotation, UserUnit), encryption, signatures and revisions",
        usage: "IN.pdf [options]   (IN.pdf - reads standard input)",
        positionals: 1...1,
        options: SecretInput.pdfPasswordSpecs)

    static func run(_ args: Arguments, _ context: CommandContext) throws -> CommandOutcome {
        let input = try PDFInput(args.positionals[0])
        var info = try SecretInput.withPDFPassword(args, context) { password in
            try input.open { try SignetAPI.info(pdfAt: $0, password: password) }
        }
        info.file = input.name
        return CommandOutcome(json: info, lines: lines(info))
    }

    static func lines(_ info: DocumentInfo) -> [String] {
        var out = [
            "\(StreamName.input(info.file)): PDF \(info.version), \(counted(info.pageCount, "page")), \(info.fileSize) bytes"
                + (info.linearized ? ", linearized" : "")
        ]
        let revisions = info.revisions.map { counted($0, "revision") } ?? "revisions unknown"
        out.append(
            "  saved: \(revisions), \(counted(info.xrefSections, "cross-reference section"))"
                + (info.xrefKind.map { ", last one a \($0 == "table" ? "table" : "stream")" } ?? "")
                + (info.hybrid ? " (hybrid)" : "")
                + (info.reconstructed ? "; damaged, reconstructed by qpdf" : ""))
        if let e = info.encryption {
            let allowed = [
                ("print", e.allowsPrinting), ("modify", e.allowsModifying), ("copy", e.allowsCopying),
                ("annotate", e.allowsAnnotating),
            ]
            .map { "\($0.0) \($0.1 ? "yes" : "no")" }.joined(separator: ", ")
            out.append("  encrypted: \(e.method), R\(e.revision.map(String.init) ?? "?"); \(allowed)")
        } else {
            out.append("  encrypted: no")
        }
        if info.certified { out.append("  certified (DocMDP)" + (info.docMDP.map { ", P=\($0)" } ?? "")) }
        if info.usageRights { out.append("  usage rights (UR3)") }
        if info.signatures.isEmpty { out.append("  signatures: none") }
        for s in info.signatures {
            guard s.isSigned else {
                out.append("  signature field \(s.name): empty")
                continue
            }
            let cover = s.coversWholeFile == true ? "covers the whole file" : "does not cover the whole file"
            out.append(
                "  signature field \(s.name): \(s.subFilter ?? "no SubFilter"), byte range \(s.byteRange.map { "\($0)" } ?? "missing"), \(cover)"
            )
        }
        out += pageRuns(info.pages)
        out += info.warnings.map { "  warning: \($0)" }
        return out
    }

    /// One line per run of consecutive pages with the same geometry.
    private static func pageRuns(_ pages: [DocumentInfo.Page]) -> [String] {
        func key(_ p: DocumentInfo.Page) -> String {
            let n = { (v: [Double], s: String) in v.map { PDFNumber.format($0, decimals: 2) }.joined(separator: s) }
            var text = "\(n(p.displayedSize, " × ")) pt as displayed; MediaBox [\(n(p.mediaBox, " "))]"
            if p.cropBox != p.mediaBox { text += ", CropBox [\(n(p.cropBox, " "))]" }
            text += ", Rotate \(p.rotate)"
            if p.userUnit != 1 { text += ", UserUnit \(PDFNumber.format(p.userUnit))" }
            return text + p.notes.map { "; \($0)" }.joined()
        }
        var out: [String] = []
        var start = 0
        while start < pages.count {
            var end = start
            while end + 1 < pages.count, key(pages[end + 1]) == key(pages[start]) { end += 1 }
            let label = start == end ? "page \(pages[start].page)" : "pages \(pages[start].page)-\(pages[end].page)"
            out.append("  \(label): \(key(pages[start]))")
            start = end + 1
        }
        return out
    }
}
