import SignetCore

/// The distinctive, asymmetric test stamp that placement checks look for.
///
/// Layout (y down, as a viewer shows it): a magenta frame around the whole stamp, a red block
/// filling the top-left quarter, a blue block filling the bottom-right quarter and a small green
/// block in the top-right corner; everything else is transparent. The frame makes the ink bounding
/// box equal the stamp rectangle; red and green sit on adjacent corners, so each of the eight
/// ways to turn or mirror the stamp moves them to a different pair of corners (see
/// `StampOrientation`).
package enum TestStamp {
    /// The four stamp colours; each is a pure primary or secondary colour, far from page text.
    package enum Ink: String, Sendable, CaseIterable {
        case red, green, blue, magenta

        /// 8-bit RGB.
        package var rgb: (r: UInt8, g: UInt8, b: UInt8) {
            switch self {
            case .red: return (255, 0, 0)
            case .green: return (0, 255, 0)
            case .blue: return (0, 0, 255)
            case .magenta: return (255, 0, 255)
            }
        }

        /// The same colour as PDF `rg` operands.
        package var pdfOperands: String {
            let c = rgb
            return [c.r, c.g, c.b].map { $0 == 0 ? "0" : "1" }.joined(separator: " ")
        }
    }

    /// The size the benchmark and the tests use by default (the 600×200 stamp).
    package static let standardSize = (width: 600, height: 200)

    /// Frame thickness for a stamp of `width`×`height`: 3% of the shorter side, at least 2 units.
    package static func frameThickness(width: Double, height: Double) -> Double {
        max(2, (min(width, height) * 3 / 100).rounded())
    }

    /// The filled regions of a `width`×`height` stamp in painting order, in the stamp's own
    /// coordinates (origin top-left, y down). Works for pixels and for points alike.
    package static func regions(width w: Double, height h: Double) -> [(rect: Rect, ink: Ink)] {
        let t = frameThickness(width: w, height: h)
        return [
            (Rect(x: 0, y: 0, width: w, height: t), .magenta),
            (Rect(x: 0, y: h - t, width: w, height: t), .magenta),
            (Rect(x: 0, y: t, width: t, height: h - 2 * t), .magenta),
            (Rect(x: w - t, y: t, width: t, height: h - 2 * t), .magenta),
            (Rect(x: t, y: t, width: (w / 2).rounded(.down) - t, height: (h / 2).rounded(.down) - t), .red),
            (
                Rect(
                    x: (w / 2).rounded(.down), y: (h / 2).rounded(.down),
                    width: w - t - (w / 2).rounded(.down), height: h - t - (h / 2).rounded(.down)), .blue
            ),
            (
                Rect(
                    x: (w * 3 / 4).rounded(.down), y: t,
                    width: w - t - (w * 3 / 4).rounded(.down), height: (h / 4).rounded(.down) - t), .green
            ),
        ]
    }

    /// Straight-alpha RGBA pixels (rows top to bottom); transparent pixels are white with alpha 0.
    package static func rgbaPixels(width: Int = standardSize.width, height: Int = standardSize.height) -> [UInt8] {
        precondition(width >= 8 && height >= 8, "the test stamp needs at least 8×8 pixels")
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            (pixels[i], pixels[i + 1], pixels[i + 2]) = (255, 255, 255)
        }
        for (rect, ink) in regions(width: Double(width), height: Double(height)) {
            let c = ink.rgb
            for y in Int(rect.minY)..<Int(rect.maxY) {
                for x in Int(rect.minX)..<Int(rect.maxX) {
                    let i = (y * width + x) * 4
                    (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]) = (c.r, c.g, c.b, 255)
                }
            }
        }
        return pixels
    }

    /// The stamp as PNG file bytes (8-bit RGBA).
    package static func png(width: Int = standardSize.width, height: Int = standardSize.height) -> [UInt8] {
        StoredPNG.encode(width: width, height: height, rgba: rgbaPixels(width: width, height: height))
    }

    /// PDF content operators that paint the stamp into `rect`, given in a space whose y axis points
    /// DOWN (the caller's `cm` maps displayed coordinates to user space). Used by fixtures to draw a
    /// reference stamp whose position is known exactly.
    package static func vectorOperators(in rect: Rect) -> String {
        regions(width: rect.width, height: rect.height).map { area, ink in
            let r = Rect(x: area.minX + rect.minX, y: area.minY + rect.minY, width: area.width, height: area.height)
            return "\(ink.pdfOperands) rg \(PDFSyntax.format(r.minX)) \(PDFSyntax.format(r.minY)) "
                + "\(PDFSyntax.format(r.width)) \(PDFSyntax.format(r.height)) re f"
        }.joined(separator: "\n")
    }
}
