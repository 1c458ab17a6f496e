import Foundation
import Signet

/// Measures PNG size and encode time for colour types × levels × filters × strategies on rendered
/// signatures, the numbers behind `PNGOptions`' defaults.
enum PNGSettings {
    static func run(count: Int, seed: UInt64) throws {
        var generator = SignatureGenerator(seed: seed)
        let bitmaps = try (0..<count).map { _ in try Renderer.bitmap(generator.next()).bitmap }
        print(
            "\(count) signatures rendered at scale 2, mean \(bitmaps.reduce(0) { $0 + $1.pixelCount } / count) pixels")
        var smaller = 0
        for bitmap in bitmaps {
            let direct = try PNGEncoder.encode(bitmap, options: PNGOptions(colorType: .grayAlpha))
            let indexed = try PNGEncoder.encode(bitmap, options: PNGOptions(colorType: .palette))
            if indexed.count < direct.count { smaller += 1 }
        }
        print("palette smaller than gray-alpha (default filter and strategy) for \(smaller) of \(count) images\n")
        print(row("type", "level", "filter", "strategy", "mean bytes", "ms/image"))
        for type in [PNGOptions.ColorType.grayAlpha, .palette, .rgba] {
            for level in [1, 6, 9] {
                for filter in [PNGOptions.Filter.none, .sub, .up, .paeth, .adaptive] {
                    for strategy in [PNGOptions.Strategy.standard, .filtered, .rle] {
                        let options = PNGOptions(
                            colorType: type, compressionLevel: level, filter: filter, strategy: strategy)
                        let start = DispatchTime.now().uptimeNanoseconds
                        var bytes = 0
                        for bitmap in bitmaps { bytes += try PNGEncoder.encode(bitmap, options: options).count }
                        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(count)
                        print(
                            row(
                                type.rawValue, "\(level)", filter.rawValue, strategy.rawValue, "\(bytes / count)",
                                String(format: "%.2f", ms)))
                    }
                }
            }
        }
    }

    private static func row(_ cells: String...) -> String {
        zip(cells, [11, 6, 9, 9, 11, 8]).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(
            separator: " ")
    }
}
