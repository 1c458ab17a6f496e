import Dispatch
import SignetFiles

/// Hashes the first bytes of a file on another thread while the caller does other work (the
/// incremental writer copying those same bytes), so a large PDF is read for hashing while it is
/// copied instead of after. `finish` waits and hands the running hash back for the remaining ranges.
final class BackgroundDigest: @unchecked Sendable {
    // Written by the worker before `group.leave()`, read by the caller after `group.wait()`.
    private var context: DigestContext?
    private var failure: Error?
    private let group = DispatchGroup()

    /// Starts hashing `0..<length` of `path` with `algorithm`.
    init(path: String, length: Int, algorithm: DigestAlgorithm) {
        group.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            defer { group.leave() }
            do {
                let file = try ReadableFile(path: path)
                let running = try DigestContext(hashing: algorithm)
                try file.forEachChunk(of: 0..<length) { try running.update($0) }
                context = running
            } catch {
                failure = error
            }
        }
    }

    /// Waits for the worker; the context has absorbed `0..<length`.
    func finish() throws -> DigestContext {
        group.wait()
        if let failure { throw failure }
        return context!
    }
}
