import Foundation
import Signet

/// Measures PNG size and encode time for colour types × levels × filters × strategies on rendered
/// signatures, the numbers behind `PNGOptions`' defaults.
enum PNGSettings {
    static func run(count: Int, seed: UInt64) throws {
        var generator = SignatureGenerator(seed: seed)
        let bitmaps = try (0..<count).map { _ in try Renderer.bitmap(generator.next()).bitmap }
        let pixels = bitmaps.reduce(0) { $0 + $1.pixelCount }
        print("\(count) signatures rendered at scale 2, mean \(pixels / count) pixels")
        var smaller = 0
        for bitmap in bitmaps {
            let direct = try PNGEncoder.encode(bitmap, options: PNGOptions(colorType: .grayAlpha, filter: .none, strategy: .rle))
            let indexed = try PNGEncoder.encode(bitmap, options: PNGOptions(colorType: .palette, filter: .none, strategy: .rle))
            if indexed.count < direct.count { smaller += 1 }
        }
        print("palette smaller than gray-alpha (no filter, RLE) for \(smaller) of \(count) images")
        print("type        level filter   strategy   mean bytes   ms/image")
        let types: [PNGOptions.ColorType] = [.grayAlpha, .palette, .rgba]
        for type in types {
            for level in [1, 3, 6, 9] {
                for filter in [PNGOptions.Filter.none, .sub, .up, .paeth, .adaptive] {
                    for strategy in [PNGOptions.Strategy.standard, .filtered, .rle] {
                        let options = PNGOptions(colorType: type, compressionLevel: level, filter: filter, strategy: strategy)
                        let start = DispatchTime.now().uptimeNanoseconds
                        var bytes = 0
                        for bitmap in bitmaps { bytes += try PNGEncoder.encode(bitmap, options: options).count }
                        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(count)
                        print(
                            type.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0), String(level).padding(toLength: 5, withPad: " ", startingAt: 0),
                            filter.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0), strategy.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0),
                            String(bytes / count).padding(toLength: 12, withPad: " ", startingAt: 0), String(format: "%.2f", ms))
                    }
                }
            }
        }
    }
}
