import Foundation
import SignetTestSupport

// signet-stamp-bench: inputs and placement check of the stamping benchmark (Tools/bench-stamp.sh).
//   signet-stamp-bench inputs DIR [PAGES]             DIR/doc-raw.pdf, DIR/stamp-stored.png, DIR/overlay.pdf
//   signet-stamp-bench check DOC.pdf NAME=OUT.pdf...  per geometry and tool: stamp placed? content kept?
//   signet-stamp-bench target                         the placement as `signet stamp` options

func fail(_ text: String) -> Never {
    FileHandle.standardError.write(Data("signet-stamp-bench: \(text)\n".utf8))
    exit(2)
}

let args = Array(CommandLine.arguments.dropFirst())
switch args.first {
case "inputs" where args.count == 2 || args.count == 3:
    let dir = URL(fileURLWithPath: args[1])
    let pages = args.count == 3 ? Int(args[2]) ?? 0 : 1000
    guard pages >= GeometryFixture.pages.count else { fail("PAGES must be at least \(GeometryFixture.pages.count)") }
    do {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(GeometryFixture.document(pageCount: pages)).write(to: dir.appendingPathComponent("doc-raw.pdf"))
        try Data(TestStamp.png()).write(to: dir.appendingPathComponent("stamp-stored.png"))
        try Data(OverlayDocument.build()).write(to: dir.appendingPathComponent("overlay.pdf"))
    } catch { fail("cannot write the inputs: \(error)") }
case "check" where args.count >= 3:
    let outputs = args.dropFirst(2).map { item -> (name: String, path: String) in
        guard let eq = item.firstIndex(of: "=") else { fail("expected NAME=OUT.pdf, not '\(item)'") }
        return (String(item[..<eq]), String(item[item.index(after: eq)...]))
    }
    do {
        let results = try outputs.map { try PlacementCheck.run(output: $0.path, baseline: args[1]) }
        print(PlacementReport.matrix(names: outputs.map(\.name), results: results))
    } catch { fail("\(error)") }
case "target" where args.count == 1:
    print(BenchPlacement.cliDescription)
default:
    fail("usage: signet-stamp-bench inputs DIR [PAGES] | check DOC.pdf NAME=OUT.pdf... | target")
}
