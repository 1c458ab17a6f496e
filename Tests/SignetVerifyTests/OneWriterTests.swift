import Foundation
import SignetTestSupport
import Testing

/// The verdict has one writer: reports are made only by `Judge`, and no property of a report can
/// change once it is made. These read the sources, so a later patch of a verdict fails here.
@Suite("Verdict: one writer")
struct OneWriterTests {
    static let verify = "Sources/SignetVerify"

    static func sources(_ folder: String) throws -> [(name: String, text: String)] {
        let root = Corpus.packageRoot.path + "/" + folder
        return try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasSuffix(".swift") }.sorted()
            .map { ($0, try String(contentsOfFile: root + "/" + $0, encoding: .utf8)) }
    }

    @Test("every stored property of the reports is a constant", arguments: ["SignatureReport", "VerificationReport"])
    func constants(_ type: String) throws {
        let text = try String(
            contentsOfFile: "\(Corpus.packageRoot.path)/\(Self.verify)/\(type).swift", encoding: .utf8)
        let after = try #require(text.components(separatedBy: "public struct \(type):").last)
        let body = try #require(after.components(separatedBy: "\n}\n").first)
        let stored = body.split(separator: "\n").filter {
            $0.hasPrefix("    public var ") || $0.hasPrefix("    package var ") || $0.hasPrefix("    var ")
        }
        .filter { !$0.contains("{") }
        #expect(stored.isEmpty, "stored var properties in \(type): \(stored)")
    }

    @Test("reports are made in Judge.swift only, and nothing assigns a verdict")
    func oneMaker() throws {
        var makers: [String] = []
        var assignments: [String] = []
        for folder in [
            "Sources/SignetVerify", "Sources/Signet", "Sources/SignetCLI/Commands", "Sources/SignetPDFSigning/PDF",
        ] {
            for (name, text) in try Self.sources(folder) {
                for line in text.split(separator: "\n") {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    guard !code.hasPrefix("//") else { continue }
                    if code.contains("SignatureReport(") || code.contains("VerificationReport(") {
                        makers.append("\(name): \(code)")
                    }
                    if code.range(
                        of: #"\.(valid|verdict|intactButUntrusted|integrity|permitted|padesLevel)\s*=[^=]"#,
                        options: .regularExpression) != nil
                    {
                        assignments.append("\(name): \(code)")
                    }
                }
            }
        }
        #expect(makers.allSatisfy { $0.hasPrefix("Judge.swift:") }, "\(makers)")
        #expect(!makers.isEmpty, "Judge.swift makes the reports")
        #expect(assignments.isEmpty, "\(assignments)")
    }
}
