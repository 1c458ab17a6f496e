import Foundation

/// A one-line progress bar with rate and ETA on stderr, drawn only when stderr is a terminal and
/// at most ten times a second. Safe to call from several threads.
final class ProgressBar: @unchecked Sendable {
    private let label: String
    private let total: Int?
    private let enabled: Bool
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var drewSomething = false
    private let lock = NSLock()

    init(label: String, total: Int?, context: CommandContext) {
        self.label = label
        self.total = total
        self.enabled = context.stderrIsTerminal
    }

    /// Reports `done` items finished so far.
    func update(_ done: Int) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        guard now.timeIntervalSince(lastDraw) >= 0.1 || done == total else { return }
        lastDraw = now
        drewSomething = true
        FileHandle.standardError.write(Data(("\r" + line(done: done, now: now) + "\u{1B}[K").utf8))
    }

    /// Ends the bar's line (only if something was drawn).
    func finish() {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        if drewSomething { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    private func line(done: Int, now: Date) -> String {
        let elapsed = max(now.timeIntervalSince(start), 1e-6)
        let rate = Double(done) / elapsed
        var text = "\(label) \(done)"
        if let total, total > 0 {
            let width = 24
            let filled = min(width, done * width / total)
            text = "\(label) [" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] \(done)/\(total)"
            if rate > 0 && done < total { text += " ETA " + Self.clock(Double(total - done) / rate) }
        }
        return text + String(format: " %.1f/s", rate)
    }

    private static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }
}
