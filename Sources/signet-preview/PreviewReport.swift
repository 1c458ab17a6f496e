import SignetCore
import SignetPreview
import SignetRaster

/// What `signet preview` did, for `--json` and for people.
struct PreviewReport: Encodable {
    struct Page: Encodable {
        var page: Int
        var output: String
        var width: Int
        var height: Int
        var dpi: Double
        /// The page as displayed, in points.
        var displayedWidth: Double
        var displayedHeight: Double
        var bytes: Int

        /// Page `page` written to `output` (`bytes` long): laid out by `layout`, `size` pixels drawn.
        init(page: Int, output: String, layout: PreviewLayout, size: Bitmap, bytes: Int) {
            (self.page, self.output, self.bytes) = (page, output, bytes)
            (width, height, dpi) = (size.width, size.height, (layout.dpi * 1000).rounded() / 1000)
            (displayedWidth, displayedHeight) = (layout.pageSize.width, layout.pageSize.height)
        }

        enum CodingKeys: String, CodingKey {
            case page, output, width, height, dpi, bytes
            case displayedWidth = "displayed_width_pt", displayedHeight = "displayed_height_pt"
        }
    }

    var input: String
    var pageCount: Int
    var pages: [Page]

    enum CodingKeys: String, CodingKey {
        case input, pages
        case pageCount = "page_count"
    }

    var lines: [String] {
        pages.map { p in
            let size =
                "\(p.width)×\(p.height) px at \(NumberText.short(p.dpi)) dpi, page \(NumberText.short(p.displayedWidth)) × \(NumberText.short(p.displayedHeight)) pt"
            return "page \(p.page) of \(input) → \(StreamName.output(p.output)) (\(size), \(p.bytes) bytes)"
        }
    }
}
