/// The SSIM map of a band of rows, streamed: each source row is filtered horizontally once into
/// a ring of the last 11 rows, and each output row is filtered vertically from that ring, so
/// memory stays at a few rows whatever the image size.
///
/// Four planes are filtered: x, y, x'² + y'² and x'·y', where x' = x − 128 (the variances are
/// shift-invariant; the shift keeps single-precision sums accurate near white).
struct SSIMRows {
    private let width: Int
    private let inner: Int
    private let window: [Float]
    private var ring: [Float]
    private var squares: [Float]
    private var products: [Float]
    private var acc: [Float]

    init(width: Int) {
        self.width = width
        inner = width - 2 * SSIM.radius
        window = SSIM.window
        ring = [Float](repeating: 0, count: 4 * window.count * inner)
        squares = [Float](repeating: 0, count: width)
        products = [Float](repeating: 0, count: width)
        acc = [Float](repeating: 0, count: 4 * inner)
    }

    /// The sum of the SSIM map over output rows `rows` (each needs its 5 rows above and below).
    mutating func sum(x: UnsafePointer<Float>, y: UnsafePointer<Float>, rows: Range<Int>) -> Double {
        let r = SSIM.radius
        var total = 0.0
        for row in (rows.lowerBound - r)..<(rows.upperBound + r) {
            filterAcross(x: x + row * width, y: y + row * width, slot: row % window.count)
            let center = row - r
            if center >= rows.lowerBound { total += mapRow(center) }
        }
        return total
    }

    /// Horizontal pass of one source row into ring slot `slot`.
    private mutating func filterAcross(x: UnsafePointer<Float>, y: UnsafePointer<Float>, slot: Int) {
        let (width, inner, taps) = (self.width, self.inner, window.count)
        squares.withUnsafeMutableBufferPointer { sq in
            products.withUnsafeMutableBufferPointer { pr in
                for i in 0..<width {
                    let a = x[i] - 128, b = y[i] - 128
                    sq[i] = a * a + b * b
                    pr[i] = a * b
                }
            }
        }
        window.withUnsafeBufferPointer { w in
            ring.withUnsafeMutableBufferPointer { ring in
                squares.withUnsafeBufferPointer { sq in
                    products.withUnsafeBufferPointer { pr in
                        let planeSize = taps * inner
                        let sources: [UnsafePointer<Float>] = [x, y, sq.baseAddress!, pr.baseAddress!]
                        for (plane, src) in sources.enumerated() {
                            let out = ring.baseAddress! + plane * planeSize + slot * inner
                            out.update(repeating: 0, count: inner)
                            for k in 0..<taps {
                                let weight = w[k]
                                let s = src + k
                                for i in 0..<inner { out[i] += weight * s[i] }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Vertical pass for output row `center` and the sum of its SSIM values.
    private mutating func mapRow(_ center: Int) -> Double {
        let (inner, taps) = (self.inner, window.count)
        let first = center - SSIM.radius
        let (c1, c2) = (SSIM.c1, SSIM.c2)
        var total: Float = 0
        window.withUnsafeBufferPointer { w in
            ring.withUnsafeBufferPointer { ring in
                acc.withUnsafeMutableBufferPointer { acc in
                    let planeSize = taps * inner
                    for plane in 0..<4 {
                        let out = acc.baseAddress! + plane * inner
                        out.update(repeating: 0, count: inner)
                        for k in 0..<taps {
                            let weight = w[k]
                            let src = ring.baseAddress! + plane * planeSize + ((first + k) % taps) * inner
                            for i in 0..<inner { out[i] += weight * src[i] }
                        }
                    }
                    let mx = acc.baseAddress!, my = mx + inner, sq = my + inner, pr = sq + inner
                    for i in 0..<inner {
                        let ax = mx[i], ay = my[i]
                        let sx = ax - 128, sy = ay - 128
                        let variances = sq[i] - sx * sx - sy * sy
                        let covariance = pr[i] - sx * sy
                        let num = (2 * ax * ay + c1) * (2 * covariance + c2)
                        let den = (ax * ax + ay * ay + c1) * (variances + c2)
                        total += num / den
                    }
                }
            }
        }
        return Double(total)
    }
}
