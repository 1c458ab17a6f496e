import SignetCore

/// An 8-bit RGBA image with straight (not premultiplied) alpha, rows top to bottom,
/// `width * 4` bytes per row. Every codec and the PDF stage exchange images as this value.
public struct Bitmap: Sendable, Hashable {
    public var width: Int
    public var height: Int
    /// `width * height * 4` bytes: R, G, B, A per pixel.
    public var pixels: [UInt8]
    /// Resolution for the PNG `pHYs` chunk / JPEG density, when known.
    public var dpi: Double?

    public init(width: Int, height: Int, pixels: [UInt8], dpi: Double? = nil) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "RGBA buffer size")
        self.width = width
        self.height = height
        self.pixels = pixels
        self.dpi = dpi
    }

    /// A bitmap filled with one color.
    public init(width: Int, height: Int, fill: Color, dpi: Double? = nil) {
        let px: [UInt8] = [fill.red, fill.green, fill.blue, fill.alpha].map { UInt8((min(max($0, 0), 1) * 255).rounded()) }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = px[0]; pixels[i + 1] = px[1]; pixels[i + 2] = px[2]; pixels[i + 3] = px[3]
        }
        self.init(width: width, height: height, pixels: pixels, dpi: dpi)
    }

    public var pixelCount: Int { width * height }

    /// True when every pixel is opaque.
    public var isOpaque: Bool {
        stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 }
    }

    /// True when every visible pixel has R = G = B (the image can be stored as gray).
    public var isGray: Bool {
        stride(from: 0, to: pixels.count, by: 4).allSatisfy { (i: Int) -> Bool in
            let (r, g, b, a) = (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
            return a == 0 || (r == g && g == b)
        }
    }

    /// The RGBA value at (x, y).
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// The image composited over an opaque `background` (alpha becomes 255 everywhere):
    /// each channel becomes (c·a + bg·(255 − a)) / 255, rounded, with bg the background's byte value.
    public func flattened(onto background: Color) -> Bitmap {
        func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        let (br, bg, bb) = (byte(background.red), byte(background.green), byte(background.blue))
        var out = pixels
        out.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = UInt32(p[i + 3])
                if a == 255 { continue }
                let rest = 255 - a
                p[i] = UInt8((UInt32(p[i]) * a + br * rest + 127) / 255)
                p[i + 1] = UInt8((UInt32(p[i + 1]) * a + bg * rest + 127) / 255)
                p[i + 2] = UInt8((UInt32(p[i + 2]) * a + bb * rest + 127) / 255)
                p[i + 3] = 255
            }
        }
        return Bitmap(width: width, height: height, pixels: out, dpi: dpi)
    }
}
