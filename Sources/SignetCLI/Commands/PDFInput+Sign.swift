import Signet

extension PDFInput {
    /// Like `open`, and errors from signing or verifying name the input as the user gave it too
    /// (standard input is spooled to a temporary file whose name means nothing to the user).
    func openForSigning<T>(_ body: (String) throws -> T) throws -> T {
        do {
            return try open(body)
        } catch var error as SignError where (error.context ?? "").contains(path) {
            error.context = error.context?.replacing(path, with: StreamName.input(name))
            throw error
        } catch let error as FileError where error.context == path {
            throw FileError(name, error.reason)
        }
    }
}
