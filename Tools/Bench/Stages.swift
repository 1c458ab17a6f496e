import Foundation
import Signet

enum Stages {
    static func run(input: String) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: input).filter { $0.hasSuffix(".json") }.sorted()
        func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
        var t = [String: UInt64]()
        for name in names {
            var a = now()
            func lap(_ k: String) { let b = now(); t[k, default: 0] += b - a; a = b }
            let bytes = try Data(contentsOf: URL(fileURLWithPath: input + "/" + name)); lap("file read")
            let d1 = try StrokeReader.read(Array(bytes), name: name, options: StrokeReadOptions(format: .signet)); lap("parse (format given)")
            _ = try StrokeFile.read(path: input + "/" + name); lap("StrokeFile.read (detect)")
            let p = try Renderer.prepare(d1); lap("prepare")
            _ = p
            let r = try Renderer.bitmap(d1); lap("bitmap (incl prepare)")
            _ = try PNGEncoder.encode(r.bitmap); lap("encode auto")
            _ = try PNGEncoder.encode(r.bitmap, options: PNGOptions(colorType: .palette)); lap("encode palette")
            _ = try PNGEncoder.encode(r.bitmap, options: PNGOptions(colorType: .grayAlpha)); lap("encode GA")
        }
        for (k, v) in t.sorted(by: { $0.key < $1.key }) { print(k.padding(toLength: 28, withPad: " ", startingAt: 0), String(format: "%.2f ms", Double(v) / 1e6 / Double(names.count))) }
    }
}
