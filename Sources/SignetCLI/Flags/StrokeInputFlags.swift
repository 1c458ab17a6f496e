import Signet

/// The options of every command that reads strokes (`render`, and `--strokes` of stamp/sign):
/// `--format NAME` and `--index N`, plus the help notes that state the input limits.
enum StrokeInputFlags {
    static let specs: [OptionSpec] = [
        .value(.format, "NAME", "stroke format, detected from the content when absent: \(StrokeFormat.names)"),
        .value(
            .index, "N",
            "which drawing of a file holding several (Quick, Draw! records, perfect-freehand paths), from 0; default 0"),
    ]

    /// Help notes: the formats and the limits a stroke input must stay within.
    static var notes: [String] {
        let formats = StrokeFormat.allCases.map { "  \($0.rawValue.padding(18))\($0.summary)" }
        let limits = StrokeLimits().summary.map { "  " + $0 }
        return [
            (["stroke formats (--format):"] + formats).joined(separator: "\n"),
            (["stroke input limits (far above any real signature):"] + limits).joined(separator: "\n"),
        ]
    }

    /// The read options `args` ask for (defaults: detect the format, index 0, default limits).
    static func readOptions(_ args: Arguments) throws -> StrokeReadOptions {
        StrokeReadOptions(
            format: try args.choice(.format, StrokeFormat.self),
            index: try args.int(.index, in: 0...Int(Int32.max)) ?? 0)
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: max(width - count, 0))
    }
}
