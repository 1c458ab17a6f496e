import SignetCore
import SignetCrypto
import SignetPDF

/// What a visible signature shows and where: the same artwork and placement as `signet stamp`,
/// and optionally text lines (who signed and when) beside or below the artwork.
public struct SignatureAppearance: Sendable {
    /// What the signature's widget shows.
    public var artwork: StampArtwork
    /// 1-based page; negative counts from the end (-1 = last); `nil` = last page.
    public var page: Int?
    /// Where on that page, as for a stamp.
    public var placement: StampPlacement
    /// Text shown with the artwork (see ``SignatureText/lines(name:signingTime:reason:location:)``);
    /// `nil` (default) shows the artwork only. The artwork and the text together fit `placement`.
    public var text: SignatureText?
    /// The pen's record behind the artwork, sealed for an examiner into the signature (see
    /// ``HandwritingEvidence``); `nil` (default): none.
    public var evidence: HandwritingEvidence?

    /// A visible signature showing `artwork` at `placement`.
    /// - Parameters:
    ///   - artwork: What the signature's widget shows.
    ///   - page: 1-based page; negative counts from the end (-1 = last); `nil` = last page.
    ///   - placement: Where on that page, as for a stamp.
    ///   - text: Text shown with the artwork; `nil` shows the artwork only.
    ///   - evidence: The pen's record behind the artwork, sealed for an examiner; `nil` for none.
    public init(
        artwork: StampArtwork, page: Int? = nil, placement: StampPlacement = StampPlacement(),
        text: SignatureText? = nil, evidence: HandwritingEvidence? = nil
    ) {
        self.evidence = evidence
        self.artwork = artwork
        self.page = page
        self.placement = placement
        self.text = text
    }
}
