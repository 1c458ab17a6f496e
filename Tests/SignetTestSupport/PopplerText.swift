/// `pdftotext`, to check that stamping leaves every page's text as it was.
package enum PopplerText {
    /// The text of every page, in page order (pdftotext separates pages with form feeds).
    package static func pages(_ pdf: String, password: String? = nil) throws -> [String] {
        var arguments = ["-enc", "UTF-8"]
        if let password { arguments += ["-upw", password] }
        let r = try ToolFailure.run("pdftotext", arguments + [pdf, "-"])
        var pages = r.stdoutText.split(separator: "\u{0C}", omittingEmptySubsequences: false).map(String.init)
        if pages.last?.isEmpty == true { pages.removeLast() }
        return pages
    }
}
