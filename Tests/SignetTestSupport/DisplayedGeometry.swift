import SignetCore

/// The test oracle for "the page as displayed": given the effective boxes, rotation and UserUnit
/// of a page, where a displayed point (top-left origin, y down, in points of 1/72 inch) lies in
/// the page's user space. Written independently of SignetPDF so tests can check it.
package struct DisplayedGeometry: Sendable, Hashable {
    /// The effective CropBox in user space (already intersected with the MediaBox).
    package var cropBox: Rect
    /// Clockwise rotation when displayed: 0, 90, 180 or 270.
    package var rotation: Int
    package var userUnit: Double

    /// `rotate` may be any multiple of 90 (negative, 360, 450, 990 …); it is normalised.
    package init(cropBox: Rect, rotate: Int, userUnit: Double = 1) {
        precondition(rotate % 90 == 0, "/Rotate must be a multiple of 90")
        self.cropBox = cropBox
        self.rotation = ((rotate % 360) + 360) % 360
        self.userUnit = userUnit
    }

    /// The page's size on screen, in points.
    package var size: Size {
        let s = Size(width: cropBox.width * userUnit, height: cropBox.height * userUnit)
        return rotation % 180 == 0 ? s : s.transposed
    }

    /// Maps displayed points to user space. Rotating the page clockwise by 90° puts the CropBox's
    /// bottom-left corner at the top-left of the screen, so displayed x runs along user +y and
    /// displayed y along user +x; the other turns follow the same way.
    package var displayedToUser: Transform {
        let (x0, y0, x1, y1) = (cropBox.minX, cropBox.minY, cropBox.maxX, cropBox.maxY)
        let turn: Transform
        switch rotation {
        case 90: turn = Transform(a: 0, b: 1, c: 1, d: 0, e: x0, f: y0)
        case 180: turn = Transform(a: -1, b: 0, c: 0, d: 1, e: x1, f: y0)
        case 270: turn = Transform(a: 0, b: -1, c: -1, d: 0, e: x1, f: y1)
        default: turn = Transform(a: 1, b: 0, c: 0, d: -1, e: x0, f: y1)
        }
        return Transform.scale(1 / userUnit, 1 / userUnit).concatenating(turn)
    }

    /// The user-space rectangle that shows as `displayed` on screen.
    package func userRect(forDisplayed displayed: Rect) -> Rect {
        displayedToUser.apply(displayed)
    }
}
