import SignetCore

/// How `signet capture` serves its page and waits. Time limits are in seconds.
public struct CaptureOptions: Sendable, Hashable, Codable {
    /// The unguessable part of the page's address (`CaptureToken.random()`); every request must carry it.
    public var token: String
    /// The loopback port; 0 (default) takes a free one.
    public var port: Int
    /// Give up (nothing written) after this many seconds without a signature; `nil` (default) waits until interrupted.
    public var timeout: Double?
    /// Seconds one connection may take to send its whole request (default 10).
    public var requestTimeout: Double
    /// Largest accepted body in bytes (default 4 MiB, about 40,000 samples).
    public var maxBodyBytes: Int

    /// Capture options; the defaults are `signet capture`'s.
    /// - Parameters:
    ///   - token: The unguessable part of the page's address (`CaptureToken.random()`); every request must carry it.
    ///   - port: The loopback port; 0 (default) takes a free one.
    ///   - timeout: Give up (nothing written) after this many seconds without a signature; `nil` (default) waits until interrupted.
    ///   - requestTimeout: Seconds one connection may take to send its whole request (default 10).
    ///   - maxBodyBytes: Largest accepted body in bytes (default 4 MiB, about 40,000 samples).
    public init(
        token: String, port: Int = 0, timeout: Double? = nil, requestTimeout: Double = 10,
        maxBodyBytes: Int = 4 * 1024 * 1024
    ) {
        (self.token, self.port, self.timeout) = (token, port, timeout)
        (self.requestTimeout, self.maxBodyBytes) = (requestTimeout, maxBodyBytes)
    }

    /// Throws `CaptureError.badOption` for values no server can use.
    package func validate() throws {
        func bad(_ text: Sentence) -> CaptureError { CaptureError(.badOption(text)) }
        guard token.count >= 16, token.utf8.allSatisfy({ CaptureToken.alphabet.utf8.contains($0) }) else {
            throw bad("\(.captureToken) must be at least 16 characters of A-Z, a-z, 0-9, - and _.")
        }
        guard (0...65_535).contains(port) else { throw bad("\(.capturePort) must be 0…65535.") }
        if let timeout, !(timeout.isFinite && timeout > 0) {
            throw bad("\(.captureTimeout) must be a positive number of seconds.")
        }
        guard requestTimeout.isFinite, requestTimeout > 0 else {
            throw bad("\(.captureRequestTimeout) must be a positive number of seconds.")
        }
        guard maxBodyBytes > 0 else { throw bad("\(.captureMaxBodyBytes) must be positive.") }
    }
}

/// The one-time token in the page's address.
public enum CaptureToken {
    static let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

    /// 33 random bytes (264 bits) from the operating system as 44 URL-safe characters:
    /// `SystemRandomNumberGenerator`, which is getrandom(2) on Linux.
    public static func random() -> String {
        var system = SystemRandomNumberGenerator()
        return encode((0..<33).map { _ in UInt8.random(in: .min ... .max, using: &system) })
    }

    /// Base64url without padding (33 bytes → 44 characters).
    package static func encode(_ bytes: [UInt8]) -> String {
        let table = Array(alphabet.utf8)
        var out: [UInt8] = []
        var i = 0
        while i + 2 < bytes.count {
            let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            for shift in [18, 12, 6, 0] { out.append(table[Int(v >> UInt32(shift) & 63)]) }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
