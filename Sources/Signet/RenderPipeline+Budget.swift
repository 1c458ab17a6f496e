/// A drawing rendered and then fitted under a byte budget.
public struct BudgetedRendering: Sendable, Hashable {
    /// The encoded file and how it was chosen (its size may be smaller than `layout`'s after downscaling).
    public var result: BudgetResult
    /// Where the ink sits in the rendering, before any downscaling.
    public var layout: RenderLayout
}

extension RenderPipeline {
    /// One call from strokes to a budgeted stamp: render to a bitmap (transparent unless
    /// `options.background` is set), then `BudgetFitter.fit` under `budget`.
    public static func render(_ drawing: Drawing, options: RenderOptions = RenderOptions(), budget: BudgetOptions) throws
        -> BudgetedRendering
    {
        let rendering = try Renderer.bitmap(drawing, options: options)
        return BudgetedRendering(result: try BudgetFitter.fit(rendering.bitmap, options: budget), layout: rendering.layout)
    }
}
