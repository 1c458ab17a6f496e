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
    let ssim: Double
    let reason: String

    enum CodingKeys: String, CodingKey {
        case input, output, format, quality, subsampling, layout, progressive, width, height, bytes, budget, encodes
        case probeEncodes = "probe_encodes"
        case resized, ssim, reason
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
        ssim = (result.ssim * 100_000).rounded() / 100_000
        reason = result.reason
    }

    /// `seal.jpg: JPEG 1600×1600 q27 4:2:0, 99812 of 102400 bytes, SSIM 0.97120 (3 encodes); why…`
    var line: String {
        let name = output.map { StreamName.output($0) } ?? "the image"
        let what =
            format == "jpeg"
            ? "JPEG \(width)×\(height) q\(quality ?? 0) \(layout)\(progressive ? " progressive" : "")"
            : "PNG \(width)×\(height) \(layout)"
        let scaled = Int((ssim * 100_000).rounded())
        let fraction = String(scaled % 100_000)
        let ssimText = "\(scaled / 100_000)." + String(repeating: "0", count: 5 - fraction.count) + fraction
        return "\(name): \(what), \(bytes) of \(budget) bytes, SSIM \(ssimText) (\(encodes) encodes); \(reason)."
    }
}
