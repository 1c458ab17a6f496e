import Foundation

// signet-bench: the render benchmark's Swift side (see Tools/bench-render.sh).
//   signet-bench generate --count N [--seed S] --out DIR   write N signatures as Signet JSON
//   signet-bench render DIR --out DIR [--jobs N] [--antialias best|fast] [--format NAME]
//                                                          JSON → cropped PNG, prints "count seconds bytes"
//   signet-bench stages DIR                                mean time per pipeline stage
//   signet-bench compare-rasterizers DIR [--diffs DIR]     swept-disc vs cairo coverage and time
//   signet-bench png-settings [--count N]                  PNG size/time per encoder setting
let usage = """
    usage: signet-bench generate --count N [--seed S] --out DIR
           signet-bench render DIR --out DIR [--jobs N] [--antialias best|fast] [--format NAME]
           signet-bench stages DIR
           signet-bench compare-rasterizers DIR [--diffs DIR]
           signet-bench png-settings [--count N]
    """

do {
    var args = BenchArguments(Array(CommandLine.arguments.dropFirst()))
    switch args.command {
    case "generate":
        try Generate.run(
            count: try args.int("count"), seed: UInt64(try args.int("seed", default: 42)), into: try args.value("out"))
    case "render":
        let input = try args.positional()
        try RenderBench.run(
            input: input, output: try args.value("out"), jobs: try args.int("jobs", default: 1),
            antialias: try args.antialias(), format: try args.format())
    case "stages":
        try Stages.run(input: try args.positional())
    case "compare-rasterizers":
        try CompareRasterizers.run(input: try args.positional(), diffs: args.optional("diffs"))
    case "png-settings":
        try PNGSettings.run(count: try args.int("count", default: 40), seed: 7)
    default:
        throw BenchError(usage)
    }
} catch {
    FileHandle.standardError.write(Data("signet-bench: \(error)\n".utf8))
    exit(2)
}
