import Dispatch
import Foundation
import Signet

/// The Swift side of the render benchmark: every JSON file of a folder read with `StrokeFile`,
/// rendered with the defaults (pen 2.5 wide, scale 2, cropped, 8 px padding) and written as PNG
/// with the default `PNGOptions`, in one process on `jobs` threads. Prints "count seconds bytes",
/// the same line the pycairo script prints.
enum RenderBench {
    static func run(input: String, output: String, jobs: Int) throws {
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: input).filter { $0.hasSuffix(".json") }.sorted()
        guard !names.isEmpty else { throw BenchError("no .json files in \(input)") }
        let results = ResultSlots(count: names.count)
        let start = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: jobs) { job in
            for i in stride(from: job, to: names.count, by: jobs) {
                let name = names[i]
                results.set(i) {
                    let drawing = try StrokeFile.read(path: input + "/" + name)
                    let png = try RenderPipeline.render(drawing, as: .png).bytes
                    let target = output + "/" + name.dropLast(5) + ".png"
                    guard FileManager.default.createFile(atPath: target, contents: Data(png)) else {
                        throw BenchError("cannot write \(target)")
                    }
                    return png.count
                }
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        print(names.count, seconds, try results.total())
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
