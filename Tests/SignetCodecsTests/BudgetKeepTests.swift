import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCodecs

/// A PNG or JPEG file that already fits in the format asked for is the result, unchanged.
struct BudgetKeepTests {
    static func png() throws -> [UInt8] { try PNGEncoder.encode(TestImages.seal(size: 200)) }
    static func jpeg() throws -> [UInt8] {
        try JPEGCodec.encode(TestImages.photo(width: 320, height: 240), options: JPEGEncodeOptions(quality: 90))
    }

    @Test(
        "kept when it fits in the format asked for (auto takes either), encoded otherwise",
        arguments: [
            ("png", BudgetFormat.png, true), ("png", .auto, true), ("png", .jpeg, false),
            ("jpeg", .jpeg, true), ("jpeg", .auto, true), ("jpeg", .png, false),
        ] as [(String, BudgetFormat, Bool)])
    func keeps(_ kind: String, _ format: BudgetFormat, _ kept: Bool) throws {
        let input = try kind == "png" ? Self.png() : Self.jpeg()
        let result = try BudgetFitter.fit(encoded: input, options: BudgetOptions(maxBytes: input.count, format: format))
        #expect(result.keptInput == kept, "\(kind) as \(format): \(result.reason)")
        #expect((result.bytes == input) == kept, "\(kind) as \(format): \(result.bytes.count) of \(input.count) bytes")
        #expect(result.bytes.count <= input.count)
        if kept {
            #expect(result.format.rawValue == kind && result.encodes == 0 && result.ssim == 1)
            #expect(result.reason == "kept the input: it already fits as a \(kind.uppercased())")
            #expect(result.width == (kind == "png" ? 200 : 320) && !result.resized)
        }
    }

    @Test("over the budget: encoded, never larger than the input of the same format")
    func overBudget() throws {
        for (input, format) in [(try Self.png(), BudgetFormat.png), (try Self.jpeg(), .jpeg)] {
            for budget in [input.count - 1, input.count * 2 / 3] {
                let result = try BudgetFitter.fit(
                    encoded: input, options: BudgetOptions(maxBytes: budget, format: format))
                #expect(!result.keptInput && result.bytes.count <= budget, "\(format) under \(budget)")
            }
        }
    }

    @Test("the options are checked before the input is kept")
    func validates() throws {
        #expect(throws: CodecError.self) {
            try BudgetFitter.fit(encoded: Self.png(), options: BudgetOptions(maxBytes: 1 << 20, minQuality: 0))
        }
    }
}
