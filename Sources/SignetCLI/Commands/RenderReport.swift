import Signet

/// What `signet render --json` prints for one input: the rendered file or why it failed.
struct RenderReport: Encodable {
    var input: String
    var output: String
    var result: Result<Rendered, Failure>

    /// What is reported of a rendered file: everything but its bytes, so that a report of many
    /// files does not hold all of them in memory.
    struct Rendered {
        var layout: RenderLayout
        var byteCount: Int
        var strokes: Int
        var points: Int

        init(_ file: RenderedFile) {
            (layout, byteCount, strokes, points) = (file.layout, file.bytes.count, file.strokes, file.points)
        }
    }

    struct Failure: Error, Encodable {
        var kind: FailureKind
        var message: String
    }

    private enum Key: String, CodingKey {
        case input, output, width, height, bytes, dpi, strokes, points, ink_bounds, error
    }

    private enum BoundsKey: String, CodingKey { case x, y, width, height }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(input, forKey: .input)
        try c.encode(output, forKey: .output)
        switch result {
        case .failure(let failure):
            try c.encode(failure, forKey: .error)
        case .success(let file):
            try c.encode(file.layout.width, forKey: .width)
            try c.encode(file.layout.height, forKey: .height)
            try c.encode(file.byteCount, forKey: .bytes)
            try c.encode(file.layout.dpi, forKey: .dpi)
            try c.encode(file.strokes, forKey: .strokes)
            try c.encode(file.points, forKey: .points)
            let b = file.layout.inkBounds
            var bounds = c.nestedContainer(keyedBy: BoundsKey.self, forKey: .ink_bounds)
            try bounds.encode(b.minX, forKey: .x)
            try bounds.encode(b.minY, forKey: .y)
            try bounds.encode(b.width, forKey: .width)
            try bounds.encode(b.height, forKey: .height)
        }
    }

    /// One line for a person: `face.json → out/face.png: 412×196 px, 5321 bytes, 3 strokes, 18 points`.
    var line: String? {
        guard case .success(let file) = result else { return nil }
        return
            "\(StreamName.input(input)) → \(StreamName.output(output)): \(file.layout.width)×\(file.layout.height) px, "
            + "\(file.byteCount) bytes, \(counted(file.strokes, "stroke")), \(counted(file.points, "point"))"
    }
}

/// `--output-dir` results: one entry per input, in input order.
struct RenderBatchReport: Encodable {
    var files: [RenderReport]
    var rendered: Int
    var failed: Int
}
