/// How to read a stroke file.
public struct StrokeReadOptions: Sendable, Hashable, Codable {
    /// The format, or `nil` to detect it from the content (default).
    public var format: StrokeFormat?
    /// Which drawing to read from a file holding several (Quick, Draw! records, perfect-freehand
    /// named paths), counting from 0; the default 0 is the first. Other formats hold one drawing.
    public var index: Int
    /// The drawing to read by its name, for the formats that name their drawings: a Quick, Draw!
    /// record's `key_id` or `word` (the first record with that word), a perfect-freehand path's
    /// key. When set, `index` is not used; `nil` (default) reads by `index`.
    public var drawingName: String?
    /// The limits the file must stay within.
    public var limits: StrokeLimits
    /// The touch device's axes for an Android `getevent` log without its `-lp` header (default: none).
    public var touchAxes: TouchAxes

    /// Reads the format `format` (found from the content when `nil`), the `index`-th drawing of a file that holds several.
    /// - Parameters:
    ///   - format: The format, or `nil` to detect it from the content (default).
    ///   - index: Which drawing to read from a file holding several (Quick, Draw! records, perfect-freehand named paths), counting from 0; the default 0 is the first.
    ///   - limits: The limits the file must stay within.
    ///   - touchAxes: The touch device's axes for an Android `getevent` log without its `-lp` header (default: none).
    ///   - drawingName: The drawing to read by its name (a Quick, Draw! `key_id` or `word`, a perfect-freehand path's key); `nil` (default) reads by `index`.
    public init(
        format: StrokeFormat? = nil, index: Int = 0, limits: StrokeLimits = StrokeLimits(),
        touchAxes: TouchAxes = TouchAxes(), drawingName: String? = nil
    ) {
        self.format = format
        self.index = index
        self.drawingName = drawingName
        self.limits = limits
        self.touchAxes = touchAxes
    }
}
