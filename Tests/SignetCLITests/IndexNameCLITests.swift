import Foundation
import SignetTestSupport
import Testing

/// `signet render --index NAME` as a real process (the release binary under `make test`): a
/// Quick, Draw! record by `key_id` or `word`, a perfect-freehand path by name, and the error
/// that lists the names when none matches.
@Suite("signet render --index NAME (process)")
struct IndexNameCLITests {
    static let quickdraw = Corpus.packageRoot.appendingPathComponent("SampleStrokes/quickdraw-theo-marin.ndjson").path

    static let paths = #"{"short":[[5,5],[9,7]],"long":[[0,0],[40,3],[80,0],[120,6]]}"#

    @Test(
        "a name picks the same drawing as its position",
        arguments: [
            ("quickdraw-theo-marin.ndjson", "6021837462919169", "1"), ("quickdraw-theo-marin.ndjson", "signature", "0"),
            ("paths.json", "long", "1"), ("paths.json", "short", "0"),
        ])
    func picks(file: String, name: String, position: String) throws {
        let dir = TemporaryDirectory("signet-index-name")
        let input = file == "paths.json" ? dir.path("paths.json") : Self.quickdraw
        if file == "paths.json" { try Data(Self.paths.utf8).write(to: URL(fileURLWithPath: input)) }
        let byName = try ProcessRunner.signet(["render", input, "--index", name, "-o", dir.path("name.svg")])
        let byPosition = try ProcessRunner.signet([
            "render", input, "--index", position, "-o", dir.path("position.svg"),
        ])
        #expect(byName.status == 0 && byPosition.status == 0, "\(byName.stderr) \(byPosition.stderr)")
        let a = try Data(contentsOf: URL(fileURLWithPath: dir.path("name.svg")))
        let b = try Data(contentsOf: URL(fileURLWithPath: dir.path("position.svg")))
        #expect(a == b, "--index \(name) and --index \(position) drew different images")
        #expect(byName.stdoutText.replacingOccurrences(of: "name.svg", with: "position.svg") == byPosition.stdoutText)
    }

    @Test("an unknown name exits 2 with one line that lists the names and says how to pick")
    func unknown() throws {
        let dir = TemporaryDirectory("signet-index-unknown")
        let result = try ProcessRunner.signet(["render", Self.quickdraw, "--index", "dog", "-o", dir.path("out.png")])
        #expect(result.status == 2, "exit \(result.status): \(result.stderr)")
        #expect(
            result.stderr == "signet render: \(Self.quickdraw) has no record with the key_id or word 'dog'; "
                + "its words are 'signature'; change --index to one of them, or give --index N (from 0).\n")
        #expect(!FileManager.default.fileExists(atPath: dir.path("out.png")), "nothing written")
    }

    @Test("a name for a format without names, and a negative position, are refused (exit 2)")
    func refused() throws {
        let dir = TemporaryDirectory("signet-index-refused")
        let amelia = Corpus.packageRoot.appendingPathComponent("SampleStrokes/signet-amelia-reyes.json").path
        let named = try ProcessRunner.signet(["render", amelia, "--index", "first", "-o", dir.path("a.png")])
        #expect(named.status == 2, "\(named.stderr)")
        #expect(
            named.stderr == "signet render: \(amelia) holds one drawing, and its format does not name drawings, "
                + "so there is none named 'first'; leave --index out.\n")
        let negative = try ProcessRunner.signet(["render", Self.quickdraw, "--index", "-1", "-o", dir.path("b.png")])
        #expect(negative.status == 2 && negative.stderr.contains("--index must be between 0 and"), "\(negative.stderr)")
    }
}
