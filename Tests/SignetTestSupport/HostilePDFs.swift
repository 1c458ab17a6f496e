/// Small hand-written PDFs that claim far more than they hold, for the resource-limit tests.
package enum HostilePDFs {
    /// One page whose content is one stream (`dictionary`: its entries besides /Length).
    package static func onePage(content dictionary: String, _ data: [UInt8]) -> [UInt8] {
        var pdf = RawPDFBuilder()
        let catalog = pdf.reserve(), pages = pdf.reserve()
        let contents = pdf.addStream(dictionary, data)
        let page = pdf.add("<< /Type /Page /Parent \(pages) 0 R /MediaBox [0 0 612 792] /Contents \(contents) 0 R >>")
        pdf.set(pages, "<< /Type /Pages /Kids [\(page) 0 R] /Count 1 >>")
        pdf.set(catalog, "<< /Type /Catalog /Pages \(pages) 0 R >>")
        return pdf.build(root: catalog)
    }

    /// One page whose FlateDecode content inflates to about `mebibytes` MiB of `a` (from 1/160 of that).
    package static func flateBomb(mebibytes: Int) -> [UInt8] {
        onePage(content: "/Filter /FlateDecode", FlateBomb.zlib(decodingTo: 1 + 258 * ((mebibytes << 20) / 258)))
    }

    /// One page under a chain of `depth` nested /Pages nodes.
    package static func chain(depth: Int) -> [UInt8] {
        var pdf = RawPDFBuilder()
        let catalog = pdf.reserve()
        let nodes = (0..<depth).map { _ in pdf.reserve() }
        let page = pdf.add("<< /Type /Page /Parent \(nodes[depth - 1]) 0 R /MediaBox [0 0 612 792] >>")
        for (i, node) in nodes.enumerated() {
            let parent = i == 0 ? "" : " /Parent \(nodes[i - 1]) 0 R"
            pdf.set(node, "<< /Type /Pages\(parent) /Kids [\(i == depth - 1 ? page : nodes[i + 1]) 0 R] /Count 1 >>")
        }
        pdf.set(catalog, "<< /Type /Catalog /Pages \(nodes[0]) 0 R >>")
        return pdf.build(root: catalog)
    }

    /// One page and `count` signature fields that all share one (unverifiable) signature value
    /// whose `/ByteRange` is `byteRange` as written.
    package static func signatureFields(_ count: Int, byteRange: String = "[0 10 20 30]") -> [UInt8] {
        var pdf = RawPDFBuilder()
        let catalog = pdf.reserve(), pages = pdf.reserve(), page = pdf.reserve()
        let value = pdf.add(
            "<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /ByteRange \(byteRange) /Contents <3082> >>"
        )
        let fields = (1...count).map { pdf.add("<< /FT /Sig /T (S\($0)) /V \(value) 0 R >>") }
        pdf.set(page, "<< /Type /Page /Parent \(pages) 0 R /MediaBox [0 0 612 792] >>")
        pdf.set(pages, "<< /Type /Pages /Kids [\(page) 0 R] /Count 1 >>")
        pdf.set(
            catalog,
            "<< /Type /Catalog /Pages \(pages) 0 R /AcroForm << /Fields [\(fields.map { "\($0) 0 R" }.joined(separator: " "))] >> >>"
        )
        return pdf.build(root: catalog)
    }
}
