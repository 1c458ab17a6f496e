import FuzzSupport
import Signet

/// Opening a PDF (qpdf plus our own reading of its cross-reference chain), `signet info`'s
/// report, and stamping a tiny image on page 1 with both writers.
@_cdecl("fuzz_pdf_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzz.run(argc, argv) { data, size in
        PDFFuzz.test(Fuzz.bytes(data, size))
        return 0
    }
}

enum PDFFuzz {
    static let scratch = ScratchFolder("signet-fuzz-pdf")
    /// 2×2 pixels, one of them half transparent (so the stamp carries an /SMask).
    static let stamp = StampArtwork.bitmap(
        Bitmap(
            width: 2, height: 2,
            pixels: [
                0, 0, 0, 255, 20, 40, 200, 128,
                255, 255, 255, 0, 0, 0, 0, 255,
            ]))

    static func test(_ bytes: [UInt8]) {
        let input = scratch.write(bytes, to: "input.pdf")
        Fuzz.expect("open and info", accepting: [PDFError.self]) {
            let info = try DocumentInfo(try PDFDocument(path: input))
            Fuzz.require(
                info.pageCount >= 0 && info.pages.count <= info.pageCount,
                "info: \(info.pageCount) pages, \(info.pages.count) listed")
        }
        for mode in [StampOptions.Mode.incremental, .rewrite] {
            let output = scratch.path + "/output.pdf"
            Fuzz.expect("stamp \(mode)", accepting: [PDFError.self]) {
                let options = StampOptions(pages: PageSelection("1"), mode: mode, breakSignatures: true)
                let report = try SignetAPI.stamp(pdfAt: input, with: stamp, options: options, to: output)
                Fuzz.require(report.pagesStamped == 1, "stamped \(report.pagesStamped) pages")
                let written = try InputFile.read(output, limit: bytes.count + (64 << 20))
                Fuzz.require(
                    written.starts(with: Array("%PDF-".utf8)) || mode == .incremental,
                    "a rewrite without a %PDF- header")
                // An incremental update only appends: the input's bytes come first, unchanged.
                Fuzz.require(
                    mode == .rewrite || written.starts(with: bytes), "an incremental update changed the input's bytes")
            }
            scratch.remove("output.pdf")
        }
    }
}
