import Signet

/// Inputs are never modified: an output that names one of the command's input files (the same
/// file by device and inode, whatever the path) is refused before anything is read or written.
/// Without this, `signet preview IN.pdf -o IN.pdf` would replace the PDF with a PNG.
package enum OutputGuard {
    /// Throws a usage error for the first output in `outputs` that is one of `inputs`.
    package static func refuseOverwriting(_ inputs: [String], with outputs: [String], command: String) throws {
        let taken = Dictionary(
            inputs.compactMap { p in FileIdentity(path: p).map { ($0, p) } }, uniquingKeysWith: { a, _ in a })
        for output in outputs {
            if let id = FileIdentity(path: output), let input = taken[id] {
                let which = output == input ? "is the input itself" : "is the same file as the input \(input)"
                throw UsageError(
                    command, "the output \(output) \(which); inputs are never overwritten, choose another output name")
            }
        }
    }
}
