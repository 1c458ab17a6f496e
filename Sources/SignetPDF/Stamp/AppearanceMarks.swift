/// Whether an appearance stream leaves a mark a reader shows on a white page: something painted
/// in a colour darker than `lightest`, with a path of some area or a non-empty string in a visible
/// text render mode at a non-zero font size, not clipped to nothing, not through a graphics state
/// (`gs`, which may make it transparent), a colour space other than a device one (a colour not
/// judged here), a matrix that flattens it, or optional content (`/OC` marked content or XObject,
/// which may be off). What is not judged counts as no mark. Form XObjects it draws are
/// read in turn (up to `depthLimit` deep and `formBytesLimit` bytes); an image or a shading is a mark.
///
/// Text placed outside the /BBox, or drawn with a font whose glyphs are blank, counts as a mark:
/// telling them apart needs the page rendered.
package struct AppearanceMarks {
    /// The lightest luminance (0–1) of a colour that shows on white.
    static let lightest = 7.0 / 8
    /// Form XObjects followed inside one another at most.
    static let depthLimit = 4
    /// Bytes of form XObjects read at most for one appearance, however often they are drawn.
    static let formBytesLimit = 4 * AnnotationBackground.scanLimit

    private struct State {
        var fill = true
        var stroke = true
        /// The fill and stroke colour spaces are device ones (gray, RGB, CMYK), whose colours `dark` judges.
        var deviceFill = true
        var deviceStroke = true
        var renderMode = 0
        var fontSize = 1.0
        /// Clipped to nothing, flattened by a matrix, or through a graphics state.
        var lost = false
        var ctm = identity
    }

    static let identity: [Double] = [1, 0, 0, 1, 0, 0]

    /// `m` then `n`, as PDF concatenates matrices (`m × n`).
    static func multiply(_ m: [Double], _ n: [Double]) -> [Double] {
        [
            m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3], m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3],
            m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5],
        ]
    }

    /// Text at `matrix` (text line matrix × CTM) in `fontSize` starts right of or above `box`, or
    /// ends below it, where no glyph of it can show; only judged when the matrix neither turns nor
    /// mirrors (else `false`).
    static func outside(_ matrix: [Double], fontSize: Double, box: [Double]?) -> Bool {
        guard let box, box.count == 4, matrix[1] == 0, matrix[2] == 0, matrix[0] > 0, matrix[3] > 0 else {
            return false
        }
        let (x, y, em) = (matrix[4], matrix[5], abs(fontSize) * matrix[3])
        return x > max(box[0], box[2]) || y - em > max(box[1], box[3]) || y + em < min(box[1], box[3])
    }

    /// Whether content-stream `bytes`, drawn with `resources` and clipped to `box` (a /BBox, when
    /// known), leave a mark (see above). Text that starts right of the box or lies wholly above or
    /// below it leaves none.
    package static func leavesMark(_ bytes: [UInt8], resources: PDFObject?, box: [Double]? = nil) throws -> Bool {
        var budget = formBytesLimit
        return try leavesMark(bytes, resources: resources, box: box, depth: 0, budget: &budget)
    }

    /// `leavesMark`, `depth` forms deep, with `budget` bytes of forms left to read.
    private static func leavesMark(
        _ bytes: [UInt8], resources: PDFObject?, box: [Double]?, depth: Int, budget: inout Int
    ) throws -> Bool {
        var lexer = ContentLexer(bytes)
        var state = State(), saved: [State] = []
        var numbers: [Double] = [], names: [String] = []
        var text = false  // the last string (or any string of a TJ array) was not empty
        var area = false  // the current path has an area (or a length, for a stroke)
        var path = false
        var marked: [Bool] = []  // per open marked-content sequence: whether it is optional content
        var line = identity, leading = 0.0  // the text line matrix and the leading
        while let token = lexer.next() {
            switch token {
            case .number(let value):
                numbers.append(value)
                continue
            case .string(let empty):
                text = text || !empty
                continue
            case .name(let name):
                names.append(name)
                continue
            case .operand:
                continue
            case .operator(let op):
                let shows = !state.lost && !marked.contains(true)
                switch op {
                case "BMC": marked.append(false)
                case "BDC": marked.append(names.first == "OC")
                case "EMC": _ = marked.popLast()
                case "q": saved.append(state)
                case "Q": state = saved.popLast() ?? State()
                case "g", "rg", "k": state.fill = dark(numbers)
                case "G", "RG", "K": state.stroke = dark(numbers)
                case "cs", "CS":
                    let device = names.last.map(Self.deviceSpaces.contains) ?? false
                    if op == "cs" { (state.deviceFill, state.fill) = (device, device) }
                    if op == "CS" { (state.deviceStroke, state.stroke) = (device, device) }
                case "sc", "scn": state.fill = state.deviceFill && names.isEmpty && dark(numbers)
                case "SC", "SCN": state.stroke = state.deviceStroke && names.isEmpty && dark(numbers)
                case "gs": state.lost = true
                case "cm":
                    if numbers.count >= 6 {
                        let n = Array(numbers.suffix(6))
                        if n[0] * n[3] - n[1] * n[2] == 0 { state.lost = true }
                        state.ctm = multiply(n, state.ctm)
                    }
                case "BT": line = identity
                case "Tm": if numbers.count >= 6 { line = Array(numbers.suffix(6)) }
                case "Td", "TD":
                    if numbers.count >= 2 {
                        line = multiply([1, 0, 0, 1, numbers[numbers.count - 2], numbers[numbers.count - 1]], line)
                        if op == "TD" { leading = -numbers[numbers.count - 1] }
                    }
                case "TL": leading = numbers.last ?? leading
                case "T*": line = multiply([1, 0, 0, 1, 0, -leading], line)
                case "Tr": state.renderMode = Int(numbers.last ?? 0)
                case "Tf": state.fontSize = numbers.last ?? 0
                case "re":
                    path = true
                    if numbers.count >= 4, numbers[numbers.count - 2] != 0, numbers[numbers.count - 1] != 0 {
                        area = true
                    }
                case "m", "l", "c", "v", "y", "h":
                    path = true
                    if op != "m" { area = true }
                case "W", "W*":
                    if !area { state.lost = true }
                case "n":
                    (path, area) = (false, false)
                case "f", "F", "f*":
                    if shows, state.fill, area { return true }
                    (path, area) = (false, false)
                case "S", "s":
                    if shows, state.stroke, path { return true }
                    (path, area) = (false, false)
                case "B", "B*", "b", "b*":
                    if shows, (state.fill && area) || (state.stroke && path) { return true }
                    (path, area) = (false, false)
                case "Tj", "TJ", "'", "\"":
                    if op == "'" || op == "\"" { line = multiply([1, 0, 0, 1, 0, -leading], line) }
                    let placed = !outside(multiply(line, state.ctm), fontSize: state.fontSize, box: box)
                    let fills = [0, 2, 4, 6].contains(state.renderMode)
                    let strokes = [1, 2, 5, 6].contains(state.renderMode)
                    if shows, text, placed, state.fontSize != 0, (fills && state.fill) || (strokes && state.stroke) {
                        return true
                    }
                case "Do":
                    if shows, let name = names.last,
                        try drawsMark(name, resources: resources, depth: depth, budget: &budget)
                    {
                        return true
                    }
                case "sh", "BI":
                    if shows { return true }
                default: break
                }
                numbers.removeAll()
                names.removeAll()
                text = false
            }
        }
        return false
    }

    /// The XObject `name` of `resources` leaves a mark: an image does, a form when its content does
    /// (one deeper than `depthLimit`, or past the `budget` of bytes, counts as none).
    private static func drawsMark(_ name: String, resources: PDFObject?, depth: Int, budget: inout Int) throws -> Bool {
        guard let object = try resources?.value("/XObject")?.value("/" + name) else { return false }
        guard try object.value("/OC") == nil else { return false }
        guard try object.value("/Subtype")?.nameValue() == "/Form" else { return true }
        guard depth < depthLimit, budget > 0 else { return false }
        let (bytes, overLimit) = try object.boundedData(limit: budget)
        guard let bytes, !overLimit else { return false }
        budget -= max(1, bytes.count)
        return try leavesMark(bytes, resources: object.value("/Resources"), box: nil, depth: depth + 1, budget: &budget)
    }

    /// Colour spaces whose colours are their operands' gray, RGB or CMYK.
    static let deviceSpaces: Set<String> = ["DeviceGray", "DeviceRGB", "DeviceCMYK", "G", "RGB", "CMYK"]

    /// The colour of gray, RGB or CMYK operands is darker than `lightest`.
    static func dark(_ n: [Double]) -> Bool {
        let luminance: Double
        switch n.count {
        case 1: luminance = n[0]
        case 3: luminance = 0.3 * n[0] + 0.59 * n[1] + 0.11 * n[2]
        case 4: luminance = (1 - min(1, 0.3 * n[0] + 0.59 * n[1] + 0.11 * n[2] + n[3]))
        default: return false
        }
        return luminance < lightest
    }
}
