import CPoppler
import Glibc
import SignetCore
import SignetFiles

// The one place Signet talks to poppler-glib. Every GError is turned into a `PreviewError` by
// `Poppler.take`; each GObject (document, page) is owned by one final class that drops its
// reference in `deinit`. cairo contexts are lent by SignetRaster and never kept here.

enum Poppler {
    /// Converts and frees the GError of a poppler call that failed (returned `nil`).
    static func take(_ error: UnsafeMutablePointer<GError>?, input: String, hadPassword: Bool) -> PreviewError {
        guard let error else { return PreviewError(.unreadable("poppler gave no reason"), context: input) }
        defer { g_error_free(error) }
        let message = error.pointee.message.map { String(cString: $0) } ?? "no message"
        if error.pointee.domain == poppler_error_quark(), error.pointee.code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue)
        {
            return PreviewError(hadPassword ? .wrongPassword : .passwordRequired, context: input)
        }
        return PreviewError(.unreadable(message), context: input)
    }

    /// `body` with the password (one of the forms `PDFPassword` lists) as poppler-glib wants it,
    /// `nil` for no password. poppler-glib converts the password it is given from UTF-8 to Latin-1
    /// before the PDF sees it (and its retry with the original cannot reread a file descriptor), so
    /// each byte goes in as the UTF-8 of the code point of the same value: the PDF then gets exactly
    /// the password's bytes, UTF-8 for AES-256 files included. That encoding is written into a
    /// buffer of its own, wiped once `body` returns (no `String` of the password is made).
    static func withCString<T>(_ password: Secret?, _ body: (UnsafePointer<CChar>?) -> T) -> T {
        guard let password else { return body(nil) }
        return password.withUnsafeBytes { bytes in
            let encoded = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 2 * bytes.count + 1)
            defer {
                explicit_bzero(encoded.baseAddress!, encoded.count)
                encoded.deallocate()
            }
            var end = 0
            for byte in bytes {
                if byte < 0x80 {
                    encoded[end] = byte
                    end += 1
                } else {
                    encoded[end] = 0xC0 | byte >> 6
                    encoded[end + 1] = 0x80 | byte & 0x3F
                    end += 2
                }
            }
            encoded[end] = 0
            return encoded.withMemoryRebound(to: CChar.self) { body($0.baseAddress) }
        }
    }
}

/// One `PopplerDocument`.
final class PopplerDocumentHandle {
    let pointer: OpaquePointer
    /// What holds the bytes poppler reads, when poppler does not (a file mapping); released after it.
    private let owner: AnyObject?

    /// Opens the file behind `fd`; poppler takes ownership of the descriptor and closes it.
    init(fd: Int32, password: Secret?, input: String) throws {
        var error: UnsafeMutablePointer<GError>?
        guard let document = Poppler.withCString(password, { poppler_document_new_from_fd(fd, $0, &error) }) else {
            throw Poppler.take(error, input: input, hadPassword: password != nil)
        }
        pointer = document
        owner = nil
    }

    /// Opens a PDF held in memory (standard input); poppler keeps its own reference to the bytes.
    convenience init(bytes: [UInt8], password: Secret?, input: String) throws {
        let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(data) }
        try self.init(data: data, keeping: nil, password: password, input: input)
    }

    /// Opens the first `count` bytes of a mapped file, without a copy; the mapping is kept as long
    /// as the document.
    convenience init(mapped file: MappedFile, count: Int, password: Secret?, input: String) throws {
        let data = g_bytes_new_static(file.base, gsize(count))
        defer { g_bytes_unref(data) }
        try self.init(data: data, keeping: file, password: password, input: input)
    }

    /// Opens the PDF in `data`; `owner` holds the memory behind it, if poppler does not.
    private init(data: OpaquePointer?, keeping owner: AnyObject?, password: Secret?, input: String) throws {
        var error: UnsafeMutablePointer<GError>?
        guard let document = Poppler.withCString(password, { poppler_document_new_from_bytes(data, $0, &error) }) else {
            throw Poppler.take(error, input: input, hadPassword: password != nil)
        }
        pointer = document
        self.owner = owner
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    var pageCount: Int { Int(poppler_document_get_n_pages(pointer)) }

    /// Page `index` (0-based), or `nil` when poppler cannot load it.
    func page(_ index: Int) -> PopplerPageHandle? {
        poppler_document_get_page(pointer, Int32(index)).map { PopplerPageHandle($0, document: self) }
    }
}

/// One `PopplerPage`; holds its document so the page never outlives it.
final class PopplerPageHandle {
    private let pointer: OpaquePointer
    private let document: PopplerDocumentHandle

    fileprivate init(_ pointer: OpaquePointer, document: PopplerDocumentHandle) {
        self.pointer = pointer
        self.document = document
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// The page as displayed, in user-space units: CropBox clipped to the MediaBox, width and
    /// height swapped for /Rotate 90 and 270. poppler ignores /UserUnit.
    var size: Size {
        var width = 0.0, height = 0.0
        poppler_page_get_size(pointer, &width, &height)
        return Size(width: width, height: height)
    }

    /// Draws the page, rotated and cropped as displayed, one user-space unit per unit of the
    /// context's current transform — as shown on screen, or as printed (`printing`: markup
    /// annotations and widgets with the Print flag, NoView ones included). `cairo` is borrowed for
    /// the duration of the call only.
    func render(into cairo: OpaquePointer, printing: Bool) {
        if printing {
            poppler_page_render_for_printing_with_options(pointer, cairo, POPPLER_PRINT_ALL)
        } else {
            poppler_page_render(pointer, cairo)
        }
    }
}
