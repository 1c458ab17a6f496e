import SignetTestSupport
import Testing

/// The pad's ink math without a browser: `node --test Capture/test` (widths, smoothing, the
/// outline's pieces and SVG path data, the live stroke, the stroke JSON). Needs Debian's `nodejs`
/// (`make test-deps` installs it).
@Suite struct CaptureInkUnitTests {
    @Test func nodeUnitTestsPass() throws {
        try #require(ProcessRunner.hasTool("node"), "no node on PATH: install Debian's nodejs (make test-deps)")
        let root = Corpus.packageRoot.path
        let result = try ProcessRunner.run("node", ["--test", "Capture/test/"], currentDirectory: root)
        let output = result.stdoutText + result.stderr
        #expect(result.status == 0, "node --test Capture/test/ failed:\n\(output)")
        #expect(output.contains("# fail 0"), "node --test printed no `# fail 0`:\n\(output)")
    }
}
