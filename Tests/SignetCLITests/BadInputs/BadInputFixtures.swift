import Foundation
import SignetCodecs
import SignetTestSupport

/// The generated inputs the cases start from: good files (to misuse) and broken ones, made the
/// same way in every run, without the corpus.
enum BadInputFixtures {
    /// The password of `encryptedPDF` (user) and one that opens nothing.
    static let pdfPassword = "open-sesame-7"
    static let wrongPassword = "not-the-password-42"

    // MARK: strokes and images

    static func strokes(_ name: String = "IN.json") -> Fixture { .text(name, RenderCLITests.signature) }

    static func png(_ name: String) -> Fixture { .bytes(name) { try seal() } }

    static func truncatedPNG(_ name: String) -> Fixture {
        .bytes(name) {
            let b = try seal(); return Array(b.prefix(b.count / 3))
        }
    }

    static func jpeg(_ name: String) -> Fixture { .bytes(name) { try photo() } }

    static func truncatedJPEG(_ name: String) -> Fixture {
        .bytes(name) {
            let b = try photo(); return Array(b.prefix(b.count / 2))
        }
    }

    /// A JPEG whose header claims 60000×60000 pixels.
    static func hugeJPEG(_ name: String) -> Fixture {
        .bytes(name) { CompressCLITests.forgedSize(try photo(), width: 60_000, height: 60_000) }
    }

    /// The asymmetric test stamp, 60×20 pixels.
    static func stamp(_ name: String = "stamp.png") -> Fixture { .bytes(name) { TestStamp.png(width: 60, height: 20) } }

    private static func seal() throws -> [UInt8] { try PNGEncoder.encode(TestImages.seal(size: 120)) }

    private static func photo() throws -> [UInt8] {
        try JPEGCodec.encode(TestImages.photo(width: 320, height: 240), options: JPEGEncodeOptions(quality: 90))
    }

    // MARK: PDFs

    /// One Letter page with a line of text.
    static func pdf(_ name: String = "IN.pdf") -> Fixture { Fixture(name: name) { try TestPDF.write(to: $0) } }

    static func truncatedPDF(_ name: String) -> Fixture {
        Fixture(name: name) { path in
            let bytes = TestPDF.bytes()
            try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: path))
        }
    }

    /// A good PDF with 40 bytes inserted after the header: every cross-reference offset is wrong,
    /// so qpdf has to reconstruct the table.
    static func brokenXrefPDF(_ name: String) -> Fixture {
        Fixture(name: name) { path in
            let bytes = TestPDF.bytes()
            let headerEnd = bytes.firstIndex(of: 0x0A)! + 1
            let shifted =
                bytes[..<headerEnd] + Array(("%" + String(repeating: "x", count: 38) + "\n").utf8) + bytes[headerEnd...]
            try Data(shifted).write(to: URL(fileURLWithPath: path))
        }
    }

    /// Two pages in /Kids, the second a reference to an object that does not exist.
    static func missingPagePDF(_ name: String) -> Fixture { .bytes(name) { MissingPagePDF.bytes } }

    /// A page whose graphics state defines its fill opacity twice (`/ca 1 /ca 0`): it reads two ways.
    static func twoWaysPDF(_ name: String) -> Fixture { .bytes(name) { SealedEvidenceCLITests.ambiguousPDF() } }

    /// AES-256 (R6) encrypted with `pdfPassword` as the user password, by qpdf.
    static func encryptedPDF(_ name: String) -> Fixture {
        Fixture(name: name) { path in
            let plain = try TestPDF.write(to: path + ".plain")
            defer { try? FileManager.default.removeItem(atPath: plain) }
            let r = try ProcessRunner.run(
                "qpdf", ["--encrypt", pdfPassword, "owner-\(pdfPassword)", "256", "--", plain, path])
            guard r.status == 0 else { throw ToolFailure("qpdf --encrypt exited \(r.status): \(r.stderr)") }
        }
    }

    /// A PDF signed by the test PKI's RSA signer (invisible signature), by `signet sign`.
    static func signedPDF(_ name: String) -> Fixture { Fixture(name: name) { try sign(into: $0) } }

    /// A signed PDF without its last line, `%%EOF`: an unsigned one would be stamped or signed
    /// as a repaired copy, which would break the signature.
    static func signedWithoutEOFPDF(_ name: String) -> Fixture {
        Fixture(name: name) { path in
            try sign(into: path)
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            try Data(bytes.dropLast("%%EOF\n".utf8.count)).write(to: URL(fileURLWithPath: path))
        }
    }

    /// A signed PDF with 40 bytes inserted after the header: qpdf reconstructs the table, so the
    /// file cannot take an update, and a repaired copy would break the signature.
    static func signedBrokenXrefPDF(_ name: String) -> Fixture {
        Fixture(name: name) { path in
            try sign(into: path)
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let headerEnd = bytes.firstIndex(of: 0x0A)! + 1
            let shifted =
                bytes[..<headerEnd] + Array(("%" + String(repeating: "x", count: 38) + "\n").utf8) + bytes[headerEnd...]
            try Data(shifted).write(to: URL(fileURLWithPath: path))
        }
    }

    /// A signed PDF with one byte of its page text changed afterwards.
    static func tamperedPDF(_ name: String) -> Fixture {
        Fixture(name: name) { path in
            try sign(into: path)
            var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let text = bytes.firstRange(of: Array("Signet test page".utf8))!
            bytes[text.lowerBound] ^= 0x01
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
    }

    /// A signed PDF with bytes appended after signing that are not a revision.
    static func appendedPDF(_ name: String) -> Fixture {
        Fixture(name: name) { path in
            try sign(into: path)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("% appended after signing\n".utf8))
        }
    }

    private static func sign(into path: String) throws {
        let plain = try TestPDF.write(to: path + ".unsigned")
        defer { try? FileManager.default.removeItem(atPath: plain) }
        let pki = TestPKI.shared
        let r = try ProcessRunner.signet(["sign", plain, "-o", path, "--key", pki.rsaKey, "--cert", pki.rsaCert])
        guard r.status == 0 else { throw ToolFailure("signet sign exited \(r.status): \(r.stderr)") }
    }

    // MARK: detached signatures

    /// The content the detached signatures below sign.
    static let contentText = "The parties agree to the terms above.\n"

    static func content(_ name: String) -> Fixture { .text(name, contentText) }

    /// A detached CMS signature of `contentText` by the test PKI's RSA signer, cut to `keep` bytes when given.
    static func detachedSignature(_ name: String, keep: Int? = nil) -> Fixture {
        Fixture(name: name) { path in
            let content = path + ".content"
            try Data(contentText.utf8).write(to: URL(fileURLWithPath: content))
            defer { try? FileManager.default.removeItem(atPath: content) }
            let pki = TestPKI.shared
            let r = try ProcessRunner.signet([
                "sign", content, "--detached", path, "--key", pki.rsaKey, "--cert", pki.rsaCert,
            ])
            guard r.status == 0 else { throw ToolFailure("signet sign --detached exited \(r.status): \(r.stderr)") }
            if let keep {
                try Data(contentsOf: URL(fileURLWithPath: path)).prefix(keep).write(to: URL(fileURLWithPath: path))
            }
        }
    }
}
