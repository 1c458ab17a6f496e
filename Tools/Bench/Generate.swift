import Foundation

/// Writes `count` generated signatures as `sig00000.json`… (Signet JSON, compact points).
enum Generate {
    static func run(count: Int, seed: UInt64, into folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var generator = SignatureGenerator(seed: seed)
        var points = 0
        for i in 0..<count {
            let drawing = generator.next()
            points += drawing.sampleCount
            let name = "sig" + String(repeating: "0", count: max(0, 5 - String(i).count)) + String(i) + ".json"
            try Data(SignetJSON.encode(drawing).utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        print("\(count) signatures, \(points / count) points each on average, in \(folder)")
    }
}
