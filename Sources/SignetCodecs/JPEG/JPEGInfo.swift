import CJPEG
import CSignetJPEG

/// What a JPEG's header says, read without decoding pixels. The PDF stage embeds JPEGs untouched
/// as `/DCTDecode` and needs exactly this: size, components, color space and whether CMYK values
/// are stored inverted (Adobe), which calls for `/Decode [1 0 1 0 1 0 1 0]`.
public struct JPEGInfo: Sendable, Hashable, Codable {
    /// How a JPEG stores its colours, and the PDF colour space that shows them.
    package enum ColorSpace: String, Sendable, Hashable, Codable {
        /// One component: PDF `/DeviceGray`.
        case gray
        /// Three components stored as YCbCr (JFIF): PDF `/DeviceRGB`.
        case ycbcr
        /// Three components stored as RGB (Adobe marker with transform 0): PDF `/DeviceRGB`.
        case rgb
        /// Four components stored as CMYK: PDF `/DeviceCMYK`.
        case cmyk
        /// Four components stored as YCCK (Adobe transform 2): PDF `/DeviceCMYK`.
        case ycck
        /// Anything else libjpeg reports (1–4 components without a known transform).
        case unknown
    }

    /// Width in pixels.
    package var width: Int
    /// Height in pixels.
    package var height: Int
    /// Components in the file: 1, 3 or 4.
    package var components: Int
    /// How the colours are stored.
    package var colorSpace: ColorSpace
    /// Bits per component; always 8 for what this decoder accepts.
    package var bitsPerComponent: Int
    /// True for a four-component file with an Adobe APP14 marker: its values are stored inverted
    /// (0 = full ink), as Photoshop writes them.
    package var isAdobeInverted: Bool
    /// Whether the scans are progressive rather than baseline.
    package var isProgressive: Bool
    /// Dots per inch from the JFIF header, when it gives a physical unit.
    package var dpi: Double?
    /// How the pixels must be turned to be seen upright (EXIF); `.up` unless read by `forEmbedding`.
    package var orientation: ExifOrientation = .up
    /// The embedded ICC profile, when Little CMS reads it and it has as many channels as the file
    /// has components; nil unless read by `forEmbedding`.
    package var iccProfile: [UInt8]? = nil

    /// The header of `bytes` with what a PDF needs to show the file untouched as its camera meant:
    /// its EXIF orientation and its usable ICC profile.
    /// - Parameter bytes: A JPEG file's bytes.
    /// - Throws: ``CodecError`` when they are not a JPEG libjpeg can read.
    package static func forEmbedding(_ bytes: [UInt8]) throws -> JPEGInfo {
        var info = try JPEGInfo(bytes)
        let metadata = try LibJPEG.readMetadata(bytes)
        info.orientation = metadata.orientation
        if let profile = metadata.iccProfile, SRGBConversion.channels(of: profile) == info.components {
            info.iccProfile = profile
        }
        return info
    }

    /// Width and height as the image is seen: swapped when the orientation turns it a quarter.
    package var shownSize: (width: Int, height: Int) {
        orientation.swapsSides ? (height, width) : (width, height)
    }

    /// Reads the header of `bytes`; throws `CodecError` when it is not a readable JPEG.
    /// - Parameter bytes: A JPEG file's bytes.
    /// - Throws: ``CodecError`` when they are not a JPEG libjpeg can read.
    package init(_ bytes: [UInt8]) throws {
        self.init(try LibJPEG.readInfo(bytes))
    }

    init(_ info: signet_jpeg_info) {
        width = Int(info.width)
        height = Int(info.height)
        components = Int(info.components)
        bitsPerComponent = 8
        switch J_COLOR_SPACE(rawValue: UInt32(info.color_space)) {
        case JCS_GRAYSCALE: colorSpace = .gray
        case JCS_YCbCr: colorSpace = .ycbcr
        case JCS_RGB: colorSpace = .rgb
        case JCS_CMYK: colorSpace = .cmyk
        case JCS_YCCK: colorSpace = .ycck
        default: colorSpace = .unknown
        }
        isAdobeInverted = info.saw_adobe_marker != 0 && components == 4
        isProgressive = info.progressive != 0
        switch info.density_unit {
        case 1 where info.x_density > 0: dpi = Double(info.x_density)
        case 2 where info.x_density > 0: dpi = Double(info.x_density) * 2.54
        default: dpi = nil
        }
    }
}
