/// The stroke file formats Signet reads. The raw values are the names `--format` accepts.
public enum StrokeFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// Signet's own JSON (`"format": "signet-strokes"`), full or compact points (see docs/formats.md).
    case signet
    /// Raw touch events (`began`/`moved`/`ended`/`cancelled`), as a JSON array or NDJSON.
    case touch
    /// signature_pad `toData()`: current point groups or the legacy `color` + `points` form.
    case signaturePad = "signature_pad"
    /// Quick, Draw! records (raw with times, or simplified), NDJSON or a JSON array.
    case quickdraw
    /// W3C InkML, including Microsoft Office's difference-encoded traces.
    case inkml
    /// SVC2004 signature text: a point count, then `X Y TIME BUTTON [AZIMUTH ALTITUDE PRESSURE]` lines.
    case svc2004
    /// perfect-freehand input: one array of `[x, y, pressure?, t?]` or `{x, y}` points, or an object of named ones.
    case perfectFreehand = "perfect-freehand"
    /// An Excalidraw scene; its `freedraw` elements are the strokes.
    case excalidraw
    /// Flutter pointer data (`change`, `physicalX`, `physicalY`, `timeStamp` in µs, `pressure`
    /// with `pressureMin`/`pressureMax`, `device`, `kind`): a JSON array of records, or an object
    /// with `devicePixelRatio` and the records in `data`.
    case flutter
    /// Android `getevent -lt` text (ABS_MT_* or ABS_X/ABS_Y, BTN_TOUCH, SYN_REPORT), optionally after
    /// the `getevent -lp` header that gives the axis ranges; one finger is followed.
    case getevent
    /// W3C Pointer Events as a web page logs them: a JSON array of `{type, pointerId, pointerType,
    /// clientX, clientY, pressure, timeStamp, …}`.
    case pointerEvents = "pointer-events"
    /// An ISO/IEC 19794-7 signature/sign time series record, full format (binary; told by its
    /// "SDI" format identifier).
    case iso19794_7 = "iso19794-7"

    /// The `--format` names, comma separated, for help and error messages.
    package static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// One line for `--help`.
    package var summary: String {
        switch self {
        case .signet: return "Signet stroke JSON (full or compact points)"
        case .touch: return "touch events (began/moved/ended/cancelled), JSON array or NDJSON"
        case .signaturePad: return "signature_pad toData(), current or legacy groups"
        case .quickdraw: return "Quick, Draw! raw or simplified records, NDJSON or JSON array"
        case .inkml: return "InkML, including Microsoft Office difference encoding"
        case .svc2004: return "SVC2004 signature text"
        case .perfectFreehand: return "perfect-freehand point arrays or named paths"
        case .excalidraw: return "Excalidraw scene (freedraw elements)"
        case .flutter: return "Flutter pointer data records, a JSON array or {devicePixelRatio, data}"
        case .getevent: return "Android getevent -lt output, with or without the -lp header"
        case .pointerEvents: return "W3C Pointer Events dump, a JSON array of pointerdown/move/up events"
        case .iso19794_7: return "ISO/IEC 19794-7 signature time series record, full format (binary)"
        }
    }

    /// True for formats that may come one record per line (NDJSON) and are then read as a stream.
    package var isLineDelimited: Bool { self == .touch || self == .quickdraw }

    /// True for the formats written in JSON (all but InkML, SVC2004, getevent and ISO/IEC 19794-7).
    package var isJSON: Bool { ![.inkml, .svc2004, .getevent, .iso19794_7].contains(self) }

    /// The format a file name's extension suggests, used only when the content does not decide.
    package static func hinted(byName name: String) -> StrokeFormat? {
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "inkml", "xml": return .inkml
        case "txt", "svc": return .svc2004
        case "excalidraw": return .excalidraw
        case "iso": return .iso19794_7
        default: return nil
        }
    }
}
