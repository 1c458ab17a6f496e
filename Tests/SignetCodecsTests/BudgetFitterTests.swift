import Glibc
import SignetCore
import SignetRaster
import SignetTestSupport
import Testing

@testable import SignetCodecs

/// The budget is a hard limit, the chosen quality is the best that fits, and failures say so.
struct BudgetFitterTests {
    static let images: [(String, Bitmap)] = [
        ("signature", TestImages.signature(width: 600, height: 200)),
        ("seal", TestImages.seal(size: 300)),
        ("photo", TestImages.photo(width: 480, height: 360)),
        ("blue ink", TestImages.signature(width: 400, height: 150, ink: Color(red: 0.1, green: 0.15, blue: 0.55))),
    ]
    static let budgets = [1_500, 4_000, 12_000, 40_000, 150_000]

    /// The same image the fitter encoded: flattened, then downscaled to the result's size.
    static func reference(_ image: Bitmap, _ result: BudgetResult) -> Bitmap {
        image.flattened(onto: .white).downscaled(toWidth: result.width, height: result.height)
    }

    @Test("never over the budget; the quality is the largest that fits", arguments: 0..<images.count)
    func budgetAndOptimality(_ index: Int) throws {
        let (name, image) = Self.images[index]
        for budget in Self.budgets {
            let options = BudgetOptions(maxBytes: budget, format: .jpeg, minQuality: 10, minDimension: 8)
            let result = try BudgetFitter.fit(image, options: options)
            #expect(result.bytes.count <= budget, "\(name) at \(budget)")
            #expect(result.format == .jpeg && result.budget == budget)
            let info = try JPEGInfo(result.bytes)
            #expect(info.width == result.width && info.height == result.height)
            let quality = try #require(result.quality)
            // Optimal: one more quality step with the same layout would not fit.
            if quality < 100 {
                let next = try JPEGCodec.encode(
                    Self.reference(image, result),
                    options: JPEGEncodeOptions(
                        quality: quality + 1, subsampling: result.layout == "4:4:4" ? .none : .half,
                        progressive: result.progressive))
                #expect(next.count > budget, "\(name) at \(budget): quality \(quality + 1) gives \(next.count) bytes")
            }
            // At most 12 when a size on the ladder fits (BudgetChoiceTests); the tightest budgets here
            // fit none of them and shrink on, one encode per size, then search the quality at the last.
            #expect(result.encodes <= JPEGBudgetFit.maxEncodes + JPEGBudgetFit.encodesPerSize, "\(name) at \(budget)")
            #expect(result.ssim > 0.3 && result.ssim <= 1)
        }
    }

    @Test(
        "a larger budget never gives a lower quality at the same size, nor a visibly lower SSIM",
        arguments: 0..<images.count)
    func monotonic(_ index: Int) throws {
        let image = Self.images[index].1
        var previous: BudgetResult?
        for budget in stride(from: 3_000, through: 60_000, by: 3_000) {
            let result = try BudgetFitter.fit(
                image, options: BudgetOptions(maxBytes: budget, format: .jpeg, minQuality: 10))
            if let previous, previous.width == result.width, previous.layout == result.layout {
                #expect(result.quality! >= previous.quality!)
                #expect(result.bytes.count >= previous.bytes.count)
            }
            // The size is chosen by colour SSIM, so it may move either way; what the budget buys may not
            // fall by more than the benchmark's tolerance (0.005).
            if let previous {
                #expect(result.colorSSIM >= previous.colorSSIM - 0.005, "\(budget): \(result.colorSSIM)")
            }
            previous = result
        }
    }

