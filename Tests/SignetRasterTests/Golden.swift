import Foundation
import SignetCodecs
import SignetRaster
import Testing

/// Compares renderings with committed golden PNGs (rendered by this code once and checked by eye).
///
/// A pixel's difference is the largest in its alpha and alpha-weighted colour channels
/// (premultiplied, 0…255). The tolerance is a list of limits, each "at most this share of the
/// pixels differ by more than this many levels". The goldens were drawn by cairo's scan
/// converter; Signet's own rasteriser draws them within `tolerance`: 98 % of pixels within 3
/// levels, 99.9 % within 16 (one edge pixel in a thousand; cairo's own coverage moves in steps of
/// 17 on its 15 sub-rows), none beyond 64 — which a moved, thicker or missing stroke exceeds. On
/// a mismatch the actual image and a diff image (red = difference, brighter = larger) are
/// written to a temporary folder named in the failure. `SIGNET_UPDATE_GOLDENS=1` rewrites the
/// goldens (and fails, so it is never silent).
enum Golden {
    struct Limit: Sendable {
        var levels: Int
        var share: Double
    }

    static let tolerance = [
        Limit(levels: 3, share: 0.02), Limit(levels: 16, share: 0.001), Limit(levels: 64, share: 0),
    ]

    /// `tolerance` with `extra` levels allowed on every limit (a lossy encoding on top).
    static func tolerance(plus extra: Int) -> [Limit] {
        tolerance.map { Limit(levels: $0.levels + extra, share: $0.share) }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    static func check(
        _ bitmap: Bitmap, named name: String, tolerance: [Limit] = Golden.tolerance,
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
        var worst = 0
        var differing = [Int](repeating: 0, count: tolerance.count)
        for i in stride(from: 0, to: bitmap.pixels.count, by: 4) {
            let d = difference(bitmap.pixels, golden.pixels, at: i)
            worst = max(worst, d)
            for (k, limit) in tolerance.enumerated() where d > limit.levels { differing[k] += 1 }
            (diff[i], diff[i + 3]) = (255, d == 0 ? 0 : UInt8(min(64 + 4 * d, 255)))
        }
        let pixels = Double(bitmap.width * bitmap.height)
        let broken = tolerance.indices.filter { Double(differing[$0]) > tolerance[$0].share * pixels }
        guard broken.isEmpty else {
            let saved = try save(
                bitmap, diff: Bitmap(width: bitmap.width, height: bitmap.height, pixels: diff), name: name)
            let counts = broken.map { k in
                "\(differing[k]) pixels differ by more than \(tolerance[k].levels) levels "
                    + "(allowed: \(Int(tolerance[k].share * pixels)))"
            }
            Issue.record(
                "\(name): \(counts.joined(separator: "; ")), worst \(worst); \(saved)", sourceLocation: sourceLocation)
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
