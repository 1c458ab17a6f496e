/// A one-line progress bar on standard error, drawn only when it is a terminal and redrawn
/// only when the shown percentage changes.
final class ProgressBar {
    private let context: CommandContext
    private var shown: (label: String, percent: Int)?

    init(_ context: CommandContext) { self.context = context }

    var isEnabled: Bool { context.stderrIsTerminal }

    func update(_ label: String, _ fraction: Double) {
        guard isEnabled else { return }
        let percent = Int((min(max(fraction, 0), 1) * 100).rounded(.down))
        guard shown?.label != label || shown?.percent != percent else { return }
        shown = (label, percent)
        let filled = percent * 30 / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled)
        context.writeProgress("\r\u{1B}[K\(label) [\(bar)] \(percent)%")
    }

    /// Clears the line so the next message starts clean.
    func finish() {
        guard isEnabled, shown != nil else { return }
        context.writeProgress("\r\u{1B}[K")
        shown = nil
    }
}
