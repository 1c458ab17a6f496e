import Foundation
import SignetCore
import SignetStrokes

/// Drawings built in code for the rendering tests.
enum RasterFixtures {
    /// A cursive-looking stroke of loops, `count` samples, timed 8 ms apart.
    static func loops(count: Int = 120, origin: Point = Point(x: 20, y: 40), force: Bool = false) -> Stroke {
        Stroke(
            samples: (0..<count).map { i in
                let u = Double(i) / Double(count - 1)
                let theta = 2 * Double.pi * 4 * u
                let x = origin.x + 140 * u - 9 * sin(theta)
                let y = origin.y - 22 * (1 - cos(theta)) / 2
                return Sample(x: x, y: y, t: Double(i) * 8, force: force ? 0.5 + 0.4 * sin(3 * theta) : nil)
            })
    }

    /// Two dots and a smile, like signature_pad's face fixture.
    static let face = Drawing(
        strokes: [
            Stroke(samples: [Sample(x: 125, y: 54, t: 0)]),
            Stroke(samples: [Sample(x: 175, y: 54, t: 600)]),
            Stroke(samples: [
                Sample(x: 83, y: 57, t: 1300), Sample(x: 85, y: 63, t: 1500), Sample(x: 94, y: 72, t: 1530),
                Sample(x: 105, y: 79, t: 1560), Sample(x: 113, y: 84, t: 1580), Sample(x: 126, y: 88, t: 1610),
                Sample(x: 139, y: 92, t: 1640), Sample(x: 151, y: 94, t: 1670), Sample(x: 162, y: 94, t: 1700),
                Sample(x: 175, y: 91, t: 1730), Sample(x: 186, y: 87, t: 1760), Sample(x: 197, y: 81, t: 1790),
                Sample(x: 206, y: 74, t: 1820), Sample(x: 213, y: 66, t: 1850), Sample(x: 217, y: 58, t: 1880),
                Sample(x: 218, y: 52, t: 1950),
            ]),
        ],
        canvas: Size(width: 300, height: 150))

    /// A straight horizontal line from (x0, y) to (x1, y).
    static func line(_ x0: Double, _ x1: Double, y: Double) -> Stroke {
        Stroke(samples: [Sample(x: x0, y: y), Sample(x: x1, y: y)])
    }

    /// The alpha-bearing extent of a bitmap: first and last column and row with alpha > 0.
    static func alphaExtent(_ pixels: [UInt8], width: Int, height: Int) -> (minX: Int, maxX: Int, minY: Int, maxY: Int)?
    {
        var box: (Int, Int, Int, Int)?
        for y in 0..<height {
            for x in 0..<width where pixels[(y * width + x) * 4 + 3] > 0 {
                box = box.map { (min($0.0, x), max($0.1, x), min($0.2, y), max($0.3, y)) } ?? (x, x, y, y)
            }
        }
        return box.map { (minX: $0.0, maxX: $0.1, minY: $0.2, maxY: $0.3) }
    }
}
