import Foundation
import SignetTestSupport
import Testing

/// `<signet-pad>` and `signet capture` in Debian's Chromium, headless, under Playwright: the Python
/// scripts in Tools/capture print one line per check and exit 1 when any failed (one browser
/// launch per script). They need `chromium` and `playwright` (`make test-deps` installs both).
@Suite(.serialized) struct CaptureBrowserTests {
    static let tools = Corpus.packageRoot.appendingPathComponent("Tools/capture")
    static let screenshot = Corpus.packageRoot.appendingPathComponent("docs/capture-pad.png")

    func runScript(
        _ name: String, _ extra: [String] = [], in work: TemporaryDirectory = TemporaryDirectory("signet-capture"),
        environment: [String: String] = [:]
    ) throws -> ProcessResult {
        let result = try ProcessRunner.run(
            "python3", [Self.tools.appendingPathComponent(name).path, ProcessRunner.signet, work.url.path] + extra,
            environment: environment.isEmpty ? nil : ProcessInfo.processInfo.environment.merging(environment) { $1 })
        print(result.stdoutText)
        #expect(result.status == 0, "\(name) failed:\n\(result.stdoutText)\n\(result.stderr)")
        return result
    }

    /// Every sample (pen, mouse, fingers), pressure and tilt, undo/clear, resize, palm rejection and
    /// the IoU of the live ink against `signet render`; the README's screenshot of the pad.
    @Test func padInChromium() throws {
        let update = ProcessInfo.processInfo.environment["SIGNET_UPDATE_SCREENSHOT"] == "1"
        let shot = TemporaryDirectory("signet-capture-shot")
        let path = update ? Self.screenshot.path : shot.path("capture-pad.png")
        let result = try runScript("test-pad.py", [path])
        if result.stdoutText.hasPrefix("skipped") { return }
        // The committed screenshot is the one this test takes (SIGNET_UPDATE_SCREENSHOT=1 rewrites it).
        let taken = try pngSize(path), committed = try pngSize(Self.screenshot.path)
        #expect(
            taken == committed,
            "docs/capture-pad.png is \(committed), the pad now shoots \(taken); rerun with SIGNET_UPDATE_SCREENSHOT=1")
    }

    /// The pad as a web page uses it: toDataURL (PNG, JPEG) and toSVG against the canvas, dot-size and
    /// background-color, the element in a form (FormData, submission, required, disabled, reset),
    /// signet-change's detail, and teardown (mounting and unmounting pads leaves no listener or observer).
    @Test func padAPIInChromium() throws {
        _ = try runScript("test-pad-api.py")
    }

    /// The pad from the keyboard and to assistive technology: Tab, the focus ring, Delete and
    /// Ctrl+Z / Backspace, the accessibility tree's role and name, an empty required pad's
    /// message in a form submitted from the keyboard (no "not focusable" console error), a
    /// <label>, disabled and read-only. (The capture pages get the same checks in the scripts below.)
    @Test func padKeyboardInChromium() throws {
        _ = try runScript("test-pad-keyboard.py")
    }

    /// `signet capture` end to end (the page from the keyboard too), the refusals, Ctrl-C and --timeout.
    @Test func captureCommand() throws {
        _ = try runScript("test-capture.py")
    }

    /// `signet capture --pdf` end to end: the page shows the box (and passes the keyboard checks), the signer draws, the output is
    /// stamped and signed (signet verify with the test root, pdfsig), the ink lies in the box as shown,
    /// on a /Rotate 90 page too; a box low on a long page is scrolled into a 1000 × 800 window with
    /// Done; the refusals hold and nothing is written before Done.
    @Test func capturePDFCommand() throws {
        let work = TemporaryDirectory("signet-capture-pdf")
        let pdf = try TestPDF.write(to: work.path("contract.pdf"), rotations: [0, 90])
        let long = try TestPDF.write(to: work.path("long.pdf"), mediaBox: [0, 0, 612, 2400])
        let pki = TestPKI.shared
        _ = try runScript(
            "test-capture-pdf.py", [pdf, pki.rsaP12, pki.rootCert, long], in: work,
            environment: ["SIGNET_TEST_P12_PASSWORD": TestPKI.password])
    }

    private func pngSize(_ path: String) throws -> [UInt32] {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(24))
        guard bytes.count == 24 else { return [] }
        return [16, 20].map { i in bytes[i..<(i + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
    }
}
