/// How far a change after a signature reaches, as pyHanko names the levels; ordered.
public enum ModificationLevel: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
    /// Nothing changed.
    case none
    /// Long-term validation material: DSS/VRI, document timestamps, /Info and XMP metadata, bookkeeping.
    case ltaUpdates = "lta-updates"
    /// Values and appearances of form fields; signing (or adding invisible) signature fields.
    case formFilling = "form-filling"
    /// Markup annotations added, changed or removed; visible unsigned signature fields.
    case annotations
    /// Anything else: content, resources, page tree, catalog, actions, freed objects, bad syntax.
    case other

    /// Orders levels from `none` (least) to `other` (most).
    /// - Parameters:
    ///   - a: One level.
    ///   - b: The other level.
    public static func < (a: ModificationLevel, b: ModificationLevel) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// One change made after a signature, in words a person can act on.
package struct Change: Sendable, Hashable, Codable {
    /// The revision (1-based) that made the change.
    package var revision: Int
    /// How far the change goes.
    package var level: ModificationLevel
    /// One sentence: "page 1 content stream replaced (object 12)".
    package var what: String
    /// The page it concerns, when one.
    package var page: Int?
    /// The object number it concerns, when one.
    package var object: Int?
    /// The form field it concerns, when one.
    package var field: String?
    /// For an annotation or widget that hides signed content: where (the overlay check).
    package var hides: Hiding?

    /// Where an annotation or widget hides signed content.
    package struct Hiding: Sendable, Hashable, Codable {
        /// The annotation's rectangle, `[x0 y0 x1 y1]` in default user space.
        package var rect: [Double]
        /// The bounds of the signed ink it hides, `[x y width height]` in default user space, rounded to points.
        package var covered: [Double]
    }

    package init(
        revision: Int, level: ModificationLevel, what: String, page: Int? = nil, object: Int? = nil,
        field: String? = nil, hides: Hiding? = nil
    ) {
        (self.revision, self.level, self.what, self.page, self.object, self.field, self.hides) = (
            revision, level, what, page, object, field, hides
        )
    }
}
