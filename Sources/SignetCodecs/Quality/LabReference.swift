import SignetCore
import Synchronization

/// The first image of a colour-difference comparison (`ColorDifference`) in CIELAB, row by row at
/// the resolution ΔE is taken at (2×2 block means when `halves`), each row converted on first use
/// and kept. A budget fit compares every candidate and estimate with one original, so its rows
/// are converted once per fit instead of once per candidate; the values are those the score
/// computes without a reference, so the score is the same bit for bit (`LabReferenceTests`).
/// Holds only the rows asked for: a fit that scores on a row sample keeps a few percent of them.
/// Safe to share between threads.
final class LabReference: Sendable {
    /// The compared image's size, before halving.
    let width: Int
    let height: Int
    let halves: Bool
    /// One buffer of 3 × (compared width) values per compared row, nil until converted.
    private let rows: Mutex<[UnsafeMutablePointer<Float>?]>

    /// An empty reference for images `width` × `height`, compared over halved rows when `halves`.
    init(width: Int, height: Int, halves: Bool) {
        (self.width, self.height, self.halves) = (width, height, halves)
        rows = Mutex([UnsafeMutablePointer<Float>?](repeating: nil, count: halves ? height / 2 : height))
    }

    deinit {
        rows.withLock { rows in
            for row in rows { row?.deallocate() }
        }
    }

    /// The compared width: `width`, halved when `halves`.
    private var comparedWidth: Int { halves ? width / 2 : width }

    /// The rows of `bands` not yet held, converted from the first image of `planes` (Y, Cb, Cr as
    /// `ColorDifference.score` reads them), on up to `Parallel.threads` threads.
    func fill(_ bands: [Range<Int>], planes: [SSIMInput]) {
        let w = comparedWidth
        rows.withLock { rows in
            let missing = bands.flatMap { $0 }.filter { rows[$0] == nil }
            guard !missing.isEmpty else { return }
            let made = missing.map { _ in UnsafeMutablePointer<Float>.allocate(capacity: 3 * w) }
            nonisolated(unsafe) let targets = made
            Parallel.forEach(missing.count) { i in
                withUnsafeTemporaryAllocation(of: Float.self, capacity: 4 * w) { buffer in
                    let p = buffer.baseAddress!
                    // The second image's planes are not wanted: each overwrites the last in the fourth plane.
                    for (k, plane) in planes.enumerated() {
                        plane.load(row: missing[i], imageWidth: w, from: 0, count: w, x: p + k * w, y: p + 3 * w)
                    }
                    ColorDifference.labRow(p, width: w, into: targets[i])
                }
            }
            for (row, buffer) in zip(missing, made) { rows[row] = buffer }
        }
    }

    /// Row `row`'s L*, a*, b* by pixel, when held.
    func row(_ row: Int) -> UnsafePointer<Float>? {
        rows.withLock { $0[row].map { UnsafePointer($0) } }
    }
}
