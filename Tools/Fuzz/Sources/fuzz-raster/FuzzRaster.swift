import FuzzSupport
import SignetCore
import SignetRaster
import SignetStrokes

/// Signet's own rasteriser (`SweptDiscRasterizer`, which writes through unchecked pointers in
/// release builds) on arbitrary geometry. The input is read as little-endian 16-bit numbers: a
/// canvas width and height (1…256), a scale (1/64 steps), then per segment a control point, an
/// end point (1/16 px, far outside the canvas too) and an end width (1/32 unit, zero included).
/// AddressSanitizer reports any write outside the mask; the mask must lie on the canvas.
@_cdecl("fuzz_raster_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzz.run(argc, argv) { data, size in
        let bytes = Fuzz.bytes(data, size)
        var numbers = stride(from: 0, to: bytes.count - 1, by: 2).map {
            Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
        }[...]
        func next() -> Int? { numbers.popFirst().map(Int.init) }
        guard let w = next(), let h = next(), let s = next() else { return 0 }
        let width = abs(w) % 256 + 1, height = abs(h) % 256 + 1, scale = Double(abs(s) % 1024 + 1) / 64
        var spine: [QuadSegment] = []
        var start = Point(x: 0, y: 0), startWidth = 2.0
        while let cx = next(), let cy = next(), let ex = next(), let ey = next(), let ew = next() {
            let end = Point(x: Double(ex) / 16, y: Double(ey) / 16), endWidth = Double(abs(ew) % 4096) / 32
            spine.append(
                QuadSegment(
                    start: start, control: Point(x: Double(cx) / 16, y: Double(cy) / 16), end: end,
                    startWidth: startWidth, endWidth: endWidth))
            (start, startWidth) = (end, endWidth)
        }
        guard !spine.isEmpty else { return 0 }
        let transform = Transform.scale(scale, scale).concatenating(.translation(Double(w % 7), Double(h % 5)))
        if let mask = SweptDiscRasterizer.mask(spine, transform: transform, width: width, height: height) {
            Fuzz.require(
                mask.x >= 0 && mask.y >= 0 && mask.x + mask.width <= width && mask.y + mask.height <= height
                    && mask.alpha.count == mask.width * mask.height,
                "mask \(mask.width)×\(mask.height) at (\(mask.x), \(mask.y)) on a \(width)×\(height) canvas")
        }
        return 0
    }
}
