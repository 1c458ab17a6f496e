import SignetCMS
import SignetCore
import SignetPDF

/// What a visible signature shows and where: the same artwork and placement as `signet stamp`.
public struct SignatureAppearance: Sendable {
    /// What the signature's widget shows.
    public var artwork: StampArtwork
    /// 1-based page; negative counts from the end (-1 = last); `nil` = last page.
    public var page: Int?
    /// Where on that page, as for a stamp.
    public var placement: StampPlacement

    /// A visible signature showing `artwork` at `placement`.
    /// - Parameters:
    ///   - artwork: What the signature's widget shows.
    ///   - page: 1-based page; negative counts from the end (-1 = last); `nil` = last page.
    ///   - placement: Where on that page, as for a stamp.
    public init(artwork: StampArtwork, page: Int? = nil, placement: StampPlacement = StampPlacement()) {
        self.artwork = artwork
        self.page = page
        self.placement = placement
    }
}
