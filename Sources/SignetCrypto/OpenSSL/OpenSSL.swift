import COpenSSL
import CSignetOpenSSL
import Synchronization

/// A call into OpenSSL failed: what was being done and the reasons OpenSSL queued for it.
package struct OpenSSLFailure: Error, Sendable {
    /// The OpenSSL function (or step) that failed.
    var operation: String
    /// Packed error codes from the thread's error queue, oldest first.
    var codes: [UInt]
    /// The same errors as text ("error:...:PKCS12 routines::mac verify failure").
    var reasons: [String]

    /// True when any queued error has this reason text (e.g. "mac verify failure").
    func hasReason(_ text: String) -> Bool { reasons.contains { $0.contains(text) } }

    /// The reasons in one line for a message, newest (most specific) first, as "library: reason"
    /// without OpenSSL's hexadecimal codes ("PEM routines: no start line"); consecutive reasons of
    /// one library share its name.
    var summary: String {
        guard !codes.isEmpty else { return "no reason given" }
        var groups: [(library: String, reasons: [String])] = []
        for code in codes.reversed() {
            let library = ERR_lib_error_string(code).map { String(cString: $0) } ?? "OpenSSL"
            let reason = ERR_reason_error_string(code).map { String(cString: $0) } ?? "error \(code)"
            if groups.last?.library == library {
                if !groups[groups.count - 1].reasons.contains(reason) {
                    groups[groups.count - 1].reasons.append(reason)
                }
            } else {
                groups.append((library, [reason]))
            }
        }
        return groups.map { "\($0.library): \($0.reasons.joined(separator: ", "))" }.joined(separator: "; ")
    }
}

/// The one place SignetCrypto (and SignetPDFSigning over it) reads OpenSSL statuses. Every call that can fail goes through
/// `check` or `notNull`; a failure drains the thread's error queue into the thrown error, so no
/// status is dropped and no stale error leaks into the next call.
enum OpenSSL {
    /// Throws unless `status` is OpenSSL's success (1, or any positive count where documented).
    static func check(_ status: Int32, _ operation: String) throws {
        guard status > 0 else { throw failure(operation) }
    }

    /// For calls that return a count or -1 on error (`CMS_set1_signers_certs`): throws on a
    /// negative status, returns the count otherwise (0 included).
    static func count(_ status: Int32, _ operation: String) throws -> Int {
        guard status >= 0 else { throw failure(operation) }
        return Int(status)
    }

    /// Throws when an allocating or parsing call returned NULL.
    /// The object `parse` (an OpenSSL `d2i_*` function, named `function` in the error) reads from
    /// the DER `bytes`; the one place the owner classes hand DER to OpenSSL.
    static func parse(
        der bytes: [UInt8], _ function: String,
        _ parse: (UnsafeMutablePointer<UnsafePointer<UInt8>?>, Int) -> OpaquePointer?
    ) throws -> OpaquePointer {
        let parsed = bytes.withUnsafeBufferPointer { buf -> OpaquePointer? in
            var cursor: UnsafePointer<UInt8>? = buf.baseAddress
            return parse(&cursor, buf.count)
        }
        return try notNull(parsed, function)
    }

    static func notNull<T>(_ pointer: T?, _ operation: String) throws -> T {
        guard let pointer else { throw failure(operation) }
        return pointer
    }

    /// How many errors OpenSSL has reported for want of memory in this process: a caller for whom
    /// "could not read it" must not mean "not there" (revocation data) compares the count before
    /// and after, since OpenSSL's parsers report an allocation failure like bad input.
    static var memoryFailures: Int { memoryFailureCount.load(ordering: .relaxed) }
    private static let memoryFailureCount = Atomic<Int>(0)

    /// `memoryFailures` when it was made: whether OpenSSL ran out of memory since.
    struct MemoryMark {
        private let count = OpenSSL.memoryFailures
        var ranOut: Bool { OpenSSL.memoryFailures > count }
    }

    /// Counts `code` in `memoryFailures` when its reason is an allocation failure.
    private static func noteIfMemory(_ code: UInt) {
        guard let reason = ERR_reason_error_string(code), String(cString: reason) == "malloc failure" else { return }
        memoryFailureCount.add(1, ordering: .relaxed)
    }

    /// Builds the error for a failed `operation` from the queued errors, emptying the queue.
    static func failure(_ operation: String) -> OpenSSLFailure {
        var codes: [UInt] = []
        var reasons: [String] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            noteIfMemory(code)
            codes.append(code)
            var text = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &text, text.count)
            reasons.append(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return OpenSSLFailure(operation: operation, codes: codes, reasons: reasons)
    }

    /// Empties the error queue before a call whose failure is an expected answer
    /// (end of a PEM file, a probe that may say no).
    static func clearErrors() {
        while case let code = ERR_get_error(), code != 0 { noteIfMemory(code) }
    }

    /// Copies a buffer OpenSSL allocated and frees it with OpenSSL's allocator.
    static func takeBytes(_ pointer: UnsafeMutablePointer<UInt8>?, count: Int32) -> [UInt8] {
        guard let pointer else { return [] }
        defer { signet_openssl_free(pointer) }
        return Array(UnsafeBufferPointer(start: pointer, count: Int(max(count, 0))))
    }

    /// A copy of the bytes of a borrowed `ASN1_STRING` (OCTET STRING, or the whole DER of a SEQUENCE value).
    static func bytes(of string: UnsafePointer<ASN1_STRING>?) -> [UInt8]? {
        guard let string, let data = ASN1_STRING_get0_data(string) else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: Int(max(ASN1_STRING_length(string), 0))))
    }

    /// An object identifier in dotted form ("1.3.6.1.5.5.7.3.8").
    static func dotted(_ object: OpaquePointer?) -> String {
        guard let object else { return "?" }
        var text = [CChar](repeating: 0, count: 128)
        let length = OBJ_obj2txt(&text, Int32(text.count), object, 1)
        guard length > 0 else {
            clearErrors()
            return "?"
        }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// DER encoding with an `i2d_*` function (two-pass: length, then bytes into our buffer).
    static func encode(
        _ operation: String, _ i2d: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int32
    ) throws
        -> [UInt8]
    {
        let length = i2d(nil)
        guard length > 0 else { throw failure(operation) }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        let written = bytes.withUnsafeMutableBufferPointer { buf -> Int32 in
            var cursor: UnsafeMutablePointer<UInt8>? = buf.baseAddress
            return i2d(&cursor)
        }
        guard written == length else { throw failure(operation) }
        return bytes
    }
}
