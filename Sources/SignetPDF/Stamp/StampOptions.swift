import SignetCore

/// Everything `signet stamp` can be asked, with the CLI's defaults.
public struct StampOptions: Sendable, Hashable, Codable {
    /// How the output is written.
    public enum Mode: String, Sendable, Hashable, Codable, CaseIterable {
        /// Incremental when the input is signed, certified or carries usage rights, else rewrite.
        case automatic
        /// Always append an incremental update (the output starts with the input's bytes).
        case incremental
        /// Always rewrite through qpdf (refused on a signed input unless `breakSignatures`).
        case rewrite
    }

    /// Default: the last page.
    public var pages: PageSelection
    /// Default: 180 pt wide, 36 pt in from the bottom-right corner.
    public var placement: StampPlacement
    /// 0 < opacity ≤ 1. Default 1.
    public var opacity: Double
    /// Default `.normal`.
    public var blend: BlendMode
    /// Default `.automatic`.
    public var mode: Mode
    /// Allows `.rewrite` on a signed input, and any stamp on a document certified with DocMDP
    /// P=1 or P=2, invalidating its signatures or certification. Default false.
    public var breakSignatures: Bool
    /// Stamp as a Stamp annotation even when the input is not signed (see `StampReport.Form`).
    /// Default false: an annotation only when the input is signed or certified and is appended to.
    public var asAnnotation: Bool
    /// Most pages one run stamps (default `defaultMaxPages`, 100,000): every stamped page is
    /// held, changed, until the output is written, so a selection beyond it is refused up front.
    public var maxPages: Int

    /// The default of `maxPages`.
    public static let defaultMaxPages = 100_000

    /// Stamp options; the defaults are `signet stamp`'s (the last page, at the bottom right, opaque).
    /// - Parameters:
    ///   - pages: Which pages to stamp (default: the last page).
    ///   - placement: Where the stamp goes (default: 180 pt wide, 36 pt in from the bottom-right corner).
    ///   - opacity: The stamp's opacity, 0 < opacity ≤ 1 (default 1).
    ///   - blend: How the stamp is composited (default `.normal`).
    ///   - mode: How the file is written (default `.automatic`).
    ///   - breakSignatures: Allows `.rewrite` on a signed input, and any stamp on a document certified with DocMDP P=1 or P=2, invalidating its signatures or certification.
    ///   - asAnnotation: Stamp as a Stamp annotation even when the input is not signed (see `StampReport.Form`).
    ///   - maxPages: Most pages one run stamps (default `defaultMaxPages`, 100,000): every stamped page is held, changed, until the output is written, so a selection beyond it is refused up front.
    public init(
        pages: PageSelection = .last, placement: StampPlacement = StampPlacement(), opacity: Double = 1,
        blend: BlendMode = .normal, mode: Mode = .automatic, breakSignatures: Bool = false,
        asAnnotation: Bool = false, maxPages: Int = defaultMaxPages
    ) {
        (
            self.pages, self.placement, self.opacity, self.blend, self.mode, self.breakSignatures, self.asAnnotation,
            self.maxPages
        ) =
            (pages, placement, opacity, blend, mode, breakSignatures, asAnnotation, maxPages)
    }
}

/// What a stamping run did, as `--json` prints it.
public struct StampReport: Sendable, Hashable, Codable {
    /// One stamped page.
    package struct PageStamp: Sendable, Hashable, Codable {
        /// The page number, from 1.
        package var page: Int
        /// `[x0, y0, x1, y1]` of the stamp in the page's default user space.
        package var rectUserSpace: [Double]

        enum CodingKeys: String, CodingKey {
            case page
            case rectUserSpace = "rect_user_space"
        }
    }

    /// How the stamp went into the pages.
    package enum Form: String, Sendable, Hashable, Codable {
        /// Drawn in the page content (wrapped so nothing the page leaves behind moves it).
        case content
        /// A Stamp annotation per page, page content untouched: chosen on signed or certified
        /// inputs (their approval signatures allow annotations, not content changes), or asked for.
        case annotation
        /// The appearance of the new signature's widget: a signing pipeline on a signed input
        /// (`Stamper.signaturePage`), as `signet sign --strokes` shows a visible signature.
        case signature
    }

    /// The input, as named.
    package var input: String
    /// The output, as named.
    package var output: String
    /// `rewrite` or `incremental`.
    package var mode: String
    /// What the stamp was drawn as.
    package var form: Form
    /// How many pages were stamped.
    public var pagesStamped: Int
    /// Output size minus input size (negative when a rewrite compresses more than it adds).
    package var bytesAdded: Int
    /// Every stamped page.
    package var perPage: [PageStamp]
    /// Damage qpdf worked around and page oddities that were corrected, one sentence each.
    public var warnings: [String]
    /// The damage of an input that was stamped as a repaired copy (see
    /// `PDFDocument.opening(path:password:repairing:)`), or nil.
    package var repaired: String? = nil
    /// Pages where an annotation with an opaque background lies over the stamp, which is in the
    /// page content below it (see `hiddenWarnings`).
    package var hidden: [Hidden] = []

    /// A stamp in the page content that an annotation above it hides.
    package struct Hidden: Sendable, Hashable, Codable {
        /// The page, 1-based.
        package var page: Int
        /// The annotation's subtype: "Widget", "FreeText", "Square"…
        package var annotation: String
        /// Its object number, when it is an indirect object.
        package var object: Int?
    }

    /// One warning for the stamps an opaque annotation hides (`hidden`), advising a Stamp
    /// annotation, which readers draw above the others; empty when none is hidden.
    public var hiddenWarnings: [Sentence] {
        guard let first = hidden.first else { return [] }
        let under =
            hidden.count == 1
            ? "the \(first.annotation) annotation\(first.object.map { " (object \($0))" } ?? "")"
            : "an annotation"
        return [
            "\(Stamper.pageList(hidden.map(\.page))): the stamp lies in the page content under \(under) whose opaque background readers draw over it, so it does not show there; \(.set("true"), .stampAsAnnotation) to draw it above the annotations."
        ]
    }

    enum CodingKeys: String, CodingKey {
        case input, output, mode, form, warnings, repaired, hidden
        case pagesStamped = "pages_stamped"
        case bytesAdded = "bytes_added"
        case perPage = "per_page"
    }
}

/// Progress of a long stamping run: which phase and how far (0…1).
public struct StampProgress: Sendable, Hashable {
    /// Stamping pages, then writing the file.
    public enum Phase: String, Sendable, Hashable { case stamping, writing }
    /// What is being done.
    public var phase: Phase
    /// How much of it is done, from 0 to 1.
    public var fraction: Double
}
