import Foundation
import SignetCodecs
import Testing

/// Inputs the fuzzers found (`make fuzz`, Tools/Fuzz), kept byte for byte in `Reproducers/`:
/// each must end in one clear `CodecError`.
///
/// Both PNGs are 60-odd bytes whose text chunk claims 1–2 GB. libpng allocated a chunk's
/// claimed length before reading it, so decoding them allocated 1–2 GB (never touched, which is
/// why the error text was the same; libFuzzer's allocation limit caught it). The decoder now
/// skips every ancillary chunk but tRNS and pHYs unread. `make sanitize` runs this with
/// AddressSanitizer capping one allocation at 1 GiB, where the old decoder aborts.
@Suite("Fuzz reproducers: images")
struct ImageReproducerTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Reproducers")

    @Test(
        "each ends in one clear error",
        arguments: [
            (
                "png-text-2gb-claim.png",
                "the PNG data is corrupt or truncated (the data ends early); export the image again."
            ),
            (
                "png-ztxt-1gb-after-iccp.png",
                "the PNG data is corrupt or truncated (the data ends early); export the image again."
            ),
        ])
    func reproducer(_ file: String, _ message: String) throws {
        let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(file)))
        let error = #expect(throws: CodecError.self) { try ImageDecoder.decode(bytes) }
        #expect(error?.message == message)
    }

    @Test("skipping the ancillary chunks keeps what the pixels need: tRNS and pHYs")
    func keptChunks() throws {
        // A 2×1 palette image: entry 0 transparent through tRNS, 300 dpi in pHYs, and a zTXt
        // and an iCCP chunk that are now skipped unread.
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += PNGFixtures.rawChunk("IHDR", PNGFixtures.bigEndian(2) + PNGFixtures.bigEndian(1) + [8, 3, 0, 0, 0])
        png += PNGFixtures.rawChunk(
            "zTXt", Array("Comment".utf8) + [0, 0] + [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        png += PNGFixtures.rawChunk("iCCP", Array("icc".utf8) + [0, 0, 0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        png += PNGFixtures.rawChunk("PLTE", [255, 0, 0, 0, 0, 255])
        png += PNGFixtures.rawChunk("tRNS", [0])
        png += PNGFixtures.rawChunk("pHYs", PNGFixtures.bigEndian(11811) + PNGFixtures.bigEndian(11811) + [1])
        // zlib of one scanline: filter 0, indices 0 and 1 (stored block).
        png += PNGFixtures.rawChunk(
            "IDAT", [0x78, 0x01, 0x01, 0x03, 0x00, 0xFC, 0xFF, 0x00, 0x00, 0x01, 0x00, 0x04, 0x00, 0x02])
        png += PNGFixtures.rawChunk("IEND", [])
        let bitmap = try PNGDecoder.decode(png)
        #expect(bitmap.pixels == [255, 0, 0, 0, 0, 0, 255, 255])
        #expect(bitmap.dpi.map { ($0 * 10).rounded() / 10 } == 300)
    }
}
