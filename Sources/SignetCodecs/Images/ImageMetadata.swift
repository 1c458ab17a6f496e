/// What a file says about its pixels besides the pixels: read before decoding, applied after.
struct ImageMetadata: Sendable, Hashable {
    /// The TIFF data of the file's EXIF block (JPEG APP1 `Exif`, PNG `eXIf`, WebP `EXIF`), if any.
    var exif: [UInt8]?
    /// The embedded ICC profile (JPEG APP2, PNG `iCCP`, TIFF tag 34675, WebP `ICCP`), if any.
    var iccProfile: [UInt8]?
    /// The orientation a format states outside EXIF (TIFF's own tag), which then wins.
    var stated: ExifOrientation? = nil

    /// How the file says its pixels must be turned (`.up` when it says nothing).
    var orientation: ExifOrientation { stated ?? exif.map { ExifOrientation.parse($0) } ?? .up }

    /// `count` bytes at `pointer` as an array; nil for none.
    static func copy(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8]? {
        guard let pointer, count > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: pointer, count: count))
    }
}
