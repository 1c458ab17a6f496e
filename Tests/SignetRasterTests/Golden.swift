import Foundation
import SignetCodecs
import SignetRaster
import Testing

/// Compares renderings with committed golden PNGs (rendered by this code once and checked by eye).
///
/// Tolerance: every pixel's alpha and alpha-weighted colour channels (premultiplied, 0…255) may
/// differ by at most `tolerance` levels, which absorbs cairo's anti-aliasing differences between
/// versions but not a moved, thicker or missing stroke. On a mismatch the actual image and a diff
/// image (red = difference, brighter = larger) are written to a temporary folder named in the
/// failure. `SIGNET_UPDATE_GOLDENS=1` rewrites the goldens (and fails, so it is never silent).
enum Golden {
    static let tolerance = 3

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    static func check(
        _ bitmap: Bitmap, named name: String, tolerance: Int = Golden.tolerance,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = folder.appendingPathComponent(name + ".png")
        if ProcessInfo.processInfo.environment["SIGNET_UPDATE_GOLDENS"] == "1" {
            try Data(try PNGEncoder.encode(bitmap)).write(to: url)
            Issue.record("wrote golden \(url.path): check it by eye, then commit it", sourceLocation: sourceLocation)
            return
        }
        let golden = try PNGDecoder.decode(Array(try Data(contentsOf: url)))
        guard golden.width == bitmap.width, golden.height == bitmap.height else {
            let saved = try save(bitmap, diff: nil, name: name)
            Issue.record(
                "\(name): size \(bitmap.width)×\(bitmap.height), golden \(golden.width)×\(golden.height); actual image: \(saved)",
                sourceLocation: sourceLocation)
            return
        }
        var diff = [UInt8](repeating: 0, count: bitmap.pixels.count)
        var worst = 0, differing = 0
        for i in stride(from: 0, to: bitmap.pixels.count, by: 4) {
            let d = difference(bitmap.pixels, golden.pixels, at: i)
            worst = max(worst, d)
            if d > tolerance { differing += 1 }
            (diff[i], diff[i + 3]) = (255, d == 0 ? 0 : UInt8(min(64 + 4 * d, 255)))
        }
        guard worst <= tolerance else {
            let saved = try save(
                bitmap, diff: Bitmap(width: bitmap.width, height: bitmap.height, pixels: diff), name: name)
            Issue.record(
                "\(name): \(differing) pixels differ by more than \(tolerance) levels (worst \(worst)); \(saved)",
                sourceLocation: sourceLocation)
            return
        }
    }

    /// The largest difference in alpha or alpha-weighted colour at pixel offset `i`.
    private static func difference(_ a: [UInt8], _ b: [UInt8], at i: Int) -> Int {
        let (aa, ba) = (Int(a[i + 3]), Int(b[i + 3]))
        var d = abs(aa - ba)
        for c in 0..<3 { d = max(d, abs(Int(a[i + c]) * aa - Int(b[i + c]) * ba) / 255) }
        return d
    }

    private static func save(_ actual: Bitmap, diff: Bitmap?, name: String) throws -> String {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(
            "signet-golden-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let actualURL = out.appendingPathComponent(name + ".actual.png")
        try Data(try PNGEncoder.encode(actual)).write(to: actualURL)
        guard let diff else { return actualURL.path }
        let diffURL = out.appendingPathComponent(name + ".diff.png")
        try Data(try PNGEncoder.encode(diff)).write(to: diffURL)
        return "actual: \(actualURL.path), diff: \(diffURL.path)"
    }
}
