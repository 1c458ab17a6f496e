import SignetCodecs
import SignetCore
import SignetRaster

/// The stamp as one form XObject, added once to a document and drawn by every stamped page.
/// Its box is `[0, w] × [0, h]` in the artwork's own units (pixels, capture units).
package struct StampForm {
    package let object: PDFObject
    package let size: Size

    /// Adds `artwork` to `document`: an image XObject (with `/SMask` for alpha) or a vector
    /// form, wrapped so `opacity` and `blend` apply to the stamp as a whole.
    package static func make(
        _ artwork: StampArtwork, opacity: Double = 1, blend: BlendMode = .normal,
        in document: PDFDocument
    ) throws -> StampForm {
        let size = artwork.naturalSize
        guard size.width > 0, size.height > 0 else {
            throw document.error(.badStamp("the stamp is empty (no pixels or no ink)"))
        }
        let state =
            opacity < 1 || blend != .normal
            ? "<< /Type /ExtGState /ca \(PDFNumber.format(opacity)) /CA \(PDFNumber.format(opacity)) /BM \(blend.pdfName) >>"
            : nil
        let box = "[0 0 \(PDFNumber.format(size.width)) \(PDFNumber.format(size.height))]"
        switch artwork {
        case .bitmap(let bitmap):
            let image = try imageXObject(bitmap, in: document)
            return StampForm(object: try drawImage(image, size: size, box: box, state: state, in: document), size: size)
        case .jpeg(let bytes, let info):
            let image = try jpegXObject(bytes, info, in: document)
            let form = try drawImage(image, size: size, box: box, state: state, turned: info.orientation, in: document)
            return StampForm(object: form, size: size)
        case .ink(let ink):
            guard let content = InkContent(ink) else { throw document.error(.badStamp("the strokes hold no ink")) }
            let alphas = content.alphaStates.sorted { $0.key < $1.key }.map {
                "\($0.key) << /Type /ExtGState /ca \(PDFNumber.format($0.value)) /CA \(PDFNumber.format($0.value)) >>"
            }
            let resources = alphas.isEmpty ? "<< >>" : "<< /ExtGState << \(alphas.joined(separator: " ")) >> >>"
            let group = state == nil ? "" : " /Group << /Type /Group /S /Transparency >>"
            let art = try document.makeStream(
                try compress(content.bytes, document), filter: "/FlateDecode",
                dictionary: "<< /Type /XObject /Subtype /Form /BBox \(box) /Resources \(resources)\(group) >>")
            guard let state else { return StampForm(object: art, size: size) }
            let wrapper = try form(
                "q /G0 gs /Art Do Q\n",
                resources: "<< /ExtGState << /G0 \(state) >> /XObject << /Art \(try reference(art)) >> >>", box: box,
                in: document)
            return StampForm(object: wrapper, size: size)
        }
    }

    static func reference(_ object: PDFObject) throws -> String {
        guard let id = try object.id else {
            throw object.document.error(.structure("internal: stamp object is not indirect"))
        }
        return id.reference
    }

    private static func form(
        _ content: String, resources: String, box: String, in document: PDFDocument
    ) throws -> PDFObject {
        try document.makeStream(
            Array(content.utf8), dictionary: "<< /Type /XObject /Subtype /Form /BBox \(box) /Resources \(resources) >>")
    }

    /// A form that draws `image` over its whole box, turned as `turned` says (EXIF orientation).
    private static func drawImage(
        _ image: PDFObject, size: Size, box: String, state: String?, turned: ExifOrientation = .up,
        in document: PDFDocument
    ) throws -> PDFObject {
        let scale = imageMatrix(turned, shown: size).map { PDFNumber.format($0) }.joined(separator: " ") + " cm"
        let xobjects = "/XObject << /Im \(try reference(image)) >>"
        guard let state else {
            return try form("q \(scale) /Im Do Q\n", resources: "<< \(xobjects) >>", box: box, in: document)
        }
        return try form(
            "q /G0 gs \(scale) /Im Do Q\n", resources: "<< \(xobjects) /ExtGState << /G0 \(state) >> >>", box: box,
            in: document)
    }

    /// RGB (or gray when every visible pixel is gray) compressed with Flate, alpha as `/SMask`.
    static func imageXObject(_ bitmap: Bitmap, in document: PDFDocument) throws -> PDFObject {
        let gray = bitmap.isGray
        let count = bitmap.pixelCount
        var color = [UInt8](repeating: 0, count: count * (gray ? 1 : 3))
        var alpha = [UInt8](repeating: 0, count: count)
        bitmap.pixels.withUnsafeBufferPointer { px in
            for i in 0..<count {
                if gray {
                    color[i] = px[i * 4]
                } else {
                    color[i * 3] = px[i * 4]
                    color[i * 3 + 1] = px[i * 4 + 1]
                    color[i * 3 + 2] = px[i * 4 + 2]
                }
                alpha[i] = px[i * 4 + 3]
            }
        }
        let header =
            "/Type /XObject /Subtype /Image /Width \(bitmap.width) /Height \(bitmap.height) /BitsPerComponent 8"
        var extra = ""
        if !bitmap.isOpaque {
            let mask = try document.makeStream(
                try compress(alpha, document), filter: "/FlateDecode",
                dictionary: "<< \(header) /ColorSpace /DeviceGray >>")
            extra = " /SMask \(try reference(mask))"
        }
        return try document.makeStream(
            try compress(color, document), filter: "/FlateDecode",
            dictionary: "<< \(header) /ColorSpace \(gray ? "/DeviceGray" : "/DeviceRGB")\(extra) >>")
    }

    private static func compress(_ bytes: [UInt8], _ document: PDFDocument) throws -> [UInt8] {
        do { return try Zlib.deflate(bytes) } catch {
            throw document.error(
                .badStamp("the stamp could not be compressed (zlib status \((error as? Zlib.Failure)?.status ?? 0))"))
        }
    }

    /// The matrix that draws an image's unit square (its first stored row at the top) into a box
    /// of `shown` size as the image is seen when stored with `orientation` (EXIF): for 5 to 8
    /// the stored rows become columns. `[a b c d e f]` as `cm` takes them.
    static func imageMatrix(_ orientation: ExifOrientation, shown: Size) -> [Double] {
        let (w, h) = (shown.width, shown.height)
        switch orientation {
        case .up: return [w, 0, 0, h, 0, 0]
        case .upMirrored: return [-w, 0, 0, h, w, 0]
        case .down: return [-w, 0, 0, -h, w, h]
        case .downMirrored: return [w, 0, 0, -h, 0, h]
        case .leftMirrored: return [0, -h, -w, 0, w, h]
        case .right: return [0, -h, w, 0, 0, h]
        case .rightMirrored: return [0, h, w, 0, 0, 0]
        case .left: return [0, h, -w, 0, w, 0]
        }
    }

    /// The JPEG's bytes untouched as `/DCTDecode`, in its ICC profile's colours when it has one
    /// (`/ICCBased`); Adobe CMYK JPEGs store inverted values, which `/Decode [1 0 1 0 1 0 1 0]`
    /// turns back.
    static func jpegXObject(_ bytes: [UInt8], _ info: JPEGInfo, in document: PDFDocument) throws -> PDFObject {
        var space: String
        switch (info.colorSpace, info.components) {
        case (.gray, _), (.unknown, 1): space = "/DeviceGray"
        case (.ycbcr, _), (.rgb, _), (.unknown, 3): space = "/DeviceRGB"
        case (.cmyk, _), (.ycck, _), (.unknown, 4): space = "/DeviceCMYK"
        default:
            throw document.error(
                .badStamp("the JPEG has \(info.components) components; only gray, RGB and CMYK can be embedded"))
        }
        let decode = space == "/DeviceCMYK" && info.isAdobeInverted ? " /Decode [1 0 1 0 1 0 1 0]" : ""
        if let profile = info.iccProfile {
            let stream = try document.makeStream(
                try compress(profile, document), filter: "/FlateDecode",
                dictionary: "<< /N \(info.components) /Alternate \(space) >>")
            space = "[/ICCBased \(try reference(stream))]"
        }
        return try document.makeStream(
            bytes, filter: "/DCTDecode",
            dictionary:
                "<< /Type /XObject /Subtype /Image /Width \(info.width) /Height \(info.height) /ColorSpace \(space) /BitsPerComponent \(info.bitsPerComponent)\(decode) >>"
        )
    }
}
