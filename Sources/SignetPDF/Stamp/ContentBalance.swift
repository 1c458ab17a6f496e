/// How a page's content uses the graphics-state stack (`q` pushes, `Q` pops), whether it ends
/// inside a text object (`BT` without `ET`) and how many marked-content sequences it leaves open
/// (`BMC`/`BDC` without `EMC`). Content that leaves a `q` open (or pops more than it pushed) would
/// leave its `cm`, clip or colours in force for anything drawn after it; an open text object would
/// hold the stamp's `q`, `cm` and `Do`, which are not allowed there; an open `/OC … BDC` would put
/// the stamp in an optional-content layer that may be hidden. The stamper uses the counts to close
/// exactly what the page left open before drawing the stamp.
struct ContentBalance: Sendable, Hashable {
    /// `Q`s the content runs below the depth it started at (each would pop an outer level).
    var excessPops = 0
    /// Depth at the end relative to the start (`q` left open, when positive).
    var finalDepth = 0
    /// The content ends inside a text object: a `BT` whose `ET` never comes.
    var endsInText = false
    /// Marked-content sequences open at the end (`BMC` or `BDC` without their `EMC`).
    var openMarkedContent = 0

    static let balanced = ContentBalance()

    /// Pushes to put before the content so it can never pop below them.
    var leadingPushes: Int { 1 + excessPops }
    /// Pops after the content that bring the stack back to where it was before the leading pushes.
    var trailingPops: Int { leadingPushes + finalDepth }

    /// Scans decoded content-stream bytes for `q`, `Q`, `BT`, `ET`, `BMC`, `BDC` and `EMC`
    /// operators, skipping strings, names, comments, dictionaries and inline image data.
    init(scanning bytes: [UInt8]) {
        var depth = 0, lowest = 0
        var endsInText = false
        var marked = 0
        var i = 0
        let n = bytes.count
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 || c == 0x0C || c == 0x00 }
        func isDelimiter(_ c: UInt8) -> Bool {
            c == 0x28 || c == 0x29 || c == 0x3C || c == 0x3E || c == 0x5B || c == 0x5D || c == 0x7B || c == 0x7D
                || c == 0x2F || c == 0x25
        }
        while i < n {
            let c = bytes[i]
            if isSpace(c) { i += 1; continue }
            switch c {
            case 0x25:  // % comment
                while i < n, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
            case 0x28:  // ( literal string, nested, with escapes
                var level = 0
                while i < n {
                    let s = bytes[i]
                    if s == 0x5C { i += 2; continue }
                    if s == 0x28 { level += 1 } else if s == 0x29 { level -= 1; if level == 0 { i += 1; break } }
                    i += 1
                }
            case 0x3C:  // < hex string or <<
                if i + 1 < n, bytes[i + 1] == 0x3C {
                    i += 2
                } else {
                    while i < n, bytes[i] != 0x3E { i += 1 }
                    i += 1
                }
            case 0x2F:  // /name
                i += 1
                while i < n, !isSpace(bytes[i]), !isDelimiter(bytes[i]) { i += 1 }
            case 0x3E, 0x5B, 0x5D, 0x7B, 0x7D, 0x29:
                i += 1
            default:
                let start = i
                while i < n, !isSpace(bytes[i]), !isDelimiter(bytes[i]) { i += 1 }
                let length = i - start
                if length == 1, c == 0x71 {  // q
                    depth += 1
                } else if length == 1, c == 0x51 {  // Q
                    depth -= 1
                    lowest = min(lowest, depth)
                } else if length == 2, c == 0x49, bytes[start + 1] == 0x44 {  // ID: inline image data up to EI
                    i = Self.endOfInlineImage(bytes, from: i + 1)
                } else if length == 2, c == 0x42 || c == 0x45, bytes[start + 1] == 0x54 {  // BT, ET
                    endsInText = c == 0x42
                } else if length == 3, bytes[start + 2] == 0x43,
                    c == 0x42 && (bytes[start + 1] == 0x4D || bytes[start + 1] == 0x44)  // BMC, BDC
                {
                    marked += 1
                } else if length == 3, c == 0x45, bytes[start + 1] == 0x4D, bytes[start + 2] == 0x43 {  // EMC
                    marked = max(0, marked - 1)
                }
            }
        }
        excessPops = -lowest
        finalDepth = depth
        self.endsInText = endsInText
        openMarkedContent = marked
    }

    private init() {}

    /// The index after the `EI` that ends inline image data starting at `from`: `EI` preceded by
    /// white space and followed by white space or the end.
    private static func endOfInlineImage(_ bytes: [UInt8], from: Int) -> Int {
        var i = from
        while i + 1 < bytes.count {
            if bytes[i] == 0x45, bytes[i + 1] == 0x49, i > from, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[i - 1]),
                i + 2 == bytes.count || [0x20, 0x0A, 0x0D, 0x09, 0x0C, 0x00].contains(bytes[i + 2])
            {
                return i + 2
            }
            i += 1
        }
        return bytes.count
    }
}
