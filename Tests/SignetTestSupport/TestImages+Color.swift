import SignetCore
import SignetRaster

extension TestImages {
    /// Four signatures in saturated inks (red, blue, green, magenta) over one another on
    /// transparency, the most opaque ink winning each pixel: the multi-colour signature of issue 21.
    package static func multiColorSignature(width: Int, height: Int, penRadius: Double = 3) -> Bitmap {
        let inks = [
            Color(red: 0.85, green: 0.05, blue: 0.1), Color(red: 0.1, green: 0.2, blue: 0.9),
            Color(red: 0.05, green: 0.6, blue: 0.15), Color(red: 0.8, green: 0.1, blue: 0.75),
        ]
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for (seed, ink) in inks.enumerated() {
            let layer = signature(width: width, height: height, seed: UInt64(seed + 5), ink: ink, penRadius: penRadius)
            for i in stride(from: 0, to: pixels.count, by: 4) where layer.pixels[i + 3] > pixels[i + 3] {
                for c in 0..<4 { pixels[i + c] = layer.pixels[i + c] }
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }
}
