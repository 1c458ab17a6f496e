import SignetCore
import SignetStrokes
import SignetTestSupport

/// The test stamp as vector ink: the stamp's coloured regions as filled rectangles in capture
/// coordinates (y down), so a vector stamp can be found by the same locator as the image one.
enum TestInk {
    static func stamp(width: Double = 600, height: Double = 200) -> Ink {
        var ink = Ink(Drawing(strokes: []))
        ink.shapes = TestStamp.regions(width: width, height: height).map { rect, color in
            let c = color.rgb
            let path = Path([
                .move(to: Point(x: rect.minX, y: rect.minY)), .line(to: Point(x: rect.maxX, y: rect.minY)),
                .line(to: Point(x: rect.maxX, y: rect.maxY)), .line(to: Point(x: rect.minX, y: rect.maxY)), .close,
            ])
            return InkShape(
                path: path, paint: .fill,
                color: Color(red: Double(c.r) / 255, green: Double(c.g) / 255, blue: Double(c.b) / 255))
        }
        ink.bounds = Rect(x: 0, y: 0, width: width, height: height)
        return ink
    }
}