    @Test("gray ink gives a 1-component JPEG; colored ink does not")
    func grayLayout() throws {
        let gray = try BudgetFitter.fit(Self.images[0].1, options: BudgetOptions(format: .jpeg))
        #expect(gray.layout == "gray")
        #expect(try JPEGInfo(gray.bytes).components == 1)
        let roomy = try BudgetFitter.fit(Self.images[0].1, options: BudgetOptions(maxBytes: 1_000_000, format: .jpeg))
        #expect(
            roomy.quality == 100 && roomy.encodes == 1, "a gray stamp that fits at the top quality takes one encode")
        let blue = try BudgetFitter.fit(Self.images[3].1, options: BudgetOptions(format: .jpeg))
        #expect(blue.layout != "gray")
        #expect(try JPEGInfo(blue.bytes).components == 3)
    }

    @Test("4:4:4 is kept only when it fits at the top quality")
    func subsamplingRule() throws {
        let seal = Self.images[1].1
        let roomy = try BudgetFitter.fit(seal, options: BudgetOptions(maxBytes: 1_000_000, format: .jpeg))
        #expect(roomy.layout == "4:4:4" && roomy.quality == 100 && roomy.encodes == 1)
        let tight = try BudgetFitter.fit(seal, options: BudgetOptions(maxBytes: 20_000, format: .jpeg))
        #expect(tight.layout == "4:2:0" && tight.quality! < 100)
    }

    @Test("once downscaled, the image keeps at least the resize quality")
    func resizeQuality() throws {
        let photo = TestImages.photo(width: 800, height: 600, noise: 20)
        // Half of what quality 1 needs at full size, so downscaling is certain.
        let budget =
            try [false, true].map {
                try JPEGCodec.encode(photo, options: JPEGEncodeOptions(quality: 1, progressive: $0)).count
            }.min()! / 2
        for aim in [10, 25, 60] {
            let result = try BudgetFitter.fit(
                photo, options: BudgetOptions(maxBytes: budget, format: .jpeg, resizeQuality: aim))
            #expect(result.resized)
            #expect(result.quality! >= aim && result.bytes.count <= budget)
        }
    }

    @Test("downscales when the lowest quality does not fit, and says so")
    func resizePath() throws {
        let photo = TestImages.photo(width: 800, height: 600, noise: 20)
        let result = try BudgetFitter.fit(photo, options: BudgetOptions(maxBytes: 8_000, format: .jpeg, minQuality: 30))
        #expect(result.resized && result.width < 800 && result.height < 600)
        #expect(result.quality! >= 30)
        #expect(abs(Double(result.width) / Double(result.height) - 800.0 / 600) < 0.02)
        #expect(result.bytes.count <= 8_000)
        #expect(result.reason.contains("downscaled from 800×600"))
    }

    @Test("an unreachable budget fails with exit 1 and names the smallest result")
    func unreachable() throws {
        let error = #expect(throws: CodecError.self) {
            try BudgetFitter.fit(Self.images[2].1, options: BudgetOptions(maxBytes: 300, format: .jpeg))
        }
        #expect(error?.kind == .failed)
        #expect(error?.message.contains("cannot fit 300 bytes") == true)
        // Downscaled sizes keep the resize quality (1 by default: no limit), so the last try is at 1.
        #expect(error?.message.contains("32 pixels at quality 1") == true)
    }

    @Test("--no-resize fails at full size instead of downscaling")
    func noResize() throws {
        let error = #expect(throws: CodecError.self) {
            try BudgetFitter.fit(
                Self.images[2].1,
                options: BudgetOptions(
                    maxBytes: 3_000, format: .jpeg, minQuality: 40, allowResize: false))
        }
        #expect(error?.message.contains("480×360 pixels") == true)
        #expect(error?.message.contains("BudgetOptions.allowResize") == true)
    }

    @Test(
        "impossible options are bad input",
        arguments: [
            BudgetOptions(maxBytes: 0), BudgetOptions(maxBytes: -5), BudgetOptions(minQuality: 0),
            BudgetOptions(minQuality: 80, maxQuality: 20), BudgetOptions(minDimension: 0), BudgetOptions(threads: 0),
            BudgetOptions(background: Color(red: 1, green: 1, blue: 1, alpha: 0.5)),
        ])
    func invalid(_ options: BudgetOptions) {
        let error = #expect(throws: CodecError.self) { try BudgetFitter.fit(Self.images[0].1, options: options) }
        #expect(error?.kind == .badInput)
    }

    @Test("large images are searched with a row sample and few full encodes")
    func sampledSearch() throws {
        let photo = TestImages.photo(width: 1600, height: 1200, noise: 6)
        let result = try BudgetFitter.fit(photo, options: BudgetOptions(maxBytes: 200_000, format: .jpeg))
        #expect(result.probeEncodes > 0)
        #expect(result.encodes <= 4)
        #expect(result.bytes.count <= 200_000 && !result.resized)
    }

    @Test(
        "the thread count changes nothing but speed: 1, 2 and 4 threads give the same bytes",
        arguments: 0..<images.count)
    func threads(_ index: Int) throws {
        let image = Self.images[index].1
        for format in [BudgetFormat.jpeg, .png] {
            let results = try [1, 2, 4].map {
                try BudgetFitter.fit(image, options: BudgetOptions(maxBytes: 6_000, format: format, threads: $0))
            }
            #expect(
                results.allSatisfy { $0.bytes == results[0].bytes && $0.ssim == results[0].ssim },
                "\(Self.images[index].0) \(format)")
        }
    }

    @Test("one thread: the whole search stays on the calling thread")
    func singleThread() throws {
        #expect(BudgetOptions().threads == 2 && BudgetOptions.defaultThreads == 2)
        var seen = Set<pthread_t>()
        _ = try Parallel.$threads.withValue(1) {
            try Parallel.map(Array(0..<8)) { _ in seen.insert(pthread_self()) }
        }
        #expect(seen.count == 1)
    }

    @Test(
        "a JPEG fit flattens its own copy: the caller's transparent bitmap keeps its alpha",
        arguments: [BudgetFormat.jpeg, .auto])
    func callerKeepsItsPixels(_ format: BudgetFormat) throws {
        let image = TestImages.signature(width: 600, height: 200)
        // A copy of the bytes in a buffer of its own (`image.pixels` itself would share the buffer).
        let before = image.pixels.map { $0 }
        #expect(!image.isOpaque)
        // 2,000 bytes: too few for a lossless PNG, so `auto` falls back to JPEG too.
        let result = try BudgetFitter.fit(image, options: BudgetOptions(maxBytes: 2_000, format: format))
        #expect(result.format == .jpeg, "\(format): \(result.reason)")
        #expect(byteDifference(image.pixels, before) == nil, "\(format): the caller's pixels changed")
    }
}
