import Foundation
import SignetTestSupport
import Testing

/// A `/ByteRange` whose numbers overflow 64-bit arithmetic, or are reals far beyond any integer,
/// through the real CLI: `verify` finds the signature not valid, `info` and `stamp` read the file
/// as they read any signed one; none of them traps.
@Suite("CLI: ByteRanges that overflow")
struct NumberOverflowCLITests {
    struct Case: Sendable, CustomTestStringConvertible {
        var command: String
        var byteRange: String
        var testDescription: String { "\(command) \(byteRange)" }
    }

    static let byteRanges = [
        "[0 9223372036854775807 9223372036854775807 10]", "[0 10 9223372036854775807 9223372036854775807]",
        "[0 1e300 20 30]", "[0 10 20 1e300]", "[0 10 20 99999999999999999999999.0]",
    ]
    static let cases = ["verify", "info", "stamp"].flatMap { c in byteRanges.map { Case(command: c, byteRange: $0) } }

    @Test("verify, info and stamp answer, never trap", arguments: cases)
    func answers(_ c: Case) throws {
        let dir = TemporaryDirectory("cli-byterange")
        let input = dir.write("in.pdf", bytes: HostilePDFs.signatureFields(1, byteRange: c.byteRange))
        var arguments = [c.command, input]
        if c.command == "stamp" {
            arguments += [
                "-o", dir.path("out.pdf"), "--image", dir.write("s.png", bytes: TestStamp.png(width: 60, height: 20)),
            ]
        }
        let result = try ProcessRunner.signet(arguments)
        #expect(!result.signalled, "ended by signal \(result.status): \(result.stderr.suffix(500))")
        // verify: 3, not valid, with the reason; info and stamp read the file as any signed one,
        // except that stamp refuses a number written with an exponent, which poppler reads as
        // another number and a stray token: the signature dictionary reads two ways.
        let twoWays = c.command == "stamp" && c.byteRange.contains("e300")
        let expected: Int32 = c.command == "verify" ? 3 : twoWays ? 2 : 0
        #expect(result.status == expected, "exit \(result.status), expected \(expected): \(result.stderr.suffix(500))")
        if twoWays {
            #expect(result.stderr.contains("reads two ways (poppler and qpdf resolve object"), "\(result.stderr)")
        }
        if c.command == "verify" {
            #expect(result.stdoutText.contains("ByteRange"), "the verdict names the ByteRange: \(result.stdoutText)")
        }
    }
}
