/// How a camera says its pixels must be turned to be seen upright: the EXIF / TIFF Orientation
/// tag (0x0112), values 1 to 8 (TIFF 6.0 §"Orientation", CIPA DC-008 §4.6.4). The name of each
/// case is what the stored rows and columns are, the comment what a reader does to show them.
package enum ExifOrientation: Int, Sendable, Hashable, Codable, CaseIterable {
    /// 1: stored upright; nothing to do.
    case up = 1
    /// 2: mirrored left to right; flip horizontally.
    case upMirrored = 2
    /// 3: upside down; turn 180°.
    case down = 3
    /// 4: mirrored top to bottom; flip vertically.
    case downMirrored = 4
    /// 5: transposed (rows stored as columns, first row the left column); transpose.
    case leftMirrored = 5
    /// 6: turned 90° anticlockwise, as a phone held upright stores it; turn 90° clockwise.
    case right = 6
    /// 7: transversed; flip across the other diagonal.
    case rightMirrored = 7
    /// 8: turned 90° clockwise; turn 90° anticlockwise.
    case left = 8

    /// True when the upright image's width is the stored height (5 to 8).
    package var swapsSides: Bool { rawValue >= 5 }

    /// The orientation stated by `tiff`, the TIFF data of an EXIF block (what follows a JPEG APP1
    /// marker's `Exif\0\0`, or a PNG `eXIf` chunk's data): the Orientation entry of the first IFD,
    /// read with the byte order the header states. `.up` when there is no such entry, and for
    /// anything malformed — a header that is not `II*\0` or `MM\0*`, an IFD or entry past the end,
    /// an entry that is not one SHORT (or LONG) of value 1 to 8: an image is never turned on a guess.
    /// - Parameter tiff: The TIFF bytes, header first.
    package static func parse(_ tiff: some Collection<UInt8>) -> ExifOrientation {
        let bytes = Array(tiff)
        guard bytes.count >= 8 else { return .up }
        let bigEndian: Bool
        switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
        case (0x49, 0x49, 0x2A, 0x00): bigEndian = false
        case (0x4D, 0x4D, 0x00, 0x2A): bigEndian = true
        default: return .up
        }
        func unsigned(_ at: Int, _ size: Int) -> Int? {
            guard at >= 0, size <= bytes.count, at <= bytes.count - size else { return nil }
            var value = 0
            for i in 0..<size {
                let byte = Int(bytes[at + (bigEndian ? i : size - 1 - i)])
                value = value << 8 | byte
            }
            return value
        }
        // The whole IFD must be there: a count that runs past the end says the block is not what it claims.
        guard let ifd = unsigned(4, 4), let count = unsigned(ifd, 2), unsigned(ifd + 2 + 12 * count - 1, 1) != nil
        else { return .up }
        for index in 0..<count {
            let entry = ifd + 2 + 12 * index
            guard let tag = unsigned(entry, 2), let type = unsigned(entry + 2, 2), let values = unsigned(entry + 4, 4)
            else { return .up }
            guard tag == 0x0112 else { continue }
            // SHORT (3) as the standard says; LONG (4) as a few writers put it. Either fits in the entry.
            guard values == 1, let value = type == 3 ? unsigned(entry + 8, 2) : type == 4 ? unsigned(entry + 8, 4) : nil
            else { return .up }
            return ExifOrientation(rawValue: value) ?? .up
        }
        return .up
    }
}
