import FuzzSupport
import Signet

/// The stroke-reader target: the first input byte picks the format (0 = detect it, as the CLI
/// does without `--format`; 1–12 = `StrokeFormat.allCases`, taken modulo 13), the second byte
/// the `--index` (modulo 4), and the rest is the file. Seeds carry the two bytes in front of a
/// real file of that format, so each format's run starts from its own files and a saved
/// reproducer says by itself which reader it is for.
enum StrokeFuzz {
    static let formats: [StrokeFormat?] = [nil] + StrokeFormat.allCases.map { Optional($0) }

    /// The two header bytes of a seed for `format`.
    static func header(_ format: StrokeFormat?, index: Int = 0) -> [UInt8] {
        [UInt8(formats.firstIndex(of: format)!), UInt8(index)]
    }

    static func test(_ input: [UInt8]) {
        guard input.count >= 2 else { return }
        let format = formats[Int(input[0]) % formats.count]
        let options = StrokeReadOptions(format: format, index: Int(input[1]) % 4)
        let file = Array(input[2...])
        Fuzz.expect("reading in memory", accepting: [StrokeReadError.self]) {
            check(try StrokeReader.read(file, name: "input", options: options), options)
        }
        Fuzz.expect("reading as StrokeFile does", accepting: [StrokeReadError.self]) {
            if let drawing = try streamed(file, options) { check(drawing, options) }
        }
    }

    /// The route `StrokeFile.read` takes for a file: a line-delimited input (judged from its
    /// first line) is fed line by line to `StrokeStreamReader`; `nil` when the input is read whole.
    static func streamed(_ file: [UInt8], _ options: StrokeReadOptions) throws -> Drawing? {
        let head = Array(file.prefix(options.limits.maxLineBytes + 1))
        guard let format = StrokeStreamReader.lineFormat(of: head, name: "input", options: options) else { return nil }
        var reader = try StrokeStreamReader(format: format, name: "input", options: options)
        for line in file.split(separator: 0x0A, omittingEmptySubsequences: false) where !reader.isComplete {
            try reader.feed(line: line.last == 0x0D ? line.dropLast() : line)
        }
        return try reader.finish()
    }

    /// What a reader promises about a drawing it returns, then smoothing and bounds over it.
    static func check(_ drawing: Drawing, _ options: StrokeReadOptions) {
        let limits = options.limits
        Fuzz.require(!drawing.strokes.isEmpty, "a drawing without strokes was returned")
        Fuzz.require(drawing.strokes.count <= limits.maxStrokes, "more strokes than the limit")
        Fuzz.require(drawing.sampleCount <= limits.maxPoints, "more points than the limit")
        for stroke in drawing.strokes {
            Fuzz.require(
                !stroke.samples.isEmpty && stroke.samples.count <= limits.maxPointsPerStroke,
                "a stroke of \(stroke.samples.count) points")
            for s in stroke.samples {
                Fuzz.require(
                    s.x.isFinite && s.y.isFinite && abs(s.x) <= limits.maxCoordinate
                        && abs(s.y) <= limits.maxCoordinate,
                    "a point outside the limits: \(s)")
            }
        }
        let ink = Ink(drawing)
        Fuzz.require(
            ink.bounds.map {
                $0.origin.x.isFinite && $0.origin.y.isFinite && $0.size.width.isFinite && $0.size.height.isFinite
            } ?? false,
            "ink bounds \(String(describing: ink.bounds)) for a drawing with points")
    }
}
