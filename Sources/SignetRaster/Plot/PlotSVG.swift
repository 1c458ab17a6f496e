import SignetCore

/// A `PlotScene` as a standalone SVG document. Pure: the same scene gives the same bytes.
package enum PlotSVG {
    package static func document(_ scene: PlotScene) -> [UInt8] {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(scene.width))" height="\(n(scene.height))" \
            viewBox="0 0 \(n(scene.width)) \(n(scene.height))">
            <rect width="100%" height="100%" fill="#ffffff"/>

            """
        for item in scene.items {
            switch item {
            case .line(let points, let color, let width, let dashed, let series):
                let path = points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
                let seriesAttribute = series.isEmpty ? "" : " data-series=\"\(escaped(series))\""
                out +=
                    "<polyline\(seriesAttribute) points=\"\(path)\" fill=\"none\" stroke=\"\(hex(color))\" stroke-width=\"\(n(width))\""
                    + (dashed ? " stroke-dasharray=\"4 3\"" : "") + " stroke-linejoin=\"round\"/>\n"
            case .frame(let rect, let color):
                out +=
                    "<rect x=\"\(n(rect.minX))\" y=\"\(n(rect.minY))\" width=\"\(n(rect.width))\" height=\"\(n(rect.height))\" fill=\"none\" stroke=\"\(hex(color))\"/>\n"
            case .text(let text, let at, let size, let anchor, let color):
                out +=
                    "<text x=\"\(n(at.x))\" y=\"\(n(at.y))\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"\(n(size))\" text-anchor=\"\(anchor.rawValue)\" fill=\"\(hex(color))\">\(escaped(text))</text>\n"
            }
        }
        return Array((out + "</svg>\n").utf8)
    }

    /// A coordinate with at most three decimals, no trailing zeros.
    static func n(_ v: Double) -> String { NumberText.short(v, decimals: 3) }

    private static func hex(_ c: Color) -> String {
        func byte(_ v: Double) -> String {
            let b = Int((min(max(v, 0), 1) * 255).rounded())
            return (b < 16 ? "0" : "") + String(b, radix: 16)
        }
        return "#" + byte(c.red) + byte(c.green) + byte(c.blue)
    }

    private static func escaped(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
