import Glibc

/// A password held as bytes that are wiped when the value is released. It never appears in a
/// description, so it cannot leak into a message, a log or JSON by accident.
public final class Secret: @unchecked Sendable, CustomStringConvertible {
    // Written once in `init`, read-only afterwards, wiped in `deinit` (or by `wipe()`, which only the
    // scope that made the value calls, once it is done with it): safe to share.
    private let storage: UnsafeMutableBufferPointer<UInt8>

    /// Copies `bytes` (a trailing newline is the caller's business) and wipes the source array.
    /// - Parameter bytes: The secret's bytes, zeroed once copied.
    public init(taking bytes: inout [UInt8]) {
        storage = .allocate(capacity: bytes.count + 1)
        for (i, byte) in bytes.enumerated() { storage.initializeElement(at: i, to: byte) }
        storage.initializeElement(at: bytes.count, to: 0)
        bytes.wipe()
        bytes.removeAll()
    }

    /// Copies `bytes` (a form of a password made from another secret, or a C library's output)
    /// without an array in between; wiping the source is the caller's business.
    package init(copying bytes: UnsafeRawBufferPointer) {
        storage = .allocate(capacity: bytes.count + 1)
        for (i, byte) in bytes.enumerated() { storage.initializeElement(at: i, to: byte) }
        storage.initializeElement(at: bytes.count, to: 0)
    }

    /// The UTF-8 bytes of `text` (for tests and for callers that already hold a string).
    /// - Parameter text: The secret as text.
    public convenience init(_ text: String) {
        var bytes = Array(text.utf8)
        self.init(taking: &bytes)
    }

    deinit {
        wipe()
        storage.deallocate()
    }

    /// Length in bytes (without the terminating NUL).
    package var count: Int { storage.count - 1 }

    /// Calls `body` with the NUL-terminated password and its length; the pointer must not escape.
    package func withCString<R>(_ body: (UnsafePointer<CChar>, Int) throws -> R) rethrows -> R {
        try storage.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!, count) }
    }

    /// Calls `body` with the bytes (without the terminating NUL); the pointer must not escape.
    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: storage.baseAddress, count: count))
    }

    /// Whether `other` holds the same bytes, compared in place (neither is copied out).
    package func hasSameBytes(as other: Secret) -> Bool {
        withUnsafeBytes { mine in other.withUnsafeBytes { theirs in mine.elementsEqual(theirs) } }
    }

    /// Zeroes the bytes now rather than when the value is released (`deinit` wipes them again): for
    /// the scope that made a short-lived form of a password, so a copy it handed on cannot outlive
    /// the scope with the bytes in it. The count stays; the bytes read as zeros afterwards.
    package func wipe() {
        explicit_bzero(storage.baseAddress!, storage.count)
    }

    /// The bytes as text, for a caller that checks a password is UTF-8 text; `nil` when the bytes
    /// are not valid UTF-8. The stages never need it: SignetPDF makes a PDF password's forms from the bytes.
    package var text: String? {
        withCString { pointer, count in
            String(validating: UnsafeRawBufferPointer(start: pointer, count: count), as: UTF8.self)
        }
    }

    /// Never the secret itself: `<secret>`.
    public var description: String { "<secret>" }
}

extension [UInt8] {
    /// Zeroes the bytes in place (`explicit_bzero`, which the compiler keeps): for a short-lived
    /// array holding a form of a password. The array must be its storage's only owner, or the
    /// write would wipe a fresh copy and leave the shared bytes as they were; it keeps its count.
    package mutating func wipe() {
        withUnsafeMutableBytes { if let base = $0.baseAddress { explicit_bzero(base, $0.count) } }
    }
}
