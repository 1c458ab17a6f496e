import SignetCore
import SignetFiles
import SignetPDF
import SignetRaster

/// A PDF opened with poppler for previews: pages rendered the way a viewer shows them.
///
/// poppler 22.12 does not read `/UserUnit`; callers that know a page's UserUnit (SignetPDF's
/// `PageGeometry`) pass it to `layout` and `render` so `--dpi` means dots per real inch.
package final class PreviewDocument {
    /// The file as named by the caller (`-` is standard input).
    package let input: String
    private let document: PopplerDocumentHandle

    /// Largest PDF read from standard input (files are read by poppler as needed).
    package static let maxStandardInputBytes = 1 << 30

    /// Opens `path` (`-` reads standard input) with an optional user or owner password, tried
    /// in the forms `PDFPassword` lists (the same ones `PDFDocument` tries). With `end`, only the
    /// file's first `end` bytes are read: an earlier revision, as a signature covering them saw it.
    package init(path: String, password: Secret? = nil, end: Int? = nil) throws {
        input = path
        let open: (Secret?) throws -> PopplerDocumentHandle
        let source: any ByteSource
        if path == "-" {
            var bytes = try InputFile.read(path, limit: Self.maxStandardInputBytes)
            if let end { bytes = Array(bytes.prefix(try Self.check(end, size: bytes.count, input: path))) }
            source = MemorySource(bytes, name: path)
            open = { [bytes] in try PopplerDocumentHandle(bytes: bytes, password: $0, input: path) }
        } else if let end {
            let file = try MappedFile(try ReadableFile(path: path))
            let count = try Self.check(end, size: file.size, input: path)
            source = MappedPrefix(file, count: count)
            open = { try PopplerDocumentHandle(mapped: file, count: count, password: $0, input: path) }
        } else {
            let file = try ReadableFile(path: path)
            source = file
            open = { try PopplerDocumentHandle(fd: try file.duplicatedDescriptor(), password: $0, input: path) }
        }
        switch try PDFEnvelope.problem(in: source) {
        case .notAPDF: throw PreviewError(.notPDF, context: path)
        case .truncated: throw PreviewError(.truncated, context: path)
        case nil: break
        }
        document = try Self.open(path, password: password, with: open)
    }

    /// `end` when it is a byte count inside a file of `size` bytes.
    private static func check(_ end: Int, size: Int, input: String) throws -> Int {
        guard end >= 1, end <= size else {
            throw PreviewError(
                .badOption("the end offset \(end) is not inside the file, which has \(size) bytes."), context: input)
        }
        return end
    }

    /// The document opened with the first form of `password` poppler accepts.
    private static func open(
        _ path: String, password: Secret?, with open: (Secret?) throws -> PopplerDocumentHandle
    ) throws -> PopplerDocumentHandle {
        guard let password else { return try open(nil) }
        return try PDFPassword.withForms(of: password) { forms in
            for candidate in forms.candidates {
                do {
                    return try open(candidate)
                } catch let error as PreviewError where error.reason == .wrongPassword {
                    continue
                } catch let error as PreviewError {
                    // poppler 22.12 retries a refused password in another encoding and then reports the
                    // file as damaged; a file that asks for a password when given none refused this one.
                    guard case .unreadable = error.reason else { throw error }
                    do { _ = try open(nil) } catch let bare as PreviewError where bare.reason == .passwordRequired {
                        continue
                    } catch {}
                    throw error
                }
            }
            if let prohibited = forms.prohibited {
                throw PreviewError(.passwordNotAllowed(prohibited.description), context: path)
            }
            throw PreviewError(.wrongPassword, context: path)
        }
    }

    /// The number of pages.
    package var pageCount: Int { document.pageCount }

    /// Where page `number` (1-based) goes in a preview with `options`.
    package func layout(
        page number: Int, options: PreviewOptions = PreviewOptions(), userUnit: Double = 1
    ) throws -> PreviewLayout {
        try layout(of: try page(number), number: number, options: options, userUnit: userUnit)
    }

    /// Page `number` (1-based) on white, as a viewer shows it: the CropBox (clipped to the
    /// MediaBox), turned by /Rotate, fitted into the size `options` ask for. With `region`, only
    /// those pixels of that image (whole numbers, from its top-left corner, inside it) are drawn.
    /// With `printing`, as printed: annotations without the Print flag left out, NoView ones drawn.
    package func render(
        page number: Int, options: PreviewOptions = PreviewOptions(), userUnit: Double = 1, region: Rect? = nil,
        printing: Bool = false
    ) throws -> Bitmap {
        let page = try page(number)
        let layout = try layout(of: page, number: number, options: options, userUnit: userUnit)
        let area = region ?? Rect(x: 0, y: 0, width: Double(layout.width), height: Double(layout.height))
        let whole = Rect(x: 0, y: 0, width: Double(layout.width), height: Double(layout.height))
        let integral = [area.minX, area.minY, area.width, area.height].allSatisfy { $0 == $0.rounded() }
        guard integral, !area.isEmpty, whole.contains(area) else {
            throw PreviewError(
                .badOption(
                    "the region \(NumberText.short(area.minX)),\(NumberText.short(area.minY)),\(NumberText.short(area.width)),\(NumberText.short(area.height)) is not whole pixels inside the \(layout.width)×\(layout.height)-pixel image of page \(number); give a region inside it."
                ), context: input)
        }
        // poppler draws one user-space unit per unit of the transform; a unit is `userUnit` points.
        let s = layout.pixelsPerPoint * userUnit
        return try PixelCanvas.draw(
            width: Int(area.width), height: Int(area.height), background: .white,
            transform: Transform.scale(s, s).concatenating(.translation(-area.minX, -area.minY)), dpi: layout.dpi
        ) { cairo in page.render(into: cairo, printing: printing) }
    }

    private func page(_ number: Int) throws -> PopplerPageHandle {
        guard number >= 1, number <= pageCount else {
            throw PreviewError(.pageOutOfRange(page: number, count: pageCount), context: input)
        }
        guard let page = document.page(number - 1) else {
            throw PreviewError(.pageUnreadable(page: number), context: input)
        }
        return page
    }

    private func layout(
        of page: PopplerPageHandle, number: Int, options: PreviewOptions, userUnit: Double
    ) throws -> PreviewLayout {
        guard userUnit > 0, userUnit.isFinite else {
            throw PreviewError(
                .badOption("the UserUnit of page \(number) must be a positive number, not \(userUnit)."), context: input
            )
        }
        let size = page.size
        do {
            return try PreviewLayout(
                pageSize: Size(width: size.width * userUnit, height: size.height * userUnit), options: options,
                page: number)
        } catch var error as PreviewError {
            error.context = input
            throw error
        }
    }
}
