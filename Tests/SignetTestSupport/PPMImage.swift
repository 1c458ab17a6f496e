import SignetCore

/// An 8-bit RGB raster as pdftoppm writes it (binary PPM, `P6`), rows top to bottom.
package struct PPMImage: Sendable, Hashable {
    package var width: Int
    package var height: Int
    /// `width * height * 3` bytes.
    package var rgb: [UInt8]

    package init(width: Int, height: Int, rgb: [UInt8]) {
        precondition(rgb.count == width * height * 3, "RGB buffer size")
        (self.width, self.height, self.rgb) = (width, height, rgb)
    }

    /// Every image in `bytes` (pdftoppm writes one per page, back to back, when it writes to stdout).
    package static func parseAll(_ bytes: [UInt8]) throws -> [PPMImage] {
        var images: [PPMImage] = []
        var offset = 0
        while offset < bytes.count {
            let (image, end) = try parse(bytes, at: offset)
            images.append(image)
            offset = end
        }
        return images
    }

    /// One image starting at `offset`; returns it and the offset just past its pixels.
    static func parse(_ bytes: [UInt8], at offset: Int) throws -> (PPMImage, Int) {
        var i = offset
        func skipSpaceAndComments() {
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "#") {
                    while i < bytes.count, bytes[i] != 0x0A { i += 1 }
                } else if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) {
                    i += 1
                } else {
                    return
                }
            }
        }
        func number() throws -> Int {
            skipSpaceAndComments()
            var value = 0, digits = 0
            while i < bytes.count, (0x30...0x39).contains(bytes[i]), digits < 9 {
                value = value * 10 + Int(bytes[i] - 0x30)
                i += 1
                digits += 1
            }
            guard digits > 0 else { throw ToolFailure("PPM header: expected a number at byte \(i)") }
            return value
        }
        guard bytes.count >= i + 2, bytes[i] == UInt8(ascii: "P"), bytes[i + 1] == UInt8(ascii: "6") else {
            throw ToolFailure("not a binary PPM (P6) image at byte \(offset)")
        }
        i += 2
        let width = try number(), height = try number(), maxValue = try number()
        guard maxValue == 255 else { throw ToolFailure("PPM with maximum value \(maxValue); only 255 is read") }
        i += 1  // the single whitespace byte before the pixels
        let count = width * height * 3
        guard i + count <= bytes.count else {
            throw ToolFailure("PPM truncated: \(width)x\(height) needs \(count) bytes")
        }
        return (PPMImage(width: width, height: height, rgb: Array(bytes[i..<(i + count)])), i + count)
    }

    /// The image as a binary PPM file (to save a render next to a failing test).
    package var ppmBytes: [UInt8] { Array("P6\n\(width) \(height)\n255\n".utf8) + rgb }

    /// A copy with 1-pixel outlines of `rects` (given in points at `pointsPerPixel`), for diagnostics.
    package func outlining(
        _ rects: [Rect], color: (UInt8, UInt8, UInt8) = (0, 200, 0), pointsPerPixel: Double
    ) -> PPMImage {
        var out = self
        func plot(_ x: Int, _ y: Int) {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            let i = (y * width + x) * 3
            (out.rgb[i], out.rgb[i + 1], out.rgb[i + 2]) = color
        }
        for r in rects {
            let x0 = Int((r.minX / pointsPerPixel).rounded()), x1 = Int((r.maxX / pointsPerPixel).rounded()) - 1
            let y0 = Int((r.minY / pointsPerPixel).rounded()), y1 = Int((r.maxY / pointsPerPixel).rounded()) - 1
            guard x1 >= x0, y1 >= y0 else { continue }
            for x in x0...x1 { plot(x, y0); plot(x, y1) }
            for y in y0...y1 { plot(x0, y); plot(x1, y) }
        }
        return out
    }
}
