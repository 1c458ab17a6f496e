import Foundation
import SignetCodecs
import SignetRaster
import SignetTestSupport
import Testing

/// `signet compress` and `signet stamp` on camera-like inputs (`Tools/make-photo-fixtures.py`), run
/// as real processes: turned upright, converted to sRGB, other formats read or refused by name.
@Suite(
    "signet compress and stamp on photos (process)",
    .enabled(if: PhotoFixtures.isAvailable, Comment(rawValue: PhotoFixtures.missingNote)))
struct CompressPhotoCLITests {
    static func decoded(_ path: String) throws -> Bitmap {
        try ImageDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// The centre colour of each quadrant (top left, top right, bottom left, bottom right) of an
    /// RGB raster of `width` × `height` at `rgb(x, y)`.
    static func quadrants(width: Int, height: Int, rgb: (Int, Int) -> [Int]) -> [[Int]] {
        [(1, 1), (3, 1), (1, 3), (3, 3)].map { rgb($0.0 * width / 4, $0.1 * height / 4) }
    }

    static func close(_ a: [[Int]], _ b: [[Int]], within tolerance: Int) -> Bool {
        zip(a, b).allSatisfy { zip($0, $1).allSatisfy { abs($0 - $1) <= tolerance } }
    }

    static func quadrants(_ image: Bitmap) -> [[Int]] {
        quadrants(width: image.width, height: image.height) { x, y in
            (0..<3).map { Int(image.pixels[4 * (y * image.width + x) + $0]) }
        }
    }

    @Test("an Orientation 6 JPEG comes out upright as a JPEG with no EXIF left to turn it again")
    func orientation() throws {
        let dir = try PhotoFixtures.make()
        let out = dir.path("out.jpg")
        let result = try ProcessRunner.signet(["compress", dir.path("orient-6.jpg"), "-o", out, "--max-bytes", "50KB"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.contains("JPEG 96×64"), "\(result.stdoutText)")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(!bytes.indices.dropLast(4).contains { Array(bytes[$0..<($0 + 4)]) == Array("Exif".utf8) })
        let shown = Self.quadrants(try Self.decoded(out))
        let expected = Self.quadrants(try Self.decoded(dir.path("upright.png")))
        #expect(Self.close(shown, expected, within: 12), "quadrants \(shown), upright \(expected)")
    }

    @Test("an Adobe RGB JPEG comes out in sRGB: mean colour within 2 of Little CMS's conversion")
    func adobeRGB() throws {
        let dir = try PhotoFixtures.make()
        let out = dir.path("out.jpg")
        let result = try ProcessRunner.signet(["compress", dir.path("adobe.jpg"), "-o", out, "--max-bytes", "50KB"])
        #expect(result.status == 0, "\(result.stderr)")
        // The input fits 50 KB, but is re-encoded: kept, it would look dull where profiles are ignored.
        #expect(!result.stdoutText.contains("kept the input"), "\(result.stdoutText)")
        func mean(_ image: Bitmap) -> [Double] {
            var sums = [0, 0, 0]
            for i in 0..<image.pixelCount {
                for c in 0..<3 { sums[c] += Int(image.pixels[4 * i + c]) }
            }
            return sums.map { Double($0) / Double(image.pixelCount) }
        }
        let got = mean(try Self.decoded(out))
        let reference = mean(try Self.decoded(dir.path("adobe-srgb.png")))
        #expect(zip(got, reference).allSatisfy { abs($0 - $1) <= 2 }, "mean RGB \(got), reference \(reference)")
    }

    @Test("TIFF, GIF and WebP are read; HEIC is refused by name (exit 2)")
    func formats() throws {
        let dir = try PhotoFixtures.make()
        let expected = Self.quadrants(try Self.decoded(dir.path("upright.png")))
        for name in ["picture.tif", "picture.gif", "picture.webp", "orient-6.tif"] {
            let out = dir.path("\(name).png")
            let result = try ProcessRunner.signet(["compress", dir.path(name), "-o", out, "--max-bytes", "100KB"])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(Self.quadrants(try Self.decoded(out)) == expected, "\(name)")
        }
        let heic = dir.write(
            "photo.heic", bytes: [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))
        let refused = try ProcessRunner.signet(["compress", heic, "-o", dir.path("x.jpg")])
        #expect(refused.status == 2 && refused.stderr.contains("HEIC is not supported"), "\(refused.stderr)")
    }

    @Test("--max-pixels refuses larger inputs and the message names it")
    func maxPixels() throws {
        let dir = try PhotoFixtures.make()
        let result = try ProcessRunner.signet([
            "compress", dir.path("orient-1.jpg"), "-o", dir.path("x.jpg"), "--max-pixels", "6000",
        ])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains("96×64 pixels, over the limit of 6000 pixels; raise --max-pixels"),
            "\(result.stderr)")
        let allowed = try ProcessRunner.signet([
            "compress", dir.path("orient-1.jpg"), "-o", dir.path("y.jpg"), "--max-pixels", "6144",
        ])
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }

    @Test(
        "a stamped Orientation 6 JPEG and an Adobe RGB JPEG show upright and in their colours (pdftoppm)",
        .enabled(if: ProcessRunner.hasTool("pdftoppm"), "needs poppler-utils"))
    func stamp() throws {
        let dir = try PhotoFixtures.make()
        let pdf = dir.write("page.pdf", bytes: TestPDF.bytes())
        let expected = Self.quadrants(try Self.decoded(dir.path("upright.png")))
        for n in [1, 3, 5, 6, 7, 8] {
            let out = dir.path("stamped-\(n).pdf")
            let result = try ProcessRunner.signet([
                "stamp", pdf, "-o", out, "--image", dir.path("orient-\(n).jpg"), "--at", "0,0", "--width", "192",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            let page = try Pdftoppm.render(pdf: out, page: 1, dpi: 72)
            let shown = Self.quadrants(width: 192, height: 128) { x, y in
                (0..<3).map { Int(page.rgb[3 * (y * page.width + x) + $0]) }
            }
            #expect(Self.close(shown, expected, within: 16), "orient-\(n).jpg stamped: \(shown), upright \(expected)")
        }
        let out = dir.path("stamped-adobe.pdf")
        let result = try ProcessRunner.signet([
            "stamp", pdf, "-o", out, "--image", dir.path("adobe.jpg"), "--at", "0,0", "--width", "120",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let page = try Pdftoppm.render(pdf: out, page: 1, dpi: 72)
        let reference = try Self.decoded(dir.path("adobe-srgb.png"))
        // Band centres (the file is 120×80: six bands of 20 pixels), rendered at 1:1.
        for band in 0..<6 {
            let x = band * 20 + 10
            let shown = (0..<3).map { Int(page.rgb[3 * (40 * page.width + x) + $0]) }
            let want = (0..<3).map { Int(reference.pixels[4 * (40 * reference.width + x) + $0]) }
            #expect(zip(shown, want).allSatisfy { abs($0 - $1) <= 6 }, "band \(band): \(shown), sRGB reference \(want)")
        }
    }
}
