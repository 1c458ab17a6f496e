import SignetCore

/// A page could not be previewed.
public struct PreviewError: SignetError, Hashable {
    public enum Reason: Sendable, Hashable {
        /// No `%PDF-` header in the first 1024 bytes.
        case notPDF
        /// poppler could not read the file (its reason).
        case unreadable(String)
        /// The file is encrypted and no password was given.
        case passwordRequired
        /// The password given opens neither as user nor as owner password.
        case wrongPassword
        /// The page asked for does not exist (1-based page, page count).
        case pageOutOfRange(page: Int, count: Int)
        /// poppler could not load a page that exists.
        case pageUnreadable(page: Int)
        /// The render would exceed the pixel limits.
        case tooLarge(page: Int, width: Double, height: Double, maxPixels: Int, maxSide: Int)
        /// An option value that cannot work (named with its CLI spelling).
        case badOption(String)
    }

    public var reason: Reason
    /// The PDF the error is about, named at the start of the message.
    public var input: String?

    package init(_ reason: Reason, input: String? = nil) {
        self.reason = reason
        self.input = input
    }

    public var kind: FailureKind { .badInput }

    public var message: String {
        let prefix = input.map { ($0 == "-" ? "standard input" : $0) + ": " } ?? ""
        return prefix + text
    }

    private var text: String {
        switch reason {
        case .notPDF:
            return "not a PDF (no %PDF- header near the start); check that this is the right file."
        case .unreadable(let why):
            return "poppler cannot read this PDF (\(why)); check it with 'qpdf --check' or repair it with 'qpdf IN OUT'."
        case .passwordRequired:
            return "the PDF is encrypted; give its password with --password-env VAR or --password-file FILE."
        case .wrongPassword:
            return "the password does not open this PDF; check the variable or file it comes from."
        case .pageOutOfRange(let page, let count):
            return count == 1
                ? "there is no page \(page): the PDF has 1 page; leave out --page or give --page 1."
                : "there is no page \(page): the PDF has \(count) pages; pick --page 1 to \(count)."
        case .pageUnreadable(let page):
            return "page \(page) cannot be loaded; check the file with 'qpdf --check'."
        case .tooLarge(let page, let w, let h, let maxPixels, let maxSide):
            return "page \(page) would render at \(Self.short(w))×\(Self.short(h)) pixels, over the limit of \(maxPixels) pixels (and \(maxSide) per side); lower --dpi or give --width or --height."
        case .badOption(let text):
            return text
        }
    }

    /// A number as people write it: at most one decimal.
    static func short(_ v: Double) -> String {
        guard v.isFinite, abs(v) < 1e15 else { return String(v) }
        let tenths = (v * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }
}
