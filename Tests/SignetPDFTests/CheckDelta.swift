import Foundation
import SignetTestSupport

/// What `qpdf --check` says about an output that it did not already say about the input.
enum CheckDelta {
    /// Warning and error lines of the output's check that the input's check does not have
    /// (file names removed); the output must not be worse than its input.
    static func newProblems(input: String, output: String, password: String? = nil) throws -> [String] {
        let before = try QPDFTool.check(input, password: password)
        let after = try QPDFTool.check(output, password: password)
        if after.status == 2 && before.status != 2 { return ["qpdf --check found errors: " + after.output.prefix(400)] }
        let old = Set(lines(before.output))
        return lines(after.output).filter { !old.contains($0) }
    }

    /// `WARNING:` lines and qpdf's error lines, without the file name, and with numbers (object
    /// numbers and offsets, which a rewrite changes) replaced by `#`.
    static func lines(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init)
            .filter {
                $0.hasPrefix("WARNING") || $0.hasPrefix("ERROR") || $0.hasPrefix("qpdf:") && !$0.contains("succeeded")
            }
            .map {
                $0.replacingOccurrences(of: #"^(WARNING|ERROR): .*?\.pdf"#, with: "$1", options: .regularExpression)
                    .replacingOccurrences(of: #"[0-9]+"#, with: "#", options: .regularExpression)
            }
    }
}
