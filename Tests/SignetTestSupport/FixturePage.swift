import SignetCore

/// One row of the generated multi-geometry fixture: what the page dictionary holds and what a
/// viewer must show. `displayedSize` is written by hand, so the table also checks the oracle.
package struct FixturePage: Sendable, Hashable {
    /// Which /Pages node is the page's parent.
    package enum Parent: Sendable, Hashable {
        /// The root node: no MediaBox, no Rotate, /Resources with the font.
        case root
        /// An intermediate node with MediaBox A5 [0 0 420 595], /Rotate 90 and /Resources.
        case group
    }

    /// Where the page's /Resources come from.
    package enum Resources: Sendable, Hashable {
        /// A direct dictionary in the page.
        case own
        /// None on the page: inherited from the parent node.
        case inherited
        /// One indirect dictionary shared by all such pages, with form XObjects /Im0 and /Fm0 that
        /// the page draws (a stamper that reuses those names or edits the shared dictionary
        /// changes other pages).
        case shared
    }

    /// How the content stream is written.
    package enum Contents: Sendable, Hashable {
        case single
        /// A /Contents array of two streams; the first leaves an unbalanced `q` and a `cm` that
        /// scales by 0.6 and moves by (40, 60), so a stamp appended without `q … Q` moves.
        case unbalancedArray
    }

    package var label: String
    package var parent: Parent = .root
    /// nil: the page has no /MediaBox of its own.
    package var mediaBox: Rect?
    package var cropBox: Rect?
    /// nil: no /Rotate of its own.
    package var rotate: Int?
    /// nil: no /UserUnit.
    package var userUnit: Double?
    package var resources: Resources = .own
    package var contents: Contents = .single
    /// What a viewer shows, in points (hand-written expectation).
    package var displayedSize: Size

    /// The group node's attributes.
    package static let groupMediaBox = Rect(x: 0, y: 0, width: 420, height: 595)
    package static let groupRotate = 90

    /// The MediaBox after inheritance; Letter when no node has one (as readers do).
    package var effectiveMediaBox: Rect {
        mediaBox ?? (parent == .group ? Self.groupMediaBox : Rect(origin: .zero, size: .letter))
    }

    /// The CropBox after inheritance and clipping to the MediaBox.
    package var effectiveCropBox: Rect {
        let media = effectiveMediaBox
        return (cropBox ?? media).intersection(media) ?? media
    }

    /// The /Rotate in force (the page's own value wins over the inherited one).
    package var effectiveRotate: Int { rotate ?? (parent == .group ? Self.groupRotate : 0) }

    package var geometry: DisplayedGeometry {
        DisplayedGeometry(cropBox: effectiveCropBox, rotate: effectiveRotate, userUnit: userUnit ?? 1)
    }

    /// A reference stamp rectangle inside the page, in displayed points (used for markers and as a
    /// default stamp target): 3:1 like the test stamp, in the lower middle, off whole points.
    package var markerRect: Rect {
        let w = displayedSize.width, h = displayedSize.height
        let width = (min(180, w * 0.45) * 10).rounded() / 10
        return Rect(
            x: (w * 0.28 * 10).rounded() / 10 + 0.3, y: (h * 0.55 * 10).rounded() / 10 + 0.7,
            width: width, height: (width / 3 * 10).rounded() / 10)
    }
}
