import Foundation
import SignetStrokes
import SignetTestSupport
import Testing

/// The bundled samples (written by Tools/make-samples.py) read in every format and look like
/// signatures: several strokes, hundreds of points, a dot, plausible timing and pressure.
@Suite("Sample strokes")
struct SampleStrokesTests {
    static let folder = Corpus.packageRoot.appendingPathComponent("SampleStrokes")

    static let expected: [(file: String, format: StrokeFormat)] = [
        ("signet-amelia-reyes.json", .signet), ("signet-compact-jonas-birk.json", .signet),
        ("touch-mira-chen.ndjson", .touch), ("touch-array-oskar-lind.json", .touch),
        ("signature-pad-lena-fischer.json", .signaturePad), ("signature-pad-legacy-sami-okafor.json", .signaturePad),
        ("quickdraw-theo-marin.ndjson", .quickdraw), ("inkml-nora-quinn.inkml", .inkml),
        ("inkml-office-iris-vance.xml", .inkml), ("svc2004-pablo-ruiz.txt", .svc2004),
        ("perfect-freehand-kaito-imura.json", .perfectFreehand), ("excalidraw-zoe-hill.excalidraw", .excalidraw),
        ("flutter-lina-hoff.json", .flutter), ("flutter-packets-mila-novak.json", .flutter),
        ("getevent-ravi-kumar.txt", .getevent),
        ("pointer-events-nico-baird.json", .pointerEvents),
    ]

    @Test("every file in SampleStrokes/ is a listed sample (the demo renders them all)")
    func listed() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
        #expect(files == Self.expected.map(\.file).sorted())
    }

    @Test("each sample is detected as its format and reads like a signature", arguments: expected)
    func sample(file: String, format: StrokeFormat) throws {
        let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(file)))
        #expect(StrokeFormat.detect(bytes, name: file) == format)
        let d = try StrokeReader.read(bytes, name: file)
        if format == .perfectFreehand {
            #expect(
                d.strokes.count == 1 && d.sampleCount >= 250,
                "a point array holds one stroke: a signature written in one go")
        } else {
            #expect(d.strokes.count >= 3)
            #expect(d.sampleCount >= 250 && d.sampleCount <= 2000)
            #expect(d.strokes.contains { Set($0.samples.map(\.point)).count == 1 }, "an i-dot")
        }
        let times = d.strokes.flatMap { $0.samples.compactMap(\.t) }
        // Excalidraw scenes and Office InkML exports carry no times.
        if format != .excalidraw, file != "inkml-office-iris-vance.xml" {
            #expect(times.count == d.sampleCount, "every sample has a time")
            #expect((1_500...10_000).contains(times.max()! - times.min()!), "a signature takes seconds")
        }
        let forces = d.strokes.flatMap { $0.samples.compactMap(\.force) }
        if ![.quickdraw, .excalidraw].contains(format), file != "signature-pad-legacy-sami-okafor.json" {
            #expect(forces.count == d.sampleCount && forces.max()! - forces.min()! > 0.2, "pressure varies")
        }
        let bounds = try #require(Ink(d).bounds)
        #expect(bounds.size.width > 2 * bounds.size.height, "a signature is wider than tall")
    }

    // Skipped, with this note, where python3 is missing (the generator is a Python script).
    @Test(
        "the generator is deterministic: running it again writes the same bytes",
        .enabled(if: ProcessRunner.hasTool("python3"), "needs python3 to run Tools/make-samples.py"))
    func deterministic() throws {
        let out = TemporaryDirectory()
        let script = Corpus.packageRoot.appendingPathComponent("Tools/make-samples.py").path
        let result = try ProcessRunner.run("python3", [script, out.url.path])
        #expect(result.status == 0, "\(result.stderr)")
        for (file, _) in Self.expected {
            let fresh = try Data(contentsOf: out.url.appendingPathComponent(file))
            #expect(fresh == (try Data(contentsOf: Self.folder.appendingPathComponent(file))), "\(file)")
        }
    }
}
