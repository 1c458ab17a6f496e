import Foundation
import SignetCore
import SignetRaster

/// Synthetic images with the character of real inputs, generated from a seed so every run sees
/// the same pixels: ink on transparency, a textured color seal, a photo-like scene.
package enum TestImages {
    /// Dark ink strokes (smooth random curves, anti-aliased) on a transparent background.
    package static func signature(
        width: Int, height: Int, seed: UInt64 = 1, ink: Color = .black, penRadius: Double = 2.5
    )
        -> Bitmap
    {
        var rng = SeededRandom(seed: seed)
        var alpha = [Double](repeating: 0, count: width * height)
        for _ in 0..<4 {
            let a = (0..<4).map { _ in Double.random(in: -1...1, using: &rng) }
            let phase = Double.random(in: 0...6.28, using: &rng)
            let steps = width * 3
            for i in 0..<steps {
                let t = Double(i) / Double(steps)
                let x = Double(width) * (0.05 + 0.9 * t) + Double(height) * 0.1 * (a[0] * sin(t * 31 + phase))
                let y =
                    Double(height)
                    * (0.5 + 0.3 * (a[1] * sin(t * 17 + phase) + a[2] * sin(t * 43) * 0.5 + a[3] * cos(t * 7)) / 1.6)
                stamp(&alpha, width: width, height: height, x: x, y: y, radius: penRadius)
            }
        }
        let rgb = [ink.red, ink.green, ink.blue].map { UInt8(($0 * 255).rounded()) }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            pixels[4 * i] = rgb[0]; pixels[4 * i + 1] = rgb[1]; pixels[4 * i + 2] = rgb[2]
            pixels[4 * i + 3] = UInt8((alpha[i] * 255).rounded())
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// A red ring with a speckled texture inside, on white (opaque).
    package static func seal(size: Int, seed: UInt64 = 2) -> Bitmap {
        var rng = SeededRandom(seed: seed)
        var pixels = [UInt8](repeating: 255, count: size * size * 4)
        let c = Double(size) / 2
        for y in 0..<size {
            for x in 0..<size {
                let d = ((Double(x) - c) * (Double(x) - c) + (Double(y) - c) * (Double(y) - c)).squareRoot() / c
                let ring = d > 0.8 && d < 0.92
                let inside = d < 0.7 && Double.random(in: 0...1, using: &rng) < 0.35
                guard ring || inside else { continue }
                let i = 4 * (y * size + x)
                let shade = UInt8.random(in: 0...60, using: &rng)
                pixels[i] = 200 + shade / 2; pixels[i + 1] = shade; pixels[i + 2] = shade / 2 + 20
            }
        }
        return Bitmap(width: size, height: size, pixels: pixels)
    }

    /// A seal of two inks on white (opaque): a shaded blue ring flecked with white lettering, a
    /// red disc flecked with cream, and a grey band with dark lettering across — saturated colours
    /// side by side, where a JPEG at a very low quality shifts hues and blocks chroma.
    package static func twoInkSeal(size: Int, seed: UInt64 = 4) -> Bitmap {
        var rng = SeededRandom(seed: seed)
        var pixels = [UInt8](repeating: 255, count: size * size * 4)
        let c = Double(size) / 2
        for y in 0..<size {
            for x in 0..<size {
                let (dx, dy) = ((Double(x) - c) / c, (Double(y) - c) / c)
                let d = (dx * dx + dy * dy).squareRoot()
                let fleck = Double.random(in: 0...1, using: &rng) < 0.3
                let colour: [Double]
                if abs(dy - 0.15) < 0.1 && abs(dx) < 0.85 {
                    colour = fleck ? [30, 32, 40] : [176, 180, 172]
                } else if d > 0.66 && d < 0.96 {
                    let shade = 0.75 + 0.25 * cos((d - 0.81) / 0.15 * Double.pi / 2)
                    colour = fleck ? [250, 250, 245] : [40 * shade, 70 * shade, 150 * shade]
                } else if d < 0.62 {
                    colour = fleck ? [245, 232, 200] : [190, 24, 36]
                } else {
                    continue
                }
                let i = 4 * (y * size + x)
                for k in 0..<3 { pixels[i + k] = UInt8(colour[k].rounded()) }
            }
        }
        return Bitmap(width: size, height: size, pixels: pixels)
    }

    /// Smooth color gradients, soft-edged shapes and fine noise (opaque), like a photo.
    package static func photo(width: Int, height: Int, seed: UInt64 = 3, noise: Int = 12) -> Bitmap {
        var rng = SeededRandom(seed: seed)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let blobs = (0..<6).map { _ in
            (
                x: Double.random(in: 0...Double(width), using: &rng),
                y: Double.random(in: 0...Double(height), using: &rng),
                r: Double.random(in: 0.1...0.3, using: &rng) * Double(min(width, height)),
                color: (0..<3).map { _ in Double.random(in: -90...90, using: &rng) }
            )
        }
        for y in 0..<height {
            for x in 0..<width {
                var v = [
                    128 + 60 * sin(Double(x) / Double(width) * 3 + 1),
                    120 + 50 * cos(Double(y) / Double(height) * 4),
                    110 + 40 * sin(Double(x + y) / Double(width + height) * 5),
                ]
                for b in blobs {
                    let dx = Double(x) - b.x, dy = Double(y) - b.y
                    if dx * dx + dy * dy < b.r * b.r { for k in 0..<3 { v[k] += b.color[k] } }
                }
                let i = 4 * (y * width + x)
                for k in 0..<3 {
                    let n = Double(Int.random(in: -noise...noise, using: &rng))
                    pixels[i + k] = UInt8(min(max(v[k] + n, 0), 255))
                }
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// Raises `alpha` to the coverage of a disc at (x, y).
    private static func stamp(_ alpha: inout [Double], width: Int, height: Int, x: Double, y: Double, radius: Double) {
        let x0 = max(Int(x - radius - 1), 0), x1 = min(Int(x + radius + 1), width - 1)
        let y0 = max(Int(y - radius - 1), 0), y1 = min(Int(y + radius + 1), height - 1)
        guard x0 <= x1, y0 <= y1 else { return }
        for py in y0...y1 {
            for px in x0...x1 {
                let dx = Double(px) + 0.5 - x, dy = Double(py) + 0.5 - y
                let coverage = min(max(radius + 0.5 - (dx * dx + dy * dy).squareRoot(), 0), 1)
                let i = py * width + px
                if coverage > alpha[i] { alpha[i] = coverage }
            }
        }
    }
}
