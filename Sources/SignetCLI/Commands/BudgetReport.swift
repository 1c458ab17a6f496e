import Signet

/// The `--json` object and the human line for one budgeted image.
struct BudgetReport: Encodable {
    let input: String
    /// Where the image was written; nil when it stayed in memory (`signet pipeline` without --save-image).
    let output: String?
    let format: String
    let quality: Int?
    /// "4:2:0", "4:4:4" or "gray" for JPEG; null for PNG.
    let subsampling: String?
    /// How the pixels are stored: the JPEG subsampling or the PNG color type.
    let layout: String
    let progressive: Bool
    let width: Int
    let height: Int
    let bytes: Int
    let budget: Int
    let encodes: Int
    let probeEncodes: Int
    let resized: Bool
    /// Luma SSIM at the original size.
    let ssim: Double
    /// The budget's score (`BudgetResult.colorSSIM`): luma and chroma SSIM less 0.01 × the mean
    /// colour difference ΔE, what the choice ranked by. `score` in the JSON, and again as
    /// `color_ssim`, the key's name before the ΔE term, kept for scripts that read it.
    let score: Double
    /// The size with the second-best score at the original size, or the size ruled out by
    /// its row-sample estimate (`estimated`, `bytes` null); null when no other size was considered.
    let runnerUp: RunnerUp?
    /// The input file already fit in the format asked for and was written unchanged.
    let keptInput: Bool
    let reason: String

    /// `runner_up` in the JSON.
    struct RunnerUp: Encodable {
        let width: Int
        let height: Int
        let quality: Int?
        let bytes: Int?
        let ssim: Double
        let score: Double
        let estimated: Bool

        /// Every key is always present (`bytes` null for an estimate).
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(width, forKey: .width)
            try c.encode(height, forKey: .height)
            try c.encode(quality, forKey: .quality)
            try c.encode(bytes, forKey: .bytes)
            try c.encode(ssim, forKey: .ssim)
            try c.encode(score, forKey: .score)
            try c.encode(score, forKey: .colorSSIM)
            try c.encode(estimated, forKey: .estimated)
        }

        enum CodingKeys: String, CodingKey {
            case width, height, quality, bytes, ssim, score
            case colorSSIM = "color_ssim"
            case estimated
        }
    }

    enum CodingKeys: String, CodingKey {
        case input, output, format, quality, subsampling, layout, progressive, width, height, bytes, budget, encodes
        case probeEncodes = "probe_encodes"
        case resized, ssim, score
        case colorSSIM = "color_ssim"
        case runnerUp = "runner_up"
        case keptInput = "kept_input"
        case reason
    }

    /// Every key is always present; `quality` and `subsampling` are null for PNG.
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(input, forKey: .input)
        try c.encode(output, forKey: .output)
        try c.encode(format, forKey: .format)
        try c.encode(quality, forKey: .quality)
        try c.encode(subsampling, forKey: .subsampling)
        try c.encode(layout, forKey: .layout)
        try c.encode(progressive, forKey: .progressive)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encode(bytes, forKey: .bytes)
        try c.encode(budget, forKey: .budget)
        try c.encode(encodes, forKey: .encodes)
        try c.encode(probeEncodes, forKey: .probeEncodes)
        try c.encode(resized, forKey: .resized)
        try c.encode(ssim, forKey: .ssim)
        try c.encode(score, forKey: .score)
        try c.encode(score, forKey: .colorSSIM)
        try c.encode(runnerUp, forKey: .runnerUp)
        try c.encode(keptInput, forKey: .keptInput)
        try c.encode(reason, forKey: .reason)
    }

    init(input: String, output: String?, result: BudgetResult) {
        self.input = input
        self.output = output
        format = result.format.rawValue
        quality = result.quality
        subsampling = result.format == .jpeg ? result.layout : nil
        layout = result.layout
        progressive = result.progressive
        width = result.width
        height = result.height
        bytes = result.bytes.count
        budget = result.budget
        encodes = result.encodes
        probeEncodes = result.probeEncodes
        resized = result.resized
        ssim = Self.rounded(result.ssim)
        score = Self.rounded(result.colorSSIM)
        runnerUp = result.runnerUp.map {
            RunnerUp(
                width: $0.width, height: $0.height, quality: $0.quality, bytes: $0.bytes, ssim: Self.rounded($0.ssim),
                score: Self.rounded($0.colorSSIM), estimated: $0.isEstimate)
        }
        keptInput = result.keptInput
        reason = result.reason
    }

    /// SSIM to 5 decimals, as reported.
    private static func rounded(_ ssim: Double) -> Double { (ssim * 100_000).rounded() / 100_000 }

    /// `0.97120`: five decimals, always.
    private static func text(_ ssim: Double) -> String {
        let scaled = Int((ssim * 100_000).rounded())
        let fraction = String(scaled % 100_000)
        return "\(scaled / 100_000)." + String(repeating: "0", count: 5 - fraction.count) + fraction
    }

    /// `photo.jpg: JPEG 1051×701 q45 4:2:0, 99812 of 102400 bytes, SSIM 0.97120 (score 0.95410;
    /// 7 encodes; runner-up 1486×991 q30 SSIM 0.96500 (score 0.94800)); why…` (the runner-up
    /// only when there is one; an estimate reads `SSIM ≈0.96500 (score ≈0.94800) on a row sample`)
    var line: String {
        let name = output.map { StreamName.output($0) } ?? "the image"
        if keptInput {
            return "\(name): \(format.uppercased()) \(width)×\(height) \(layout), \(bytes) of \(budget) bytes; "
                + "\(reason)."
        }
        let what =
            format == "jpeg"
            ? "JPEG \(width)×\(height) q\(quality ?? 0) \(layout)\(progressive ? " progressive" : "")"
            : "PNG \(width)×\(height) \(layout)"
        let runner = runnerUp.map {
            "; runner-up \($0.width)×\($0.height)\($0.quality.map { " q\($0)" } ?? "") SSIM "
                + ($0.estimated
                    ? "≈\(Self.text($0.ssim)) (score ≈\(Self.text($0.score))) on a row sample"
                    : "\(Self.text($0.ssim)) (score \(Self.text($0.score)))")
        }
        return
            "\(name): \(what), \(bytes) of \(budget) bytes, SSIM \(Self.text(ssim)) (score \(Self.text(score)); \(encodes) encodes\(runner ?? "")); \(reason)."
    }
}
