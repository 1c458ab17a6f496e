import Foundation
import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCodecs

/// SSIM against values derived by hand and against scikit-image's reference implementation.
struct SSIMTests {
    static func plane(
        _ width: Int, _ height: Int, seed: UInt64, _ value: (Int, Int, inout SeededRandom) -> Float
    ) -> [Float] {
        var rng = SeededRandom(seed: seed)
        var out = [Float]()
        for y in 0..<height { for x in 0..<width { out.append(value(x, y, &rng)) } }
        return out
    }

    @Test("an image compared with itself scores 1")
    func identical() {
        let photo = TestImages.photo(width: 64, height: 48)
        #expect(abs(SSIM.luma(photo, photo) - 1) < 1e-6)
    }

    @Test(
        "two flat images score the luminance term alone",
        arguments: [(100, 100), (100, 150), (0, 255), (30, 200)] as [(Float, Float)])
    func flat(_ a: Float, _ b: Float) {
        // With no variance the structure term is C2/C2 = 1, leaving (2ab + C1) / (a² + b² + C1).
        let c1 = Double(0.01 * 255 * 0.01 * 255)
        let expected = (2 * Double(a) * Double(b) + c1) / (Double(a * a) + Double(b * b) + c1)
        let x = [Float](repeating: a, count: 40 * 30), y = [Float](repeating: b, count: 40 * 30)
        // Single-precision window sums: within 2e-4 of the exact value where the two images differ most.
        #expect(abs(SSIM.compare(x, y, width: 40, height: 30) - expected) < 2e-4)
    }

    @Test("images below the window size use one global window")
    func tiny() {
        // x = [0, 255], y = [255, 0]: means 127.5, variances 127.5², covariance −127.5².
        let (c1, c2) = (Double(0.01 * 255 * 0.01 * 255), Double(0.03 * 255 * 0.03 * 255))
        let m = 127.5, v = 127.5 * 127.5
        let expected = ((2 * m * m + c1) * (-2 * v + c2)) / ((2 * m * m + c1) * (2 * v + c2))
        #expect(abs(SSIM.compare([0, 255], [255, 0], width: 2, height: 1) - expected) < 1e-9)
    }

    @Test("SSIM is symmetric and falls as noise grows")
    func ordering() {
        let base = Self.plane(60, 50, seed: 1) { x, y, _ in Float((x * 7 + y * 3) % 200) }
        let scores = [4, 16, 48].map { amplitude -> Double in
            let noisy = Self.plane(60, 50, seed: 9) { x, y, rng in
                min(max(base[y * 60 + x] + Float(Int.random(in: -amplitude...amplitude, using: &rng)), 0), 255)
            }
            #expect(
                abs(SSIM.compare(base, noisy, width: 60, height: 50) - SSIM.compare(noisy, base, width: 60, height: 50))
                    < 1e-6)
            return SSIM.compare(base, noisy, width: 60, height: 50)
        }
        #expect(scores[0] > scores[1] && scores[1] > scores[2])
    }

    @Test("matches scikit-image's structural_similarity (Gaussian σ = 1.5)", .enabled(if: PythonTools.has("skimage")))
    func matchesScikitImage() throws {
        let (w, h) = (83, 57)
        let cases: [([Float], [Float])] = [
            (
                Self.plane(w, h, seed: 3) { x, y, _ in Float((x * x + y * 5) % 256) },
                Self.plane(w, h, seed: 4) { x, y, rng in
                    Float(min(max((x * x + y * 5) % 256 + Int.random(in: -20...20, using: &rng), 0), 255))
                }
            ),
            (
                Self.plane(w, h, seed: 5) { _, _, rng in Float(Int.random(in: 0...255, using: &rng)) },
                Self.plane(w, h, seed: 6) { _, _, rng in Float(Int.random(in: 0...255, using: &rng)) }
            ),
            (
                Self.plane(w, h, seed: 7) { x, _, _ in x < 40 ? 250 : 10 },
                Self.plane(w, h, seed: 8) { x, _, _ in x < 43 ? 245 : 15 }
            ),
        ]
        let script = """
            import sys, numpy as np
            from skimage.metrics import structural_similarity
            w, h = \(w), \(h)
            data = np.frombuffer(sys.stdin.buffer.read(), dtype='<f4').astype(np.float64)
            n = w * h
            for i in range(len(data) // (2 * n)):
                x = data[2 * i * n:(2 * i + 1) * n].reshape(h, w)
                y = data[(2 * i + 1) * n:(2 * i + 2) * n].reshape(h, w)
                print(structural_similarity(x, y, gaussian_weights=True, sigma=1.5, use_sample_covariance=False, data_range=255))
            """
        var input = [UInt8]()
        for (x, y) in cases { for v in x + y { withUnsafeBytes(of: v.bitPattern.littleEndian) { input += $0 } } }
        let run = try ProcessRunner.run("python3", ["-c", script], stdin: input)
        #expect(run.status == 0, "\(run.stderr)")
        let reference = run.stdoutText.split(separator: "\n").compactMap { Double($0) }
        try #require(reference.count == cases.count)
        for ((x, y), expected) in zip(cases, reference) {
            let ours = SSIM.compare(x, y, width: w, height: h)
            #expect(abs(ours - expected) < 2e-5, "ours \(ours), scikit-image \(expected)")
        }
    }

    @Test("luma uses Rec. 601 weights")
    func lumaWeights() {
        let red = Bitmap(width: 1, height: 1, fill: Color(red: 1, green: 0, blue: 0))
        #expect(abs(SSIM.plane(red, .luma)[0] - 0.299 * 255) < 1e-3)
    }
}
