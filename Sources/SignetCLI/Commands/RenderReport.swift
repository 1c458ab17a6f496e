import Signet

/// What `signet render --json` prints for one input: the rendered file or why it failed.
struct RenderReport: Encodable {
    var input: String
    var output: String
    var result: Result<RenderedFile, Failure>

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
            try c.encode(file.bytes.count, forKey: .bytes)
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
        let name = { (path: String) in path == "-" ? "stdout" : path }
        return "\(input == "-" ? "stdin" : input) → \(name(output)): \(file.layout.width)×\(file.layout.height) px, "
            + "\(file.bytes.count) bytes, \(counted(file.strokes, "stroke")), \(counted(file.points, "point"))"
    }
}

/// `--output-dir` results: one entry per input, in input order.
struct RenderBatchReport: Encodable {
    var files: [RenderReport]
    var rendered: Int
    var failed: Int
}
