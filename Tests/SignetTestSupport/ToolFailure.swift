/// An independent checker (pdftoppm, qpdf, pdftotext, pdfsig, pdfinfo) failed or printed
/// something the test support could not read.
package struct ToolFailure: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) { self.description = description }

    /// Runs `tool` and returns its result, or throws when it exits with a status not in `accepted`.
    static func run(_ tool: String, _ arguments: [String], accepted: Set<Int32> = [0]) throws -> ProcessResult {
        let result = try ProcessRunner.run(tool, arguments)
        guard accepted.contains(result.status) else {
            throw ToolFailure(
                "\(tool) \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr.prefix(400))")
        }
        return result
    }
}
