import SignetCore
import SignetFiles
import SignetRaster

/// A PDF opened with poppler for previews: pages rendered the way a viewer shows them.
///
/// poppler 22.12 does not read `/UserUnit`; callers that know a page's UserUnit (SignetPDF's
/// `PageGeometry`) pass it to `layout` and `render` so `--dpi` means dots per real inch.
public final class PreviewDocument {
    /// The file as named by the caller (`-` is standard input).
    public let input: String
    private let document: PopplerDocumentHandle

    /// Largest PDF read from standard input (files are read by poppler as needed).
    public static let maxStandardInputBytes = 1 << 30

    /// Opens `path` (`-` reads standard input) with an optional user or owner password.
    public init(path: String, password: String? = nil) throws {
        input = path
        let open: (String?) throws -> PopplerDocumentHandle
        if path == "-" {
            let bytes = try InputFile.read(path, limit: Self.maxStandardInputBytes)
            guard Self.hasHeader(bytes.prefix(1024)) else { throw PreviewError(.notPDF, input: path) }
            open = { try PopplerDocumentHandle(bytes: bytes, password: $0, input: path) }
        } else {
            let file = try ReadableFile(path: path)
            guard Self.hasHeader(try file.bytes(0..<min(1024, file.size))) else { throw PreviewError(.notPDF, input: path) }
            open = { try PopplerDocumentHandle(fd: try file.duplicatedDescriptor(), password: $0, input: path) }
        }
        do {
            document = try open(password)
        } catch let error as PreviewError {
            // poppler 22.12 retries a refused password in another encoding and then reports the file
            // as damaged; a file that asks for a password when given none was refused the password.
            guard password != nil, case .unreadable = error.reason else { throw error }
            do { _ = try open(nil) } catch let bare as PreviewError where bare.reason == .passwordRequired {
                throw PreviewError(.wrongPassword, input: path)
            } catch {}
            throw error
        }
    }

    public var pageCount: Int { document.pageCount }

    /// Where page `number` (1-based) goes in a preview with `options`.
    public func layout(page number: Int, options: PreviewOptions = PreviewOptions(), userUnit: Double = 1) throws -> PreviewLayout {
        try layout(of: try page(number), number: number, options: options, userUnit: userUnit)
    }

    /// Page `number` (1-based) on white, as a viewer shows it: the CropBox (clipped to the
    /// MediaBox), turned by /Rotate, fitted into the size `options` ask for.
    public func render(page number: Int, options: PreviewOptions = PreviewOptions(), userUnit: Double = 1) throws -> Bitmap {
        let page = try page(number)
        let layout = try layout(of: page, number: number, options: options, userUnit: userUnit)
        // poppler draws one user-space unit per unit of the transform; a unit is `userUnit` points.
        let s = layout.pixelsPerPoint * userUnit
        return try PixelCanvas.draw(
            width: layout.width, height: layout.height, background: .white, transform: .scale(s, s), dpi: layout.dpi
        ) { cairo in page.render(into: cairo) }
    }

    private func page(_ number: Int) throws -> PopplerPageHandle {
        guard number >= 1, number <= pageCount else {
            throw PreviewError(.pageOutOfRange(page: number, count: pageCount), input: input)
        }
        guard let page = document.page(number - 1) else { throw PreviewError(.pageUnreadable(page: number), input: input) }
        return page
    }

    private func layout(of page: PopplerPageHandle, number: Int, options: PreviewOptions, userUnit: Double) throws -> PreviewLayout {
        guard userUnit > 0, userUnit.isFinite else {
            throw PreviewError(.badOption("the UserUnit of page \(number) must be a positive number, not \(userUnit)."), input: input)
        }
        let size = page.size
        do {
            return try PreviewLayout(pageSize: Size(width: size.width * userUnit, height: size.height * userUnit), options: options, page: number)
        } catch var error as PreviewError {
            error.input = input
            throw error
        }
    }

    private static func hasHeader(_ bytes: some Collection<UInt8>) -> Bool {
        let marker = Array("%PDF-".utf8), b = Array(bytes)
        guard b.count >= marker.count else { return false }
        return (0...(b.count - marker.count)).contains { i in b[i..<(i + marker.count)].elementsEqual(marker) }
    }
}
