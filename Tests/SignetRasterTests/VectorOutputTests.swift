import Foundation
import SignetCore
import SignetRaster
import SignetStrokes
import SignetTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("SVG and PDF output")
struct VectorOutputTests {
    let drawing = Drawing(strokes: [RasterFixtures.loops(), Stroke(samples: [Sample(x: 100, y: 60)])])

    @Test("SVG parses as XML, has the PNG's size in CSS pixels at its dpi and the same paths")
    func svg() throws {
        let svg = try Renderer.vector(drawing, format: .svg, options: RenderOptions(dpi: 192))
        let parser = XMLParser(data: Data(svg.bytes))
        let recorder = SVGRecorder()
        parser.delegate = recorder
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        let root = try #require(recorder.root)
        // 192 dpi = 2 output pixels per CSS pixel: the SVG is half the bitmap's pixel size.
        let bitmap = try Renderer.bitmap(drawing, options: RenderOptions(dpi: 192)).bitmap
        #expect(root["width"] == "\(SVGRecorder.number(Double(bitmap.width) / 2))px")
        #expect(root["height"] == "\(SVGRecorder.number(Double(bitmap.height) / 2))px")
        #expect(recorder.paths >= 2, "one stroked path and one dot")
        #expect(
            recorder.styles.contains { $0.contains("stroke-linecap:round") && $0.contains("stroke-linejoin:round") })
    }

    @Test("SVG and PDF bytes are the same on every run (no clock inside)")
    func deterministic() throws {
        for format in VectorFormat.allCases {
            let a = try Renderer.vector(drawing, format: format).bytes
            let b = try Renderer.vector(drawing, format: format).bytes
            let same = a == b
            #expect(same, "\(format) output changed between two runs")
        }
    }

    @Test(
        "PDF passes qpdf --check and has the physical size of the bitmap",
        .enabled(if: ProcessRunner.hasTool("qpdf") && ProcessRunner.hasTool("pdfinfo"), "needs qpdf and pdfinfo"))
    func pdf() throws {
        let folder = TemporaryDirectory("signet-pdf")
        let options = RenderOptions(dpi: 300, padding: 12)
        let pdf = try Renderer.vector(drawing, format: .pdf, options: options)
        let path = folder.write("sig.pdf", bytes: pdf.bytes)
        let check = try ProcessRunner.run("qpdf", ["--check", path])
        #expect(check.status == 0, "\(check.stdoutText) \(check.stderr)")
        let info = try ProcessRunner.run("pdfinfo", [path])
        #expect(info.status == 0)
        let size = info.stdoutText.split(separator: "\n").first { $0.hasPrefix("Page size:") }.map(String.init) ?? ""
        // Points = pixels × 72 / dpi.
        let w = Double(pdf.layout.width) * 72 / 300, h = Double(pdf.layout.height) * 72 / 300
        #expect(size.contains("\(SVGRecorder.number(w)) x \(SVGRecorder.number(h)) pts"), "\(size)")
    }

    @Test(
        "PDF renders like the bitmap (pdftoppm at the same dpi)",
        .enabled(if: ProcessRunner.hasTool("pdftoppm"), "needs pdftoppm"))
    func pdfLooksLikeBitmap() throws {
        let folder = TemporaryDirectory("signet-pdf")
        let options = RenderOptions(background: .white, dpi: 144)
        let path = folder.write("sig.pdf", bytes: try Renderer.vector(drawing, format: .pdf, options: options).bytes)
        let ppm = try ProcessRunner.run("pdftoppm", ["-r", "144", "-gray", path])
        let bitmap = try Renderer.bitmap(drawing, options: options).bitmap
        // PGM: "P5\nW H\n255\n" then one byte per pixel.
        let header = ppm.stdout.prefix(40).split(separator: 10, maxSplits: 3, omittingEmptySubsequences: false)
        let dims = String(decoding: header[1], as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        #expect(dims == [bitmap.width, bitmap.height])
        let gray = Array(ppm.stdout.suffix(bitmap.width * bitmap.height))
        let mismatched = (0..<gray.count).filter { abs(Int(gray[$0]) - Int(bitmap.pixels[$0 * 4])) > 64 }.count
        // Different rasterisers disagree only on edge pixels.
        #expect(Double(mismatched) / Double(gray.count) < 0.01, "\(mismatched) of \(gray.count) pixels differ a lot")
    }
}

/// Collects what the tests look at while an SVG parses.
final class SVGRecorder: NSObject, XMLParserDelegate {
    var root: [String: String]?
    var paths = 0
    var styles: [String] = []

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if name == "svg", root == nil { root = attributes }
        if name == "path" { paths += 1 }
        if let style = attributes["style"] { styles.append(style) }
    }

    /// How cairo and pdfinfo print a size: integers plain, others with their decimals.
    static func number(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(format: "%g", v)
    }
}
