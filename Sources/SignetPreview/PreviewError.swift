import SignetCore
import SignetFiles
import SignetPDF

/// A page could not be previewed.
package typealias PreviewError = StageError<PreviewReason>

/// Why preview failed: each reason says its kind and how it reads.
package enum PreviewReason: StageReason {
    /// No `%PDF-` header in the first 1024 bytes.
    case notPDF
    /// The file ends before its `%%EOF` marker.
    case truncated
    /// poppler could not read the file (its reason).
    case unreadable(String)
    /// The file is encrypted and no password was given.
    case passwordRequired
    /// The password given opens neither as user nor as owner password.
    case wrongPassword
    /// The password contains a character SASLprep (RFC 4013) forbids, and no other form opens the file.
    case passwordNotAllowed(String)
    /// The page asked for does not exist (1-based page, page count).
    case pageOutOfRange(page: Int, count: Int)
    /// poppler could not load a page that exists.
    case pageUnreadable(page: Int)
    /// The render would exceed the pixel limits.
    case tooLarge(page: Int, width: Double, height: Double, maxPixels: Int, maxSide: Int)
    /// An option value that cannot work (named by its `PreviewOptions` property).
    case badOption(Sentence)

    /// Always bad input: a file or an option the preview cannot use.
    package var kind: FailureKind { .badInput }

    /// One line for the user: the file, the page, what is wrong and what to try next.
    /// - Parameter context: The file the failure is about; `nil` when unknown.
    package func message(about context: String?) -> Sentence {
        Self.prefix(context) + text
    }

    private var text: Sentence {
        switch self {
        case .notPDF:
            return Sentence(PDFEnvelope.Problem.notAPDF.sentence)
        case .truncated:
            return Sentence(PDFEnvelope.Problem.truncated.sentence)
        case .unreadable(let why):
            return
                "poppler cannot read this PDF (\(why)); check it with 'qpdf --check' or repair it with 'qpdf IN OUT'."
        case .passwordRequired:
            return "the file is encrypted and needs a password; \(.give, .pdfPassword)."
        case .wrongPassword:
            return
                "the password is wrong (it is neither the user nor the owner password); check the variable or file it came from."
        case .passwordNotAllowed(let why):
            return "the password cannot be used (\(why)); check the variable or file it came from."
        case .pageOutOfRange(_, 0):
            return "poppler finds no page in this PDF; check it with 'qpdf --check' or repair it with 'qpdf IN OUT'."
        case .pageOutOfRange(let page, let count):
            return count == 1
                ? "there is no page \(page): the PDF has 1 page; give \(.previewPage) 1."
                : "there is no page \(page): the PDF has \(count) pages; pick \(.previewPage) 1 to \(count)."
        case .pageUnreadable(let page):
            return "page \(page) cannot be loaded; check the file with 'qpdf --check'."
        case .tooLarge(let page, let w, let h, let maxPixels, let maxSide):
            return
                "page \(page) would render at \(NumberText.short(w, decimals: 1))×\(NumberText.short(h, decimals: 1)) pixels, over the limit of \(maxPixels) pixels (and \(maxSide) per side); \(.lower, .previewDPI) or give \(.previewWidth) or \(.previewHeight)."
        case .badOption(let text):
            return text
        }
    }
}
