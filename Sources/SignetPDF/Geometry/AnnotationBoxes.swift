import SignetCore

/// An annotation of a page and where a reader sees it.
package struct AnnotationBox {
    /// The annotation dictionary.
    package var annotation: PDFObject
    /// Its /Rect on the page as displayed: points from the top-left corner, x right, y down.
    package var box: Rect
}

extension PDFObject {
    /// An annotation's /Rect in default user space; `nil` when it is not four finite numbers
    /// spanning an area (such an annotation draws nothing).
    package func annotationRect() throws -> Rect? {
        guard let n = try value("/Rect")?.numbers(), n.count == 4, n.allSatisfy(\.isFinite) else { return nil }
        let rect = Rect(corners: Point(x: n[0], y: n[1]), Point(x: n[2], y: n[3]))
        return rect.isEmpty ? nil : rect
    }

    /// The annotation flags (/F) a reader honours: not drawn on screen when Hidden (2) or NoView (32).
    package var hiddenOnScreen: Bool {
        get throws { (try value("/F")?.intValue() ?? 0) & (2 | 32) != 0 }
    }
}

extension PDFPage {
    /// The annotations of the page a reader sees on screen (not flagged Hidden or NoView) that
    /// span an area, each with its rectangle on the page as displayed by `geometry`.
    package func annotationBoxes(_ geometry: PageGeometry) throws -> [AnnotationBox] {
        guard let userToDisplay = geometry.displayToUser.inverted,
            let list = try object.value("/Annots"), try list.kind == .array
        else { return [] }
        return try list.items().compactMap { annotation in
            guard try annotation.kind == .dictionary, try !annotation.hiddenOnScreen,
                let rect = try annotation.annotationRect()
            else { return nil }
            return AnnotationBox(annotation: annotation, box: userToDisplay.apply(rect))
        }
    }
}
