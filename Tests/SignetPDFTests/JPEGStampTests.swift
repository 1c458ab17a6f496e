import Foundation
import SignetCore
import SignetPDF
import SignetTestSupport
import Testing

/// JPEGs go in untouched as /DCTDecode; CMYK JPEGs with an Adobe marker store inverted values
/// and get `/Decode [1 0 1 0 1 0 1 0]`, so they render in their true colours.
@Suite("JPEG stamps")
struct JPEGStampTests {
    /// A 120×40 JPEG, red on the left half and blue on the right, written by Pillow.
    static func jpeg(mode: String, in dir: TemporaryDirectory) throws -> String {
        let path = dir.path("\(mode).jpg")
        let script = """
            import sys
            from PIL import Image
            im = Image.new('RGB', (120, 40), (255, 0, 0)); im.paste((0, 0, 255), (60, 0, 120, 40))
            im.convert(sys.argv[1]).save(sys.argv[2], quality=95)
            """
        let r = try ProcessRunner.run("python3", ["-c", script, mode, path])
        try #require(r.status == 0, "\(r.stderr)")
        return path
    }

    /// The image XObject inside the stamp form drawn on page 1.
    static func embeddedImage(_ doc: PDFDocument) throws -> PDFObject {
        let xobjects = try #require(try doc.page(1).inherited("/Resources")?.value.value("/XObject"))
        let name = try #require(try xobjects.keys().first { $0.hasPrefix(PageStamper.namePrefix) })
        let form = try #require(try xobjects.value(name))
        return try #require(try form.value("/Resources")?.value("/XObject")?.value("/Im"))
    }

    @Test("bytes untouched, /Decode only for Adobe CMYK, colours right", arguments: ["RGB", "CMYK", "L"])
    func embed(_ mode: String) throws {
        let dir = TemporaryDirectory("jpeg")
        let path = try Self.jpeg(mode: mode, in: dir)
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let input = dir.write("in.pdf", bytes: GeometryFixture.document(pageCount: 1))
        let output = dir.path("out.pdf")
        _ = try Stamper.stamp(
            input: input, artwork: try StampArtwork.image(bytes, name: path),
            options: StampOptions(placement: StampPlacement(at: Point(x: 0, y: 0), width: 120)), output: output)
        let image = try Self.embeddedImage(try PDFDocument(path: output))
        #expect(try image.value("/Filter")?.nameValue() == "/DCTDecode")
        #expect(try image.streamData(decoded: false) == bytes, "the JPEG is embedded byte for byte")
        let space = try image.value("/ColorSpace")?.nameValue()
        #expect(space == ["RGB": "/DeviceRGB", "CMYK": "/DeviceCMYK", "L": "/DeviceGray"][mode])
        #expect((try image.value("/Decode") != nil) == (mode == "CMYK"))
        guard mode != "L" else { return }
        let page = try Pdftoppm.render(pdf: output, page: 1, dpi: 72)
        func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let i = (y * page.width + x) * 3
            return (Int(page.rgb[i]), Int(page.rgb[i + 1]), Int(page.rgb[i + 2]))
        }
        let left = pixel(20, 20), right = pixel(100, 20)
        #expect(left.0 > 180 && left.1 < 90 && left.2 < 90, "left half should be red: \(left)")
        #expect(right.2 > 120 && right.0 < 90, "right half should be blue: \(right)")
    }
}
