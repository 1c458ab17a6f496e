/// Where SSIM reads its two images from, one row of floats (of one plane) at a time.
enum SSIMInput: @unchecked Sendable {
    /// Two gray planes.
    case planes(UnsafePointer<Float>, UnsafePointer<Float>)
    /// Two RGBA images (alpha ignored), converted to one plane row by row.
    case rgba(UnsafePointer<UInt8>, UnsafePointer<UInt8>, SSIMChannel)
    /// Two RGBA images of one size (alpha ignored), the second holding only some rows: row r of
    /// the image is row `slots[r]` there (never asked for when negative).
    case rgbaRows(UnsafePointer<UInt8>, UnsafePointer<UInt8>, slots: UnsafePointer<Int>, SSIMChannel)
    /// Two gray images, one byte per pixel (the byte is the luma).
    case gray(UnsafePointer<UInt8>, UnsafePointer<UInt8>)
    /// An RGBA image (alpha ignored) and a plane of a smaller image upscaled to its size (the
    /// same plane of the RGBA image is compared).
    case upscaled(UnsafePointer<UInt8>, PlaneUpscale)
    /// Another input (images `fullWidth` wide) averaged over 2×2 blocks: row r, column c here
    /// is the mean of rows 2r, 2r + 1 and columns 2c, 2c + 1 there.
    indirect case halved(SSIMInput, fullWidth: Int)

    /// `count` values of row `row` from column `first` on, of images `imageWidth` wide; the
    /// first image's left out when `x` is nil (a score that already holds them: `LabReference`).
    func load(
        row: Int, imageWidth: Int, from first: Int, count: Int, x: UnsafeMutablePointer<Float>?,
        y: UnsafeMutablePointer<Float>
    ) {
        let start = row * imageWidth + first
        switch self {
        case .planes(let a, let b):
            x?.update(from: a + start, count: count)
            y.update(from: b + start, count: count)
        case .rgba(let a, let b, let channel):
            if let x { channel.convert(a + start * 4, count: count, into: x) }
            channel.convert(b + start * 4, count: count, into: y)
        case .rgbaRows(let a, let b, let slots, let channel):
            let slot = slots[row]
            precondition(slot >= 0, "a row not held")
            if let x { channel.convert(a + start * 4, count: count, into: x) }
            channel.convert(b + (slot * imageWidth + first) * 4, count: count, into: y)
        case .upscaled(let a, let b):
            if let x { b.channel.convert(a + start * 4, count: count, into: x) }
            b.row(row, from: first, count: count, into: y)
        case .halved(let input, let fullWidth):
            // Two full rows of x and y, twice as wide.
            withUnsafeTemporaryAllocation(of: Float.self, capacity: 8 * count) { buffer in
                let t = buffer.baseAddress!
                let wide = 2 * count
                let (x0, x1) = x == nil ? (nil, nil) : (t, t + 2 * wide)
                input.load(row: 2 * row, imageWidth: fullWidth, from: 2 * first, count: wide, x: x0, y: t + wide)
                input.load(
                    row: 2 * row + 1, imageWidth: fullWidth, from: 2 * first, count: wide, x: x1, y: t + 3 * wide)
                if let x {
                    for i in 0..<count {
                        let (l, r) = (2 * i, 2 * i + 1)
                        x[i] = 0.25 * (t[l] + t[r] + t[2 * wide + l] + t[2 * wide + r])
                    }
                }
                for i in 0..<count {
                    let (l, r) = (2 * i, 2 * i + 1)
                    y[i] = 0.25 * (t[wide + l] + t[wide + r] + t[3 * wide + l] + t[3 * wide + r])
                }
            }
        case .gray(let a, let b):
            for i in 0..<count {
                x?[i] = Float(a[start + i])
                y[i] = Float(b[start + i])
            }
        }
    }
}
