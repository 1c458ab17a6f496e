import Signet

/// Inputs are never modified: an output that is one of the inputs (the same file by any path)
/// is refused before anything is read or written.
enum InputProtection {
    static func refuseOverwriting(_ inputs: [String], with outputs: [String], command: String) throws {
        let taken = Dictionary(inputs.compactMap { p in FileIdentity(path: p).map { ($0, p) } }, uniquingKeysWith: { a, _ in a })
        for output in outputs {
            if let id = FileIdentity(path: output), let input = taken[id] {
                throw UsageError(command, "\(output) is the input \(input); inputs are never overwritten, choose another output name")
            }
        }
    }
}
