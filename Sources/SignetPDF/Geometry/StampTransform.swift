import SignetCore

/// The matrix that draws a stamp upright in a displayed rectangle.
public enum StampTransform {
    /// Maps the stamp's own box `[0, w] × [0, h]` (y up, as a form XObject's BBox) onto
    /// `displayed` (points, top-left origin, y down) on `page`, in default user space: the `cm`
    /// written before the stamp's `Do`. The stamp reads upright on screen whatever the /Rotate.
    public static func matrix(stampSize: Size, displayed: Rect, on page: PageGeometry) -> Transform {
        let toDisplayed = Transform(
            a: displayed.width / stampSize.width, b: 0, c: 0, d: -displayed.height / stampSize.height,
            e: displayed.minX, f: displayed.maxY)
        return toDisplayed.concatenating(page.displayToUser)
    }

    /// The displayed rectangle as a rectangle in default user space.
    public static func userRect(_ displayed: Rect, on page: PageGeometry) -> Rect {
        page.displayToUser.apply(displayed)
    }
}
