import CSignetPNG

/// The pixels of a PNG in the layout most inputs have — 8 bits per sample, RGB or RGBA, not
/// interlaced, no tRNS — inflated by libdeflate (`ZlibInflater`) and unfiltered here, as
/// straight RGBA: the same bytes libpng writes, in a third of the time or less (docs/architecture.md).
///
/// nil for any other PNG and at any irregularity — a chunk that runs past the end, whose CRC
/// does not match or whose type is not four letters, a critical chunk out of place or unknown,
/// IDAT chunks apart, a zlib stream that is damaged or does not fill the image exactly, a filter
/// type over 4 — and libpng then decodes the file and judges it. Where libpng decodes a file,
/// this path gives the same bytes (`PNGPixelDataTests` and the png fuzz target compare the two).
/// The one difference left: a few malformed deflate streams that zlib refuses and no encoder
/// writes (length codes 286 and 287, more code lengths declared than deflate allows, distances
/// past the smaller window a stream's header declares) libdeflate inflates, so such a file gets
/// pixels where libpng says it is corrupt.
package enum PNGPixelData {
    /// `png`'s pixels, `header` being what libpng read of it before the pixel data.
    package static func rgba(_ png: [UInt8], header: signet_png_info) -> [UInt8]? {
        let channels: Int
        switch Int32(header.color_type) {
        case PNG_COLOR_TYPE_RGB_ALPHA: channels = 4
        case PNG_COLOR_TYPE_RGB: channels = 3
        default: return nil
        }
        guard header.bit_depth == 8, header.interlaced == 0, header.has_trns == 0, header.width > 0, header.height > 0,
            let inflater = ZlibInflater()
        else { return nil }
        let (width, height) = (Int(header.width), Int(header.height))
        let rowBytes = width * channels
        let filtered = height * (rowBytes + 1)
        return png.withUnsafeBytes { file -> [UInt8]? in
            guard let data = imageData(file) else { return nil }
            // The data inflated into `buffer`, unfiltered in place into its first height·rowBytes bytes.
            func decode(into buffer: UnsafeMutableRawBufferPointer) -> Bool {
                let inflated =
                    data.count == 1
                    ? inflater.inflate(UnsafeRawBufferPointer(rebasing: file[data[0]]), into: buffer)
                    : data.flatMap { file[$0] }.withUnsafeBytes { inflater.inflate($0, into: buffer) }
                guard inflated, let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
                return unfilter(base, height: height, rowBytes: rowBytes, bpp: channels)
            }
            let unfiltered = [UInt8](unsafeUninitializedCapacity: filtered) { buffer, count in
                count = decode(into: UnsafeMutableRawBufferPointer(buffer)) ? height * rowBytes : 0
            }
            guard !unfiltered.isEmpty else { return nil }
            guard channels == 3 else { return unfiltered }
            return [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, count in
                unfiltered.withUnsafeBufferPointer { source in
                    for pixel in 0..<(width * height) {
                        out[4 * pixel] = source[3 * pixel]
                        out[4 * pixel + 1] = source[3 * pixel + 1]
                        out[4 * pixel + 2] = source[3 * pixel + 2]
                        out[4 * pixel + 3] = 255
                    }
                }
                count = width * height * 4
            }
        }
    }

    /// The ranges of the IDAT chunks' data in `png`, when every chunk from the signature to IEND
    /// is whole with a matching CRC, IHDR comes first, PLTE (a suggested palette) before the
    /// pixel data, the IDAT chunks one after the other, and no other chunk is critical; nil otherwise.
    static func imageData(_ png: UnsafeRawBufferPointer) -> [Range<Int>]? {
        func word(_ at: Int) -> UInt32 { png.loadUnaligned(fromByteOffset: at, as: UInt32.self).bigEndian }
        var ranges: [Range<Int>] = []
        var dataEnded = false
        var at = 8
        while png.count - at >= 12 {
            let length = Int(word(at))
            guard length <= 0x7FFF_FFFF, length <= png.count - at - 12,
                ZlibInflater.crc32(UnsafeRawBufferPointer(rebasing: png[(at + 4)..<(at + 8 + length)]))
                    == word(at + 8 + length)
            else { return nil }
            let (type, data) = (word(at + 4), (at + 8)..<(at + 8 + length))
            // A chunk type is four ASCII letters (libpng refuses anything else).
            guard (0..<4).allSatisfy({ (UInt8(truncatingIfNeeded: type >> (8 * $0)) | 0x20) &- 0x61 < 26 }) else {
                return nil
            }
            switch type {
            case 0x4948_4452:  // IHDR
                guard at == 8 else { return nil }
            case 0x504C_5445:  // PLTE
                guard ranges.isEmpty else { return nil }
            case 0x4944_4154:  // IDAT
                guard !dataEnded else { return nil }
                ranges.append(data)
            case 0x4945_4E44:  // IEND
                return ranges.isEmpty ? nil : ranges
            default:
                guard type & 0x2000_0000 != 0 else { return nil }  // a critical chunk libpng does not know
                dataEnded = !ranges.isEmpty
            }
            at += 12 + length
        }
        return nil
    }

    /// Undoes the PNG row filters (ISO/IEC 15948 §9) in place: row y's filter type at
    /// y·(rowBytes + 1), its bytes after it, unfiltered to y·rowBytes (every write lands on
    /// bytes already read). `bpp`: bytes per pixel. false at a filter type over 4. Sub, Average
    /// and Paeth depend on the pixel to the left, so each byte waits on the one `bpp` before
    /// it; with 4 bytes per pixel (RGBA) a whole pixel is done at once (`pixelRow`), in a quarter
    /// of the steps.
    static func unfilter(_ base: UnsafeMutablePointer<UInt8>, height: Int, rowBytes: Int, bpp: Int) -> Bool {
        let zeros = [UInt8](repeating: 0, count: rowBytes)
        return zeros.withUnsafeBufferPointer { zero in
            for y in 0..<height {
                let filter = base[y * (rowBytes + 1)]
                let source = UnsafePointer(base + y * (rowBytes + 1) + 1)
                let row = base + y * rowBytes
                let up = y == 0 ? zero.baseAddress! : UnsafePointer(base + (y - 1) * rowBytes)
                let lead = min(bpp, rowBytes)
                if bpp == 4, filter == 1 || filter == 3 || filter == 4 {
                    pixelRow(filter, source, up, into: row, count: rowBytes / 4)
                    continue
                }
                switch filter {
                case 0:
                    UnsafeMutableRawPointer(row).copyMemory(from: source, byteCount: rowBytes)
                case 1:
                    for i in 0..<lead { row[i] = source[i] }
                    for i in lead..<rowBytes { row[i] = source[i] &+ row[i - bpp] }
                case 2:
                    upRow(source, up, into: row, count: rowBytes)
                case 3:
                    for i in 0..<lead { row[i] = source[i] &+ up[i] >> 1 }
                    for i in lead..<rowBytes {
                        row[i] = source[i] &+ UInt8(truncatingIfNeeded: (Int(row[i - bpp]) + Int(up[i])) >> 1)
                    }
                case 4:
                    // Left and upper-left are 0 for the first pixel, so the predictor is the byte above.
                    for i in 0..<lead { row[i] = source[i] &+ up[i] }
                    for i in lead..<rowBytes {
                        let (a, b, c) = (Int(row[i - bpp]), Int(up[i]), Int(up[i - bpp]))
                        let (pa, pb, pc) = (abs(b - c), abs(a - c), abs(a + b - 2 * c))
                        row[i] = source[i] &+ UInt8(truncatingIfNeeded: pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
                    }
                default:
                    return false
                }
            }
            return true
        }
    }

    /// Sub (1), Average (3) or Paeth (4) undone over `count` pixels of 4 bytes: the bytes of a
    /// pixel are independent of each other, so each step takes all four lanes.
    private static func pixelRow(
        _ filter: UInt8, _ source: UnsafePointer<UInt8>, _ up: UnsafePointer<UInt8>,
        into row: UnsafeMutablePointer<UInt8>, count: Int
    ) {
        func load(_ p: UnsafePointer<UInt8>, _ i: Int) -> SIMD4<Int16> {
            SIMD4<Int16>(truncatingIfNeeded: UnsafeRawPointer(p + 4 * i).loadUnaligned(as: SIMD4<UInt8>.self))
        }
        // The pixel to the left and the one above it: zero before the first.
        var (left, upLeft) = (SIMD4<Int16>(), SIMD4<Int16>())
        for i in 0..<count {
            let (x, above) = (load(source, i), load(up, i))
            let predicted: SIMD4<Int16>
            switch filter {
            case 1: predicted = left
            case 3: predicted = (left &+ above) &>> 1
            default:
                let (pa, pb) = (magnitude(above &- upLeft), magnitude(left &- upLeft))
                let pc = magnitude(left &+ above &- upLeft &- upLeft)
                let takesLeft = (pa .<= pb) .& (pa .<= pc)
                predicted = upLeft.replacing(with: above, where: .!takesLeft .& (pb .<= pc))
                    .replacing(with: left, where: takesLeft)
            }
            left = (x &+ predicted) & 0xFF
            upLeft = above
            UnsafeMutableRawPointer(row + 4 * i).storeBytes(
                of: SIMD4<UInt8>(truncatingIfNeeded: left), as: SIMD4<UInt8>.self)
        }
    }

    /// Up (2) undone over `count` bytes, 16 at a time: `row` may overlap `source` from below (it
    /// starts `y + 1` bytes before it), so each chunk is read whole before it is written, which
    /// the compiler cannot assume of a byte loop.
    private static func upRow(
        _ source: UnsafePointer<UInt8>, _ up: UnsafePointer<UInt8>, into row: UnsafeMutablePointer<UInt8>, count: Int
    ) {
        var i = 0
        while i + 16 <= count {
            let sum =
                UnsafeRawPointer(source + i).loadUnaligned(as: SIMD16<UInt8>.self)
                &+ UnsafeRawPointer(up + i).loadUnaligned(as: SIMD16<UInt8>.self)
            UnsafeMutableRawPointer(row + i).storeBytes(of: sum, as: SIMD16<UInt8>.self)
            i += 16
        }
        while i < count {
            row[i] = source[i] &+ up[i]
            i += 1
        }
    }

    private static func magnitude(_ v: SIMD4<Int16>) -> SIMD4<Int16> {
        v.replacing(with: 0 &- v, where: v .< 0)
    }
}
