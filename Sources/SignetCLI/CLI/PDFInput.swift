import Signet

/// The PDF named on the command line: a path, or `-` for standard input, which is copied to a
/// temporary file first (qpdf and the incremental writer need a file to seek in). Errors name
/// the input as the user gave it.
struct PDFInput {
    /// As given: a path or `-`.
    let name: String
    /// A readable file holding the PDF.
    let path: String
    private let spool: SpooledInput?

    /// Standard input is accepted up to this size.
    static let stdinLimit = 1 << 34

    init(_ name: String) throws {
        self.name = name
        if name == "-" {
            let spool = try SpooledInput(limit: Self.stdinLimit)
            self.spool = spool
            path = spool.path
        } else {
            spool = nil
            path = name
        }
    }

    /// Runs `body` with the readable path. Whatever stage fails on it (reading, stamping, signing,
    /// verifying, a file error), its error names the input as the user gave it: standard input's
    /// temporary copy is a name that means nothing to the user, so no message names it.
    func open<T>(_ body: (String) throws -> T) throws -> T {
        do { return try body(path) } catch let error as any RenamableError { throw named(error) }
    }

    /// `error` with the spooled path in its context replaced by the input's name.
    private func named<E: RenamableError>(_ error: E) -> E {
        guard path != name, let context = error.context, context.contains(path) else { return error }
        return error.naming(context.replacing(path, with: StreamName.input(name)))
    }
}
