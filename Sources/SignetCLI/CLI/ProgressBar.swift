import Glibc

/// A one-line progress bar with rate and ETA on stderr, drawn only when stderr is a terminal and
/// at most ten times a second. Safe to call from several threads.
final class ProgressBar: @unchecked Sendable {
    private let label: String
    private let total: Int?
    private let enabled: Bool
    private let start = ContinuousClock.now
    private var lastDraw: ContinuousClock.Instant?
    private let lock = Monitor()

    init(label: String, total: Int?, context: CommandContext) {
        self.label = label
        self.total = total
        self.enabled = context.stderrIsTerminal
    }

    /// Reports `done` items finished so far.
    func update(_ done: Int) {
        guard enabled else { return }
        lock.locked {
            let now = ContinuousClock.now
            if let lastDraw, now - lastDraw < .milliseconds(100), done != total { return }
            lastDraw = now
            Self.write("\r" + line(done: done, elapsed: now - start) + "\u{1B}[K")
        }
    }

    /// Ends the bar's line (only if something was drawn).
    func finish() {
        guard enabled else { return }
        lock.locked { if lastDraw != nil { Self.write("\n") } }
    }

    private func line(done: Int, elapsed: Duration) -> String {
        let seconds = max(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18, 1e-6)
        let rate = Double(done) / seconds
        var text = "\(label) \(done)"
        if let total, total > 0 {
            let width = 24
            let filled = min(width, done * width / total)
            text =
                "\(label) [" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
                + "] \(done)/\(total)"
            if rate > 0 && done < total { text += " ETA " + Self.clock(Double(total - done) / rate) }
        }
        return text + " " + Self.tenths(rate) + "/s"
    }

    /// `m:ss`, or `h:mm:ss` from an hour on.
    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return s >= 3600 ? "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))" : "\(s / 60):\(two(s % 60))"
    }

    /// A rate with one decimal.
    static func tenths(_ value: Double) -> String {
        let t = Int((value * 10).rounded())
        return "\(t / 10).\(t % 10)"
    }

    private static func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
