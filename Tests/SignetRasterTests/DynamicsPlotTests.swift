import SignetCore
import SignetRaster
import SignetStrokes
import Testing

/// The SVG's series are the data: every point of every polyline, mapped back through its panel,
/// is the sample's time and value; one solid run per stroke, one dashed pen-up line between two.
@Suite("Dynamics plot")
struct DynamicsPlotTests {
    static let a = Drawing(
        strokes: [
            Stroke(samples: [
                Sample(x: 10, y: 40, t: 1000, force: 0.2), Sample(x: 13, y: 44, t: 1100, force: 0.6),
                Sample(x: 19, y: 52, t: 1150, force: 0.9),
            ]),
            Stroke(samples: [Sample(x: 30, y: 40, t: 1400, force: 0.4), Sample(x: 30, y: 30, t: 1500, force: 0.5)]),
        ], unitsPerInch: 25.4)
    static let b = Drawing(
        strokes: [
            Stroke(samples: [
                Sample(x: 0, y: 0, t: 0, force: 0.3), Sample(x: 5, y: 0, t: 200, force: 0.7),
                Sample(x: 5, y: 12, t: 1800, force: 1),
            ])
        ], unitsPerInch: 25.4)

    @Test("speed is path length over time, in mm/s when the resolution is known")
    func series() throws {
        let s = try DynamicsSeries(Self.a)
        #expect(s.unit == "mm")
        #expect(s.strokes[0].map(\.t) == [0, 100, 150])
        #expect(s.strokes[0].map(\.speed) == [50, 50, 200], "3-4-5 in 0.1 s, then 6-8-10 in 0.05 s")
        #expect(s.strokes[1].map(\.x) == [20, 20] && s.strokes[1].map(\.y) == [10, 0])
        #expect(s.duration == 500)
    }

    @Test("a drawing without timestamps cannot be plotted")
    func noTimes() {
        let d = Drawing(strokes: [Stroke(samples: [Sample(x: 0, y: 0)])])
        #expect(throws: TimeSeriesError(.noTimestamps(place: "stroke 1, point 1"))) { try DynamicsSeries(d) }
    }

    @Test("every SVG polyline point maps back to its sample's time and value")
    func svgSeries() throws {
        let signatures = [
            DynamicsPlot.Signature(name: "ref.json", series: try DynamicsSeries(Self.a)),
            DynamicsPlot.Signature(name: "questioned.iso", series: try DynamicsSeries(Self.b)),
        ]
        let plot = DynamicsPlot(signatures)
        #expect(plot.duration == 1800)
        let svg = String(decoding: PlotSVG.document(plot.scene), as: UTF8.self)
        #expect(svg.contains("A: ref.json") && svg.contains("B: questioned.iso"), "the legend names both")
        for (index, signature) in signatures.enumerated() {
            let letter = index == 0 ? "A" : "B"
            for panel in plot.panels {
                let runs = Self.polylines(svg, series: "\(letter) \(panel.channel.rawValue)")
                #expect(runs.count == signature.series.strokes.count, "\(letter) \(panel.channel): one run per stroke")
                #expect(
                    Self.polylines(svg, series: "\(letter) \(panel.channel.rawValue) pen-up").count
                        == signature.series.strokes.count - 1)
                for (run, stroke) in zip(runs, signature.series.strokes) {
                    #expect(run.count == stroke.count)
                    for (p, sample) in zip(run, stroke) {
                        let t = (p.x - panel.rect.minX) / panel.rect.width * plot.duration
                        let v = panel.low + (panel.rect.maxY - p.y) / panel.rect.height * (panel.high - panel.low)
                        let want: Double? =
                            switch panel.channel {
                            case .x: sample.x
                            case .y: sample.y
                            case .speed: sample.speed
                            case .pressure: sample.pressure
                            }
                        let tolerance = 0.0005 / panel.rect.height * (panel.high - panel.low) + 1e-9
                        #expect(
                            abs(t - sample.t) <= 0.0005 / panel.rect.width * plot.duration + 1e-9,
                            "t \(t) vs \(sample.t)")
                        #expect(abs(v - want!) <= tolerance, "\(letter) \(panel.channel) \(v) vs \(want!)")
                    }
                }
            }
        }
    }

    @Test("without pressure the panel says so and draws no pressure line")
    func noPressure() throws {
        let d = Drawing(strokes: [Stroke(samples: [Sample(x: 0, y: 0, t: 0), Sample(x: 1, y: 1, t: 10)])])
        let svg = String(
            decoding: PlotSVG.document(DynamicsPlot([.init(name: "a", series: try DynamicsSeries(d))]).scene),
            as: UTF8.self)
        #expect(svg.contains("no pressure recorded"))
        #expect(Self.polylines(svg, series: "A pressure").isEmpty)
        #expect(Self.polylines(svg, series: "A x").count == 1)
    }

    /// The points of every `<polyline data-series="series" …>`, in document order.
    static func polylines(_ svg: String, series: String) -> [[Point]] {
        svg.split(separator: "\n").filter { $0.hasPrefix("<polyline data-series=\"\(series)\" ") }.map { line in
            let points = line.split(separator: "points=\"")[1].split(separator: "\"")[0]
            return points.split(separator: " ").map { pair in
                let xy = pair.split(separator: ",").map { Double($0)! }
                return Point(x: xy[0], y: xy[1])
            }
        }
    }
}
