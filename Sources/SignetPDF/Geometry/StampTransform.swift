import SignetCore

/// The matrix that draws a stamp upright in a displayed rectangle.
package enum StampTransform {
    /// Maps the stamp's own box `[0, w] × [0, h]` (y up, as a form XObject's BBox) onto
    /// `displayed` (points, top-left origin, y down) on `page`, in default user space: the `cm`
    /// written before the stamp's `Do`. The stamp reads upright on screen whatever the /Rotate.
    package static func matrix(stampSize: Size, displayed: Rect, on page: PageGeometry) -> Transform {
        let toDisplayed = Transform(
            a: displayed.width / stampSize.width, b: 0, c: 0, d: -displayed.height / stampSize.height,
            e: displayed.minX, f: displayed.maxY)
        return toDisplayed.concatenating(page.displayToUser)
    }

    /// The displayed rectangle as a rectangle in default user space.
    package static func userRect(_ displayed: Rect, on page: PageGeometry) -> Rect {
        page.displayToUser.apply(displayed)
    }
}

/// Where an annotation (a visible signature widget) goes so its appearance reads upright.
package struct WidgetPlacement: Sendable, Hashable {
    /// The annotation's `/Rect`, in default user space.
    package var rect: Rect
    /// The appearance stream's `/Matrix`: the page's /Rotate turned back, so the viewer's
    /// rotation of the page leaves the appearance upright.
    package var matrix: Transform

    /// For an appearance whose `/BBox` is `[0 0 w h]` (`stampSize`) shown in `displayed`
    /// (points, top-left origin) on `page`. A viewer maps the `/Matrix`-transformed BBox onto
    /// `/Rect` (PDF 32000 §12.5.5), which composes to `StampTransform.matrix`.
    package init(stampSize: Size, displayed: Rect, on page: PageGeometry) {
        rect = StampTransform.userRect(displayed, on: page)
        matrix = Transform.rotation(quarterTurns: page.rotation / 90)
    }
}
