import Foundation
import SignetCodecs
import SignetTestSupport
import Testing

/// Inputs that claim far more than they hold, run through the real CLI: exit 2, one clear
/// sentence, no output left, quickly and in bounded memory.
@Suite("Resource limits through the CLI")
struct LimitCLITests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var command: String
        /// Writes the input(s) into the folder; returns the arguments after the command name.
        var arguments: @Sendable (TemporaryDirectory) throws -> [String]
        var message: String
        var testDescription: String { label }
    }

    static func pdf(_ bytes: @escaping @Sendable () -> [UInt8]) -> @Sendable (TemporaryDirectory) throws -> [String] {
        { dir in
            [
                dir.write("in.pdf", bytes: bytes()), "-o", dir.path("out.pdf"), "--image",
                dir.write("s.png", bytes: TestStamp.png(width: 60, height: 20)),
            ]
        }
    }

    static func stampImage(
        _ image: @escaping @Sendable () throws -> [UInt8]
    ) -> @Sendable (TemporaryDirectory) throws -> [String] {
        { dir in
            [
                dir.write("in.pdf", bytes: GeometryFixture.document(pageCount: 1)), "-o", dir.path("out.pdf"),
                "--image", dir.write("stamp.jpg", bytes: try image()),
            ]
        }
    }

    static func photo() throws -> [UInt8] {
        try JPEGCodec.encode(TestImages.photo(width: 200, height: 100), options: JPEGEncodeOptions(quality: 90))
    }

    /// A sparse file of `bytes` zero bytes (no disk space used): big enough for a size limit.
    static func sparse(_ dir: TemporaryDirectory, _ name: String, bytes: Int) throws -> String {
        let path = dir.write(name, bytes: [])
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(bytes))
        try handle.close()
        return path
    }

    static let cases: [Case] = [
        Case(
            label: "page content that inflates to 300 MiB", command: "stamp",
            arguments: pdf { HostilePDFs.flateBomb(mebibytes: 300) },
            message:
                "page 1 of in.pdf: its content streams decode to more than 256 MiB, far beyond any real page (a decompression bomb?); check that this is the right file."
        ),
        Case(
            label: "a page tree 50,000 levels deep", command: "stamp",
            arguments: pdf { HostilePDFs.chain(depth: 50_000) },
            message:
                "in.pdf: the page tree is broken (it is more than 256 levels deep); the file is broken, re-save it with a PDF reader."
        ),
        Case(
            label: "a JPEG stamp claiming 60000×60000 pixels", command: "stamp",
            arguments: stampImage { CompressCLITests.forgedSize(try photo(), width: 60_000, height: 60_000) },
            message:
                "stamp.jpg: the image is 60000×60000 pixels, over the limit of 60000000 pixels; raise --max-pixels or use a smaller image."
        ),
        Case(
            label: "a truncated JPEG stamp", command: "stamp",
            arguments: stampImage { Array(try photo().dropLast(400)) },
            message:
                "stamp.jpg: the JPEG data is corrupt or truncated (Premature end of JPEG file); export the image again."
        ),
        Case(
            label: "verifying 1,001 signatures", command: "verify",
            arguments: { dir in [dir.write("in.pdf", bytes: HostilePDFs.signatureFields(1001))] },
            message:
                "in.pdf: holds 1001 signatures, over the limit of 1000 for one verification (each one hashes up to the whole file); check that this is the right file."
        ),
        Case(
            label: "a stroke file over 16 MiB", command: "render",
            arguments: { dir in [try sparse(dir, "big.json", bytes: (16 << 20) + 1), "-o", dir.path("out.png")] },
            message:
                "big.json: larger than the 16777216-byte limit for this kind of input; check that it is the right file."
        ),
        Case(
            label: "an image to compress over 256 MiB", command: "compress",
            arguments: { dir in [try sparse(dir, "big.png", bytes: (256 << 20) + 1), "-o", dir.path("out.jpg")] },
            message:
                "big.png: larger than the 268435456-byte limit for this kind of input; check that it is the right file."
        ),
        Case(
            label: "a stamp image over 64 MiB", command: "stamp",
            arguments: { dir in
                [
                    dir.write("in.pdf", bytes: GeometryFixture.document(pageCount: 1)), "-o", dir.path("out.pdf"),
                    "--image", try sparse(dir, "big.png", bytes: (64 << 20) + 1),
                ]
            },
            message:
                "big.png: larger than the 67108864-byte limit for this kind of input; check that it is the right file."),
        Case(
            label: "a PKCS#12 bundle over 4 MiB", command: "sign",
            arguments: { dir in
                [
                    dir.write("in.pdf", bytes: GeometryFixture.document(pageCount: 1)), "-o", dir.path("out.pdf"),
                    "--p12", try sparse(dir, "big.p12", bytes: (4 << 20) + 1),
                ]
            },
            message:
                "big.p12: larger than the 4194304-byte limit for this kind of input; check that it is the right file."),
        Case(
            label: "a detached signature over 16 MiB", command: "verify",
            arguments: { dir in
                [dir.write("in.txt", "signed text\n"), "--p7s", try sparse(dir, "big.p7s", bytes: (16 << 20) + 1)]
            },
            message:
                "big.p7s: larger than the 16777216-byte limit for this kind of input; check that it is the right file."),
        Case(
            label: "a password file over 4096 bytes", command: "stamp",
            arguments: { dir in
                try pdf { GeometryFixture.document(pageCount: 1) }(dir) + [
                    "--password-file", try sparse(dir, "pw.txt", bytes: 4097),
                ]
            },
            message: "pw.txt: larger than the 4096-byte limit for this kind of input; check that it is the right file."),
    ]

    @Test("exit 2, one sentence, nothing written", arguments: cases)
    func refused(_ c: Case) throws {
        let dir = TemporaryDirectory("limits-cli")
        let arguments = try c.arguments(dir)
        let files = dir.contents()
        let r = try ProcessRunner.signet([c.command] + arguments)
        let folder = String(dir.path("x").dropLast())
        #expect(CLIRefusal.problems(r, command: c.command, message: "", folder: dir, before: files) == [])
        #expect(r.stderr.replacingOccurrences(of: folder, with: "") == "signet \(c.command): \(c.message)\n")
    }
}
