import Testing
import Foundation
@testable import SignetPDF
import SignetRaster
import SignetTestSupport

func testBitmap() -> Bitmap {
    let w = 300, h = 100
    var px = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h { for x in 0..<w {
        let i = (y * w + x) * 4
        var c: [UInt8] = [0, 0, 0, 0]
        if x < 4 || y < 4 || x >= w - 4 || y >= h - 4 { c = [0, 128, 0, 255] }
        else if x < 80 && y < 40 { c = [255, 0, 0, 255] }
        else if x > 220 && y > 60 { c = [0, 0, 255, 255] }
        px[i] = c[0]; px[i+1] = c[1]; px[i+2] = c[2]; px[i+3] = c[3]
    } }
    return Bitmap(width: w, height: h, pixels: px)
}

@Test func scratchStamp() throws {
    let files = ["qpdf/boxes.pdf", "qpdf/minimal.pdf", "node-signpdf/signed-twice.pdf", "qpdf/digitally-signed.pdf", "pdf20examples/PDF_2.0_with_offset_start.pdf", "qpdf/hybrid-xref.pdf", "pdfjs/issue16278.pdf", "qpdf/fxo-blue.pdf"]
    try? FileManager.default.createDirectory(atPath: "/tmp/exp/out", withIntermediateDirectories: true)
    for f in files {
        for mode in [StampOptions.Mode.automatic, .incremental] {
            let out = "/tmp/exp/out/" + f.replacingOccurrences(of: "/", with: "_") + "-\(mode.rawValue).pdf"
            do {
                let r = try Stamper.stamp(input: Corpus.path("pdfs/" + f), artwork: .bitmap(testBitmap()), options: StampOptions(pages: .all, placement: StampPlacement(at: .init(x: 10, y: 10), width: 30, units: .percent), mode: mode), output: out)
                print("OK \(f) \(r.mode) added=\(r.bytesAdded) \(r.warnings)")
            } catch let e as PDFError { print("ERR \(f) \(mode): \(e.message)") }
        }
    }
}
