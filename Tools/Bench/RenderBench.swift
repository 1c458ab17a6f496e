import Dispatch
import Foundation
import Signet

/// The Swift side of the render benchmark: every JSON file of a folder read with `StrokeFile`,
/// (the format detected, or `format`), rendered with the defaults (pen 2.5 wide, scale 2,
/// cropped, 8 px padding; `antialias` as asked) and written as PNG with the default `PNGOptions`, in one process on `jobs` threads.
/// Prints "count wall_seconds bytes cpu_seconds", the same line the pycairo script prints.
enum RenderBench {
    static func run(
        input: String, output: String, jobs: Int, antialias: RenderOptions.Antialias, format: StrokeFormat?
    ) throws {
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: input).filter { $0.hasSuffix(".json") }.sorted()
        guard !names.isEmpty else { throw BenchError("no .json files in \(input)") }
        let results = ResultSlots(count: names.count)
        let cpuStart = cpuSeconds()
        let start = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: jobs) { job in
            for i in stride(from: job, to: names.count, by: jobs) {
                let name = names[i]
                results.set(i) {
                    let drawing = try StrokeFile.read(
                        path: input + "/" + name, options: StrokeReadOptions(format: format))
                    let png = try SignetAPI.render(drawing, as: .png, options: RenderOptions(antialias: antialias))
                        .bytes
                    try write(png, to: output + "/" + name.dropLast(5) + ".png")
                    return png.count
                }
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        print(names.count, seconds, try results.total(), cpuSeconds() - cpuStart)
    }

    /// A plain open/write/close, as cairo's write_to_png does (no temporary file, no fsync).
    private static func write(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw BenchError("cannot write \(path)") }
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw BenchError("cannot write \(path)") }
    }

    /// User + system CPU time of this process so far.
    private static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let seconds = { (t: timeval) in Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

/// Per-file results written from several threads, one slot each.
private final class ResultSlots: @unchecked Sendable {
    private var slots: [Result<Int, any Error>]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: .success(0), count: count) }

    func set(_ i: Int, _ body: () throws -> Int) {
        let result = Result { try body() }
        lock.withLock { slots[i] = result }
    }

    func total() throws -> Int { try slots.reduce(0) { $0 + (try $1.get()) } }
}
