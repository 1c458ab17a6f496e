/// The CRLs of one verification, each parsed once: a file's signatures share its `/DSS`, and every
/// certificate of every chain is looked up in every CRL the file holds, where parsing a CRL of
/// 100,000 entries (2.2 MB) takes about 80 ms and the store may hold 128 MiB of them. Used by one
/// verification at a time (not shared between threads).
package final class RevocationListCache {
    private var parsed: [ByteKey: Result<RevocationList, RevocationProblem>] = [:]

    package init() {}

    /// `bytes` parsed (the first time it is asked for), or `RevocationProblem` when it is no CRL.
    func list(_ bytes: [UInt8]) throws -> RevocationList {
        let key = ByteKey(bytes)
        if let known = parsed[key] { return try known.get() }
        let result: Result<RevocationList, RevocationProblem>
        do {
            result = .success(try Self.parse(bytes))
        } catch let problem as RevocationProblem {
            result = .failure(problem)
        }
        parsed[key] = result
        return try result.get()
    }

    /// `bytes` parsed, or `RevocationProblem` when it is no CRL (the one parse of a CRL a verifier
    /// judges, cached or not).
    static func parse(_ bytes: [UInt8]) throws -> RevocationList {
        do {
            return try RevocationList(bytes: bytes)
        } catch let failure as OpenSSLFailure {
            throw RevocationProblem("it is not a CRL (\(failure.summary))")
        }
    }
}
