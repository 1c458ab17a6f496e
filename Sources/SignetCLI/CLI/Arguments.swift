import SignetCore

/// The command line was wrong: exit 2 with one sentence and a pointer to `--help`.
package struct UsageError: SignetError {
    package let message: String
    package var kind: FailureKind { .badInput }

    package init(_ command: String, _ text: String) {
        message = "\(text); see 'signet \(command) --help'."
    }

    /// `--antialias must be one of best, fast, not 'nice'`.
    static func notOneOf(_ command: String, _ name: OptionName, _ choices: [String], _ text: String) -> UsageError {
        UsageError(command, "--\(name) must be one of \(choices.joined(separator: ", ")), not '\(text)'")
    }
}

/// Parsed arguments of one command, with typed accessors that explain bad values.
package struct Arguments: Sendable {
    package let command: String
    package var positionals: [String] = []
    package var values: [OptionName: [String]] = [:]
    package var flags: Set<OptionName> = []
    /// One-letter aliases of the command's options (`output` → `o`), so messages name both.
    package var shortNames: [OptionName: Character] = [:]
    /// The option whose value was the word just before a positional, by the positional's index
    /// (`--at 36 36`: 1 → `--at`), so a value split over two words can be named as such.
    package var afterValue: [Int: OptionSpec] = [:]

    package func flag(_ name: OptionName) -> Bool { flags.contains(name) }

    /// "--at takes X,Y (like 72,680) in one word; got '36 36'" for the first positional that came
    /// right after an option's value; nil when none did. For a command given more inputs than it takes.
    package func splitValue() -> UsageError? {
        guard let split = afterValue.min(by: { $0.key < $1.key }), let first = values[split.value.name]?.last
        else { return nil }
        let form = ValueForm.described(split.value.value ?? "")
        return UsageError(
            command, "--\(split.value.name) takes \(form) in one word; got '\(first) \(positionals[split.key])'")
    }

    package func string(_ name: OptionName) -> String? { values[name]?.last }

    package func strings(_ name: OptionName) -> [String] { values[name] ?? [] }

    package func required(_ name: OptionName) throws -> String {
        guard let v = string(name) else {
            throw UsageError(command, "\(shortNames[name].map { "-\($0)/" } ?? "")--\(name) is required")
        }
        return v
    }

    package func double(
        _ name: OptionName,
        in range: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
    )
        throws -> Double?
    {
        guard let text = string(name) else { return nil }
        guard let v = Double(text), v.isFinite else {
            throw UsageError(command, "--\(name) takes \(ValueForm.number); got '\(text)'")
        }
        guard range.contains(v) else {
            throw UsageError(
                command,
                "--\(name) must be between \(Self.format(range.lowerBound)) and \(Self.format(range.upperBound)), not \(text)"
            )
        }
        return v
    }

    package func int(_ name: OptionName, in range: ClosedRange<Int> = Int.min...Int.max) throws -> Int? {
        guard let text = string(name) else { return nil }
        guard let v = Int(text) else {
            throw UsageError(command, "--\(name) takes \(ValueForm.wholeNumber); got '\(text)'")
        }
        guard range.contains(v) else {
            throw UsageError(
                command, "--\(name) must be between \(range.lowerBound) and \(range.upperBound), not \(text)")
        }
        return v
    }

    /// One of a fixed set of words (`--format jpeg|png|auto`).
    package func choice<T: RawRepresentable & CaseIterable>(_ name: OptionName, _ type: T.Type) throws -> T?
    where T.RawValue == String {
        guard let text = string(name) else { return nil }
        guard let v = T(rawValue: text) else {
            throw UsageError.notOneOf(command, name, T.allCases.map(\.rawValue), text)
        }
        return v
    }

    package func color(_ name: OptionName) throws -> Color? {
        guard let text = string(name) else { return nil }
        guard let c = Color(css: text) else {
            throw UsageError(command, "--\(name) takes \(ValueForm.color(Color.acceptedForms)); got '\(text)'")
        }
        return c
    }

    /// `W` `x` `H` (`600x200`).
    package func size(_ name: OptionName) throws -> Size? {
        guard let text = string(name) else { return nil }
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0, w.isFinite, h.isFinite
        else { throw UsageError(command, "--\(name) takes \(ValueForm.size); got '\(text)'") }
        return Size(width: w, height: h)
    }

    /// `X,Y` (`72,680`).
    package func point(_ name: OptionName, form: String = ValueForm.point) throws -> Point? {
        guard let text = string(name) else { return nil }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite
        else { throw UsageError(command, "--\(name) takes \(form); got '\(text)'") }
        return Point(x: x, y: y)
    }

    private static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
