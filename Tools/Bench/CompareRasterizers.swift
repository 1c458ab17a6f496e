import Dispatch
import Foundation
import Signet
import SignetRaster

/// The swept-disc rasteriser against cairo's scan converter on every JSON file of a folder, for
/// a few pens and scales: how far the coverage differs (levels of 255) and how long each takes
/// to draw (the render only, smoothing included: this thread's CPU time, best of 3, so other load
/// on the machine barely moves it). The numbers behind the tolerance
/// stated in docs/performance.md.
enum CompareRasterizers {
    static let cases: [(String, RenderOptions)] = [
        ("fixed 2.5, scale 2 (default)", RenderOptions()),
        ("fixed 2.5, scale 0.5 (1.25 px ink)", RenderOptions(scale: 0.5)),
        ("fixed 2.5, scale 6", RenderOptions(scale: 6)),
        ("velocity, scale 2", RenderOptions(widthModel: .velocity)),
        ("velocity, scale 6", RenderOptions(scale: 6, widthModel: .velocity)),
        ("pressure, scale 2", RenderOptions(widthModel: .pressure)),
    ]

    /// With `diffs`, the drawing with the worst pixel of each case is written there as
    /// `N-swept.png`, `N-cairo.png` and `N-diff.png` (difference × 4), and the pixel is printed.
    static func run(input: String, diffs: String?) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: input).filter { !$0.hasPrefix(".") }.sorted()
        guard !names.isEmpty else { throw BenchError("no .json files in \(input)") }
        let drawings = try names.map { try StrokeFile.read(path: input + "/" + $0) }
        print("\(names.count) drawings; levels of 255; times: mean CPU ms per drawing, best of 3")
        print("| case | worst | mean | pixels > 8 | pixels > 16 | IoU (alpha ≥ 128) | swept disc ms | cairo ms |")
        print("|---|---|---|---|---|---|---|---|")
        for (label, options) in cases {
            var worst = 0, total = 0, over8 = 0, over16 = 0, pixels = 0, both = 0, either = 0
            var worstImages: (CoverageMask, CoverageMask, Int, String)?
            for (drawing, name) in zip(drawings, names) {
                let ours = try Renderer.raster(drawing, options: options).image
                let cairo = try Renderer.raster(drawing, options: options, rasterizer: .cairo).image
                guard case .coverage(let a) = ours, case .coverage(let b) = cairo, a.width == b.width,
                    a.height == b.height
                else { throw BenchError("\(label): the two rasterisers gave different kinds or sizes of image") }
                for i in a.alpha.indices {
                    let d = abs(Int(a.alpha[i]) - Int(b.alpha[i]))
                    if d > worst { worstImages = (a, b, i, name) }
                    (worst, total) = (max(worst, d), total + d)
                    let (p, q) = (a.alpha[i] >= 128, b.alpha[i] >= 128)
                    if p && q { both += 1 }
                    if p || q { either += 1 }
                    if d > 8 { over8 += 1 }
                    if d > 16 { over16 += 1 }
                }
                pixels += a.alpha.count
            }
            let times = try [Renderer.Rasterizer.sweptDisc, .cairo].map { rasterizer in
                try (0..<3).map { _ in
                    let start = threadCPUSeconds()
                    for d in drawings { _ = try Renderer.raster(d, options: options, rasterizer: rasterizer) }
                    return (threadCPUSeconds() - start) * 1e3 / Double(drawings.count)
                }.min()!
            }
            if let diffs, let (a, b, i, name) = worstImages {
                let n = cases.firstIndex { $0.0 == label }!
                var diff = a
                diff.alpha = zip(a.alpha, b.alpha).map { UInt8(min(abs(Int($0) - Int($1)) * 4, 255)) }
                for (suffix, mask) in [("swept", a), ("cairo", b), ("diff", diff)] {
                    try Data(try PNGEncoder.encode(.coverage(mask), options: PNGOptions(maskLevels: 256)))
                        .write(to: URL(fileURLWithPath: "\(diffs)/\(n)-\(suffix).png"))
                }
                print("\(label): worst pixel x \(i % a.width), y \(i / a.width) of \(name) in \(diffs)/\(n)-*.png")
            }
            func percent(_ n: Int) -> String { String(format: "%.3f %%", 100 * Double(n) / Double(pixels)) }
            print(
                "| \(label) | \(worst) | \(String(format: "%.3f", Double(total) / Double(pixels))) | \(percent(over8)) "
                    + "| \(percent(over16)) | \(String(format: "%.4f", Double(both) / Double(max(either, 1)))) | \(String(format: "%.2f", times[0])) | \(String(format: "%.2f", times[1])) |"
            )
        }
    }
}

/// CPU time this thread has used, in seconds.
private func threadCPUSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}
