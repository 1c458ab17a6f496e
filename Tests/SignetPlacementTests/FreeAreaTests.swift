import SignetCore
import SignetPlacement
import SignetTestSupport
import Testing

/// The free-area search of `--at auto`: named cases in a table, then properties over random
/// pages checked against a brute force that reads every pixel of every grid position.
@Suite("Free area: where a stamp fits on a rendered page")
struct FreeAreaTests {
    /// A page of `width` × `height` points at one pixel per point, inked where `ink` says.
    static func page(_ width: Int, _ height: Int, ink: [Rect] = []) -> Occupancy {
        var grid = Occupancy(
            width: width, height: height, scale: 1, occupied: [Bool](repeating: false, count: width * height))
        for r in ink { grid.mark(r) }
        return grid
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var page: Size
        var ink: [Rect] = []
        var annotations: [Rect] = []
        var size: Size
        var ideal: Point
        var clearance = 0.0
        /// The top-left corner expected, or nil for "no free area".
        var expected: Point?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a blank page: the ideal spot itself", page: Size(width: 100, height: 80),
            size: Size(width: 30, height: 10), ideal: Point(x: 60, y: 60), expected: Point(x: 60, y: 60)),
        Case(
            name: "ink over the ideal spot's lower half: moved up just clear of it", page: Size(width: 100, height: 80),
            ink: [Rect(x: 0, y: 65, width: 100, height: 15)], size: Size(width: 30, height: 10),
            ideal: Point(x: 60, y: 60), expected: Point(x: 60, y: 55)),
        Case(
            name: "an annotation over the ideal spot: moved left past it", page: Size(width: 100, height: 20),
            annotations: [Rect(x: 55, y: 0, width: 45, height: 20)], size: Size(width: 30, height: 10),
            ideal: Point(x: 60, y: 5), expected: Point(x: 25, y: 5)),
        Case(
            name: "clearance: a gap as wide as the stamp is not enough", page: Size(width: 100, height: 20),
            ink: [Rect(x: 0, y: 0, width: 40, height: 20), Rect(x: 70, y: 0, width: 30, height: 20)],
            size: Size(width: 30, height: 10), ideal: Point(x: 40, y: 5), clearance: 2, expected: nil),
        Case(
            name: "the same gap without clearance fits exactly", page: Size(width: 100, height: 20),
            ink: [Rect(x: 0, y: 0, width: 40, height: 20), Rect(x: 70, y: 0, width: 30, height: 20)],
            size: Size(width: 30, height: 10), ideal: Point(x: 40, y: 5), expected: Point(x: 40, y: 5)),
        Case(
            name: "a stamp larger than the page: none", page: Size(width: 50, height: 50),
            size: Size(width: 60, height: 10), ideal: Point(x: 0, y: 0), expected: nil),
        Case(
            name: "a page inked all over: none", page: Size(width: 50, height: 50),
            ink: [Rect(x: 0, y: 0, width: 50, height: 50)], size: Size(width: 5, height: 5),
            ideal: Point(x: 10, y: 10), expected: nil),
        Case(
            name: "an ideal spot off the page (a page smaller than the margins): the nearest inside",
            page: Size(width: 40, height: 30), size: Size(width: 30, height: 10), ideal: Point(x: -26, y: -16),
            expected: Point(x: 0, y: 0)),
        Case(
            name: "equal distances: the higher one wins", page: Size(width: 20, height: 40),
            ink: [Rect(x: 0, y: 15, width: 20, height: 10)], size: Size(width: 20, height: 5),
            ideal: Point(x: 0, y: 17.5), expected: Point(x: 0, y: 9.5)),
    ]

    @Test("named cases", arguments: cases)
    func table(_ c: Case) throws {
        let grid = Self.page(Int(c.page.width), Int(c.page.height), ink: c.ink)
        do {
            let rect = try FreeArea.find(
                size: c.size, near: c.ideal, page: c.page, occupancy: grid, annotations: c.annotations,
                clearance: c.clearance, step: 1)
            #expect(c.expected != nil, "\(c.name): found \(rect), expected none")
            #expect(
                rect.origin == c.expected, "\(c.name): found \(rect.origin), expected \(String(describing: c.expected))"
            )
            #expect(rect.size == c.size)
        } catch {
            #expect(c.expected == nil, "\(c.name): found none, expected \(String(describing: c.expected))")
            #expect(error.size == c.size)
        }
    }

    /// Whether `rect` covers part of a pixel (with an area) that is occupied or that an annotation
    /// covers part of: every pixel read one by one. The search works at the pixel's grain, so an
    /// annotation blocks the whole of every pixel it reaches into.
    static func touchesInk(_ rect: Rect, _ grid: Occupancy, annotations: [Rect] = []) -> Bool {
        // Only pixels near the rectangle can meet it; each one is still tested exactly.
        let near = { (low: Double, high: Double, count: Int) in
            max(0, Int(low * grid.scale) - 2)..<min(count, Int(high * grid.scale) + 2)
        }
        for y in near(rect.minY, rect.maxY, grid.height) {
            for x in near(rect.minX, rect.maxX, grid.width) {
                let pixel = Rect(
                    x: Double(x) / grid.scale, y: Double(y) / grid.scale, width: 1 / grid.scale, height: 1 / grid.scale)
                guard rect.intersection(pixel) != nil else { continue }
                if grid[x: x, y: y] || annotations.contains(where: { $0.intersection(pixel) != nil }) { return true }
            }
        }
        return false
    }

    @Test("random pages: inside the page, clear of ink and annotations, on the grid, nearest of all free positions")
    func properties() throws {
        var random = SeededRandom(seed: 37)
        var found = 0, none = 0
        for round in 0..<150 {
            let (w, h) = (Int.random(in: 8...40, using: &random), Int.random(in: 8...40, using: &random))
            let scale = [0.5, 1, 2].randomElement(using: &random)!
            let pageSize = Size(width: Double(w), height: Double(h))
            var ink: [Rect] = []
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                ink.append(
                    Rect(
                        x: Double.random(in: 0..<Double(w), using: &random),
                        y: Double.random(in: 0..<Double(h), using: &random),
                        width: Double.random(in: 0.5...12, using: &random),
                        height: Double.random(in: 0.5...12, using: &random)))
            }
            let annotations = (0..<Int.random(in: 0...2, using: &random)).map { _ in
                Rect(
                    x: Double.random(in: 0..<Double(w), using: &random),
                    y: Double.random(in: 0..<Double(h), using: &random),
                    width: Double.random(in: 1...10, using: &random), height: Double.random(in: 1...10, using: &random))
            }
            var grid = Occupancy(
                width: Int((Double(w) * scale).rounded()), height: Int((Double(h) * scale).rounded()), scale: scale,
                occupied: [Bool](
                    repeating: false, count: Int((Double(w) * scale).rounded()) * Int((Double(h) * scale).rounded())))
            for r in ink { grid.mark(r) }
            let size = Size(
                width: Double.random(in: 1...Double(w), using: &random),
                height: Double.random(in: 1...Double(h), using: &random))
            let ideal = Point(
                x: Double.random(in: -5...Double(w), using: &random),
                y: Double.random(in: -5...Double(h), using: &random))
            let clearance = [0, 1, 2.5].randomElement(using: &random)!
            let step = 1 / scale
            // Brute force: every grid position through `ideal` inside the page, every pixel read.
            var best: (d: Double, p: Point)?
            for ky in -200...200 {
                let y = ideal.y + Double(ky) * step
                guard y >= -0.01, y + size.height <= pageSize.height + 0.01 else { continue }
                for kx in -200...200 {
                    let x = ideal.x + Double(kx) * step
                    guard x >= -0.01, x + size.width <= pageSize.width + 0.01 else { continue }
                    let grown = Rect(x: x, y: y, width: size.width, height: size.height).outsetBy(clearance)
                    guard !Self.touchesInk(grown, grid, annotations: annotations) else { continue }
                    let d = (x - ideal.x) * (x - ideal.x) + (y - ideal.y) * (y - ideal.y)
                    if best == nil || d < best!.d { best = (d, Point(x: x, y: y)) }
                }
            }
            let what =
                "round \(round): page \(w)×\(h) at \(scale) px/pt, stamp \(size), ideal \(ideal), clearance \(clearance)"
            do {
                let rect = try FreeArea.find(
                    size: size, near: ideal, page: pageSize, occupancy: grid, annotations: annotations,
                    clearance: clearance, step: step)
                found += 1
                let best = try #require(best, "\(what): found \(rect), the brute force none")
                #expect(
                    Rect(origin: .zero, size: pageSize).contains(rect, tolerance: 0.01),
                    "\(what): \(rect) leaves the page")
                let grown = rect.outsetBy(clearance)
                #expect(!Self.touchesInk(grown, grid), "\(what): \(rect) touches ink")
                #expect(
                    !annotations.contains { grown.intersection($0) != nil }, "\(what): \(rect) overlaps an annotation")
                let (kx, ky) = ((rect.minX - ideal.x) / step, (rect.minY - ideal.y) / step)
                #expect(
                    abs(kx - kx.rounded()) < 1e-6 && abs(ky - ky.rounded()) < 1e-6, "\(what): \(rect) is off the grid")
                let d = (rect.minX - ideal.x) * (rect.minX - ideal.x) + (rect.minY - ideal.y) * (rect.minY - ideal.y)
                #expect(
                    abs(d - best.d) < 1e-6,
                    "\(what): \(rect) at distance² \(d), the brute force's \(best.p) at \(best.d)")
            } catch {
                none += 1
                #expect(best == nil, "\(what): none found, the brute force found \(String(describing: best))")
            }
        }
        #expect(found > 30 && none > 5, "the rounds cover both outcomes: \(found) found, \(none) none")
    }

    @Test("a page image's ink: pixels darker than the verifier's ink threshold, whatever their alpha on white")
    func occupancyFromPixels() {
        // white, light grey (230), the threshold's grey (223), black, black at alpha 20 (light on white)
        let pixels: [UInt8] = [255, 255, 255, 255, 230, 230, 230, 255, 223, 223, 223, 255, 0, 0, 0, 255, 0, 0, 0, 20]
        let grid = Occupancy(rgba: pixels, width: 5, height: 1, scale: 1)
        #expect(grid.occupied == [false, false, true, true, false], "\(grid.occupied)")
    }
}
