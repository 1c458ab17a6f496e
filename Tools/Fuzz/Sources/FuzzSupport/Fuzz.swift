import CLibFuzzer
import Glibc
import Signet

/// What every fuzz target shares: starting libFuzzer's driver and judging each run.
///
/// A run passes when the code under test returns or throws the stage's own typed error with a
/// message; anything else — another error type, an empty message, a trap, a sanitizer report,
/// a hang (`-timeout`) or a runaway allocation (`-rss_limit_mb`, `-malloc_limit_mb`) — is a
/// finding that libFuzzer saves as a reproducer.
public enum Fuzz {
    /// The test function libFuzzer calls with each input.
    public typealias Body = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// Runs libFuzzer's driver on the command line (corpus folders, `-max_total_time=…`, or
    /// reproducer files to run once each).
    public static func run(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ body: Body
    ) -> CInt {
        var count = argc
        var arguments = argv
        return LLVMFuzzerRunDriver(&count, &arguments, body)
    }

    /// The input as an array.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Runs `body`; a thrown error must be one of `accepted` (the stages' own error types)
    /// with a non-empty message, else the run traps.
    public static func expect(_ what: String, accepting accepted: [any SignetError.Type], _ body: () throws -> Void) {
        do {
            try body()
        } catch let error as any SignetError
            where accepted.contains(where: { ObjectIdentifier($0) == ObjectIdentifier(type(of: error)) })
        {
            guard !error.message.isEmpty else {
                fatalError("\(what): \(type(of: error)) with an empty message: \(error)")
            }
        } catch {
            fatalError("\(what): unexpected error \(type(of: error)): \(error)")
        }
    }

    /// Traps with `message` unless `condition` holds (a broken promise of the API under test).
    public static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError(message()) }
    }
}
