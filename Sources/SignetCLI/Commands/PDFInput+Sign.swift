import Signet

extension PDFInput {
    /// Like `open`, and errors from signing or verifying name the input as the user gave it too
    /// (standard input is spooled to a temporary file whose name means nothing to the user).
    func openForSigning<T>(_ body: (String) throws -> T) throws -> T {
        do {
            return try open(body)
        } catch let error as SignError {
            throw named(error)
        } catch let error as PDFSignError {
            throw named(error)
        } catch let error as FileError where error.context == path {
            throw FileError(name, error.reason)
        }
    }

    /// `error` with the spooled path in its context replaced by the input's name.
    private func named<Reason>(_ error: StageError<Reason>) -> StageError<Reason> {
        guard let context = error.context, context.contains(path) else { return error }
        return error.naming(context.replacing(path, with: StreamName.input(name)))
    }
}
