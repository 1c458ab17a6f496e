import Glibc

/// Every system call of this module goes through here, so `errno` is turned into text in one place.
enum Posix {
    static func errorText(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    /// Retries a call interrupted by a signal.
    static func retrying<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let r = call()
            if r >= 0 || errno != EINTR { return r }
        }
    }
}
