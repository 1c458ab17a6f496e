import SignetRaster

extension Bitmap {
    /// The image as it is meant to be seen when stored with `orientation`: turned and flipped so
    /// that it needs no tag (a copy; `self` when `.up`). Sides swap for 5 to 8; the dpi stays.
    /// - Parameter orientation: What the file's EXIF Orientation tag said.
    package func oriented(_ orientation: ExifOrientation) -> Bitmap {
        guard orientation != .up, width > 0, height > 0 else { return self }
        let (w, h) = (width, height)
        let (outWidth, outHeight) = orientation.swapsSides ? (h, w) : (w, h)
        // Where the shown pixel (x, y) is stored: source = start + x · dx + y · dy, in pixels.
        let (start, dx, dy): (Int, Int, Int)
        switch orientation {
        case .up: (start, dx, dy) = (0, 1, w)
        case .upMirrored: (start, dx, dy) = (w - 1, -1, w)
        case .down: (start, dx, dy) = (w * h - 1, -1, -w)
        case .downMirrored: (start, dx, dy) = ((h - 1) * w, 1, -w)
        case .leftMirrored: (start, dx, dy) = (0, w, 1)
        case .right: (start, dx, dy) = ((h - 1) * w, -w, 1)
        case .rightMirrored: (start, dx, dy) = (w * h - 1, -w, -1)
        case .left: (start, dx, dy) = (w - 1, w, -1)
        }
        let count = w * h
        let turned = [UInt8](unsafeUninitializedCapacity: count * 4) { out, initialized in
            pixels.withUnsafeBytes { source in
                let target = UnsafeMutableRawBufferPointer(out)
                for y in 0..<outHeight {
                    var from = start + y * dy
                    let row = y * outWidth
                    for x in 0..<outWidth {
                        target.storeBytes(
                            of: source.loadUnaligned(fromByteOffset: from * 4, as: UInt32.self),
                            toByteOffset: (row + x) * 4, as: UInt32.self)
                        from += dx
                    }
                }
            }
            initialized = count * 4
        }
        return Bitmap(width: outWidth, height: outHeight, pixels: turned, dpi: dpi)
    }
}
