import Signet

/// The options of every command that reads strokes (`render`, and `--strokes` of stamp/sign):
/// `--format NAME`, `--index N|NAME` and `--axis-range AXES`, plus the help notes that state the input limits.
enum StrokeInputFlags {
    static let specs: [OptionSpec] = [
        .choice(.format, "NAME", StrokeFormat.self, "stroke format, detected from the content when absent"),
        .value(
            .index, "N|NAME",
            "which drawing of a file holding several (Quick, Draw! records, perfect-freehand paths): its position from 0 (default 0), or its name (a record's key_id or word, a path's name)"
        ),
        .value(
            .axisRange, "AXES",
            "the touch panel's axes for an Android getevent log recorded without its 'getevent -lp' header (they win over a header's): x=MIN:MAX[:RES],y=MIN:MAX[:RES],pressure=MIN:MAX, RES in units per mm, e.g. x=0:1079,y=0:2399,pressure=0:255"
        ),
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
        let format = try args.choice(.format, StrokeFormat.self)
        let axes = try touchAxes(args)
        if axes != TouchAxes(), let format, format != .getevent {
            throw UsageError(
                args.command, "--axis-range is about Android getevent logs, not --format \(format.rawValue)")
        }
        let name = args.string(.index).flatMap { isPosition($0) ? nil : $0 }
        return StrokeReadOptions(
            format: format, index: name == nil ? try args.int(.index, in: 0...Int(Int32.max)) ?? 0 : 0,
            touchAxes: axes, drawingName: name)
    }

    /// True when an `--index` value is a position: a whole number of at most 10 digits, a sign
    /// allowed (so `-1` is refused as a position). Anything else, a Quick, Draw! `key_id` of 16
    /// digits included, is a drawing's name.
    static func isPosition(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : text[...]
        return (1...10).contains(digits.count) && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// `--axis-range x=0:4095,y=0:4095,pressure=0:255` (each axis at most once, any order; a third
    /// number is the resolution in units per mm).
    static func touchAxes(_ args: Arguments) throws -> TouchAxes {
        guard let text = args.string(.axisRange) else { return TouchAxes() }
        var axes = TouchAxes()
        var named: Set<Substring> = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let numbers = pair.count == 2 ? pair[1].split(separator: ":", omittingEmptySubsequences: false) : []
            let values = numbers.compactMap { Double($0) }.filter(\.isFinite)
            guard (2...3).contains(numbers.count), values.count == numbers.count, values[1] > values[0],
                values.count == 2 || values[2] >= 0
            else {
                throw UsageError(
                    args.command,
                    "--axis-range takes AXIS=MIN:MAX[:RES] items with MAX above MIN (like x=0:4095,y=0:4095,pressure=0:255); got '\(item)'"
                )
            }
            let axis = TouchAxis(min: values[0], max: values[1], resolution: values.count == 3 ? values[2] : 0)
            guard named.insert(pair[0]).inserted else {
                throw UsageError(args.command, "--axis-range names the axis '\(pair[0])' twice")
            }
            switch pair[0] {
            case "x": axes.x = axis
            case "y": axes.y = axis
            case "pressure": axes.pressure = axis
            default: throw UsageError(args.command, "--axis-range knows the axes x, y and pressure, not '\(pair[0])'")
            }
        }
        return axes
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: max(width - count, 0))
    }
}
