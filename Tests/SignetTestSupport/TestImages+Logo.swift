import Foundation
import SignetRaster

extension TestImages {
    /// A round logo of smooth gradients on transparency — an outer swirl from orange through
    /// magenta to violet round a blue globe — where a palette shows bands and a lossless PNG is
    /// large: the shape of `logo.png` in Tools/bench-compress-images.py, `size` pixels square.
    package static func gradientLogo(size: Int) -> Bitmap {
        var pixels = [UInt8](repeating: 0, count: size * size * 4)
        let c = Double(size) / 2
        let clamp = { (v: Double, low: Double, high: Double) in min(max(v, low), high) }
        for y in 0..<size {
            for x in 0..<size {
                let (dx, dy) = ((Double(x) - c) / c, (Double(y) - c) / c)
                let r = (dx * dx + dy * dy).squareRoot()
                let t = (sin(atan2(dy, dx) + 2 * r) + 1) / 2
                let shade = 1.05 - 0.35 * r
                let outer = [(255 - 90 * t) * shade, (150 - 120 * t + 60 * r) * shade, (40 + 170 * t) * shade]
                let (gx, gy) = (dx + 0.12, dy + 0.05)
                let g = ((gx + 0.25) * (gx + 0.25) + (gy + 0.25) * (gy + 0.25)).squareRoot()
                let inner = [120 - 90 * g, 190 - 140 * g, 255 - 90 * g]
                let globe = clamp((0.55 - (gx * gx + gy * gy).squareRoot()) * c, 0, 1)
                let i = 4 * (y * size + x)
                for channel in 0..<3 {
                    let v = outer[channel] * (1 - globe) + inner[channel] * globe
                    pixels[i + channel] = UInt8(clamp(v, 0, 255).rounded())
                }
                pixels[i + 3] = UInt8((clamp((0.96 - r) * c, 0, 1) * 255).rounded())
            }
        }
        return Bitmap(width: size, height: size, pixels: pixels)
    }
}
