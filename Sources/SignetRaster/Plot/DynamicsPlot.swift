import SignetCore
import SignetStrokes

/// The chart an examiner compares signatures by: x, y, speed and pressure against time, one
/// panel each, one or two signatures overlaid in their own colours with a legend; each stroke is a
/// solid run and each pen-up gap a dashed line from where the pen lifted to where it came down.
package struct DynamicsPlot: Sendable, Hashable {
    /// One signature to draw.
    package struct Signature: Sendable, Hashable {
        package var name: String
        package var series: DynamicsSeries
        package init(name: String, series: DynamicsSeries) { (self.name, self.series) = (name, series) }
    }

    /// One panel: which value it plots, where, and the value range its height spans.
    package struct Panel: Sendable, Hashable {
        package var channel: Channel
        package var rect: Rect
        package var low: Double
        package var high: Double

        /// The page point of value `v` at time `t` (ms), the time axis spanning `duration`.
        package func point(t: Double, _ v: Double, duration: Double) -> Point {
            Point(x: rect.minX + t / duration * rect.width, y: rect.maxY - (v - low) / (high - low) * rect.height)
        }
    }

    /// The values plotted, top to bottom.
    package enum Channel: String, Sendable, Hashable, CaseIterable {
        case x, y, speed, pressure

        func value(_ p: DynamicsSeries.Point) -> Double? {
            switch self {
            case .x: return p.x
            case .y: return p.y
            case .speed: return p.speed
            case .pressure: return p.pressure
            }
        }
    }

    /// The colours of the first and second signature.
    package static let colors = [Color(red: 0.12, green: 0.37, blue: 0.75), Color(red: 0.82, green: 0.27, blue: 0.17)]

    package let signatures: [Signature]
    package let panels: [Panel]
    /// The time axis's span in ms: the longer signature's duration.
    package let duration: Double

    static let (width, left, right, top, panelHeight, gap) = (960.0, 78.0, 24.0, 80.0, 150.0, 34.0)

    package init(_ signatures: [Signature]) {
        self.signatures = signatures
        duration = max(signatures.map(\.series.duration).max() ?? 0, 1)
        var panels: [Panel] = []
        for (i, channel) in Channel.allCases.enumerated() {
            let values = signatures.flatMap { $0.series.strokes.flatMap { $0.compactMap(channel.value) } }
            var (low, high) = channel == .pressure ? (0.0, 1.0) : (values.min() ?? 0, values.max() ?? 1)
            if high <= low { high = low + 1 }
            let y = Self.top + Double(i) * (Self.panelHeight + Self.gap)
            let rect = Rect(x: Self.left, y: y, width: Self.width - Self.left - Self.right, height: Self.panelHeight)
            panels.append(Panel(channel: channel, rect: rect, low: low, high: high))
        }
        self.panels = panels
    }

    /// The chart as shapes.
    package var scene: PlotScene {
        let grey = Color(red: 0.45, green: 0.45, blue: 0.45)
        var items: [PlotScene.Item] = []
        for (i, signature) in signatures.enumerated() {
            let s = signature.series
            let text =
                "\(i == 0 ? "A" : "B"): \(signature.name) — \(s.strokes.count) strokes, \(NumberText.short(s.duration, decimals: 0)) ms"
            items.append(
                .text(
                    text, at: Point(x: Self.left, y: 22 + Double(i) * 20), size: 14, anchor: .start,
                    color: Self.colors[i]))
        }
        let unit = signatures.first?.series.unit ?? "units"
        for panel in panels {
            items.append(.frame(panel.rect, color: grey))
            items.append(
                .text(
                    label(panel.channel, unit), at: Point(x: panel.rect.minX, y: panel.rect.minY - 6), size: 12,
                    anchor: .start, color: .black))
            for (v, y) in [(panel.high, panel.rect.minY + 10), (panel.low, panel.rect.maxY)] {
                items.append(
                    .text(
                        NumberText.short(v, decimals: 2), at: Point(x: panel.rect.minX - 6, y: y), size: 10,
                        anchor: .end, color: grey))
            }
            for (i, signature) in signatures.enumerated() {
                items += lines(signature, index: i, panel: panel)
            }
            if panel.channel == .pressure, !signatures.contains(where: { $0.series.hasPressure }) {
                items.append(
                    .text(
                        "no pressure recorded",
                        at: Point(
                            x: panel.rect.minX + panel.rect.width / 2, y: panel.rect.minY + panel.rect.height / 2),
                        size: 12, anchor: .middle, color: grey))
            }
        }
        let bottom = panels.last!.rect
        for k in 0...4 {
            let t = duration * Double(k) / 4
            items.append(
                .text(
                    NumberText.short(t, decimals: 0),
                    at: Point(x: bottom.minX + bottom.width * Double(k) / 4, y: bottom.maxY + 16), size: 10,
                    anchor: .middle, color: grey))
        }
        items.append(
            .text(
                "time (ms)", at: Point(x: bottom.minX + bottom.width / 2, y: bottom.maxY + 34), size: 12,
                anchor: .middle, color: .black))
        return PlotScene(width: Self.width, height: bottom.maxY + 46, items: items)
    }

    /// `signature`'s strokes in `panel` (solid), and its pen-up gaps (dashed).
    private func lines(_ signature: Signature, index: Int, panel: Panel) -> [PlotScene.Item] {
        let color = Self.colors[index]
        let name = "\(index == 0 ? "A" : "B") \(panel.channel.rawValue)"
        var items: [PlotScene.Item] = []
        var previous: Point?
        for stroke in signature.series.strokes {
            let points = stroke.compactMap { p in
                panel.channel.value(p).map { panel.point(t: p.t, $0, duration: duration) }
            }
            guard let first = points.first else { continue }
            if let previous {
                items.append(
                    .line([previous, first], color: color, width: 0.8, dashed: true, series: name + " pen-up"))
            }
            items.append(.line(points, color: color, width: 1.4, dashed: false, series: name))
            previous = points.last
        }
        return items
    }

    private func label(_ channel: Channel, _ unit: String) -> String {
        switch channel {
        case .x: return "x (\(unit), from the leftmost sample)"
        case .y: return "y (\(unit), down, from the topmost sample)"
        case .speed: return "speed (\(unit)/s)"
        case .pressure: return "pressure (0–1)"
        }
    }
}
