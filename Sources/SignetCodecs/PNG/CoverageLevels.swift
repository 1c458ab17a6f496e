import SignetCore
import SignetRaster

/// The coverage levels of a mask after rounding to `count` evenly spaced levels (0 and 255
/// always among them), found in one pass over the mask: which rounded levels occur, and each
/// raw coverage byte's rounded level and palette index (its rank among the levels present).
struct CoverageLevels {
    /// The rounded levels that occur, ascending.
    let present: [Int]
    /// Raw coverage → rounded coverage.
    private let rounded: [UInt8]
    /// Raw coverage → rank of its rounded level in `present`.
    private let rank: [UInt8]

    init(_ mask: CoverageMask, count: Int) throws {
        guard (2...256).contains(count) else {
            throw CodecError(.cannotRepresent("\(.pngMaskLevels) must be 2 to 256, not \(count)."))
        }
        var seen = [Bool](repeating: false, count: 256)
        mask.alpha.withUnsafeBufferPointer { alpha in
            seen.withUnsafeMutableBufferPointer { seen in
                for a in alpha { seen[Int(a)] = true }
            }
        }
        let steps = Double(count - 1)
        let rounded = (0..<256).map { UInt8((Double((Double($0) * steps / 255).rounded()) * 255 / steps).rounded()) }
        var used = [Bool](repeating: false, count: 256)
        for a in 0..<256 where seen[a] { used[Int(rounded[a])] = true }
        present = (0..<256).filter { used[$0] }
        var rankOfLevel = [UInt8](repeating: 0, count: 256)
        for (index, level) in present.enumerated() { rankOfLevel[level] = UInt8(index) }
        self.rounded = rounded
        rank = rounded.map { rankOfLevel[Int($0)] }
    }

    /// The mask with every coverage byte rounded.
    func apply(to mask: CoverageMask) -> CoverageMask {
        var out = mask
        out.alpha = mask.alpha.map { rounded[Int($0)] }
        return out
    }

    /// Each pixel's palette index, rows packed at `bitDepth` bits per pixel (8, 4, 2 or 1; the
    /// first pixel in the high bits, each row padded to whole bytes). Transparent pixels have
    /// index 0 (the lowest level), so the rows start zeroed and runs of transparency, most of a
    /// signature, are stepped over eight pixels at a time.
    func packedIndices(_ mask: CoverageMask, bitDepth: Int) -> [UInt8] {
        let width = mask.width
        let perByte = 8 / bitDepth
        let rowBytes = (width + perByte - 1) / perByte
        let mod = perByte - 1
        let shift = bitDepth == 8 ? 0 : bitDepth == 4 ? 1 : bitDepth == 2 ? 2 : 3
        return mask.alpha.withUnsafeBytes { raw in
            rank.withUnsafeBufferPointer { rank in
                var out = [UInt8](repeating: 0, count: rowBytes * mask.height)
                out.withUnsafeMutableBufferPointer { out in
                    for y in 0..<mask.height {
                        let row = y * width, dst = y * rowBytes
                        var x = 0
                        while x < width {
                            if x + 8 <= width, raw.loadUnaligned(fromByteOffset: row + x, as: UInt64.self) == 0 {
                                x += 8
                                continue
                            }
                            let index = rank[Int(raw[row + x])]
                            if index != 0 {
                                out[dst + (x >> shift)] |= index << UInt8((mod - (x & mod)) * bitDepth)
                            }
                            x += 1
                        }
                    }
                }
                return out
            }
        }
    }
}
