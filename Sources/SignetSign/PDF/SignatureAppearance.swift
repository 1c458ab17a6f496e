import SignetCore
import SignetPDF
import SignetCMS

/// What a visible signature shows and where: the same artwork and placement as `signet stamp`.
public struct SignatureAppearance: Sendable {
    public var artwork: StampArtwork
    /// 1-based page; negative counts from the end (-1 = last); `nil` = last page.
    public var page: Int?
    public var placement: StampPlacement

    public init(artwork: StampArtwork, page: Int? = nil, placement: StampPlacement = StampPlacement()) {
        self.artwork = artwork
        self.page = page
        self.placement = placement
    }
}
