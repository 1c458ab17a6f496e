/// The CRLs of one verification, each parsed once: a file's signatures share its `/DSS`, and every
/// certificate of every chain is looked up in every CRL the file holds, where parsing a CRL of
/// 100,000 entries (2.2 MB) takes about 80 ms. A parsed CRL takes about nine times its size in
/// memory, so at most `maxBytes` of CRLs are parsed in one verification; later ones are not used.
/// Used by one verification at a time (not shared between threads).
package final class RevocationListCache {
    /// 32 MiB of CRLs (about 290 MB parsed): eight of 16 MiB, within the `/DSS` limits, took
    /// 1.26 GB. The largest real CRLs run to a few megabytes.
    package static let defaultMaxBytes = 32 << 20

    private var parsed: [ByteKey: Result<RevocationList, RevocationProblem>] = [:]
    private let maxBytes: Int
    private var parsedBytes = 0

    package init(maxBytes: Int = RevocationListCache.defaultMaxBytes) { self.maxBytes = maxBytes }

    /// `bytes` parsed (the first time it is asked for), or `RevocationProblem` when it is no CRL.
    func list(_ bytes: [UInt8]) throws -> RevocationList {
        let key = ByteKey(bytes)
        if let known = parsed[key] { return try known.get() }
        let result: Result<RevocationList, RevocationProblem>
        if parsedBytes + bytes.count > maxBytes {
            let mib = maxBytes >> 20
            throw RevocationProblem("it is past the \(mib) MiB of CRLs one verification parses")
        }
        parsedBytes += bytes.count
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
