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

    package init(
        revision: Int, level: ModificationLevel, what: String, page: Int? = nil, object: Int? = nil,
        field: String? = nil
    ) {
        (self.revision, self.level, self.what, self.page, self.object, self.field) = (
            revision, level, what, page, object, field
        )
    }
}
