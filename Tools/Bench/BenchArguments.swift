import SignetRaster
import SignetStrokes

/// A failure of the benchmark tool, printed as is.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ text: String) { description = text }
}

/// `command [positional] --name value …`, enough for the benchmark's three subcommands.
struct BenchArguments {
    let command: String
    private var positionals: [String] = []
    private var values: [String: String] = [:]

    init(_ argv: [String]) {
        command = argv.first ?? ""
        var i = 1
        while i < argv.count {
            if argv[i].hasPrefix("--"), i + 1 < argv.count {
                values[String(argv[i].dropFirst(2))] = argv[i + 1]
                i += 2
            } else {
                positionals.append(argv[i])
                i += 1
            }
        }
    }

    /// The value of `--name`, or `nil` when it was not given.
    func optional(_ name: String) -> String? { values[name] }

    func value(_ name: String) throws -> String {
        guard let v = values[name] else { throw BenchError("--\(name) is required") }
        return v
    }

    func int(_ name: String, default fallback: Int? = nil) throws -> Int {
        guard let text = values[name] else {
            guard let fallback else { throw BenchError("--\(name) is required") }
            return fallback
        }
        guard let v = Int(text), v > 0 else { throw BenchError("--\(name) wants a positive whole number, not \(text)") }
        return v
    }

    func antialias() throws -> RenderOptions.Antialias {
        guard let text = values["antialias"] else { return .best }
        guard let mode = RenderOptions.Antialias(rawValue: text) else {
            throw BenchError("--antialias is best or fast, not \(text)")
        }
        return mode
    }

    func format() throws -> StrokeFormat? {
        guard let text = values["format"] else { return nil }
        guard let format = StrokeFormat(rawValue: text) else {
            throw BenchError("--format \(text) is not a stroke format")
        }
        return format
    }

    mutating func positional() throws -> String {
        guard !positionals.isEmpty else { throw BenchError("an input folder is required") }
        return positionals.removeFirst()
    }
}
