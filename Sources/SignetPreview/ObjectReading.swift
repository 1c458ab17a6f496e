import CSignetPoppler
import SignetCore
import SignetFiles
import SignetPDF

/// What poppler resolves of a PDF, object by object: the reader's half of verify's comparison of
/// two readings (docs/verify.md, "Two readings"), written by `signet-preview --objects`.
package enum ObjectReading {
    /// The most objects read of one document (200,000: a 1,000-page file has about 10,000); past
    /// it the reading says `bound` and the signatures concerned are not valid.
    package static let maxObjects = 200_000
    /// The address space `signet-preview --objects` may use (1 GiB), the file's mapping included.
    package static let maxAddressSpace: UInt = 1 << 30

    /// The reading of `path` cut at each of `ends` (0: the whole file), in the documented format,
    /// opened with the first form of `password` poppler accepts.
    package static func read(path: String, password: Secret?, ends: [Int]) throws -> [UInt8] {
        guard let password else { return try read(path, nil, ends) }
        return try PDFPassword.withForms(of: password) { forms in
            var last: [UInt8] = []
            for candidate in forms.candidates {
                last = try read(path, candidate, ends)
                if !refusedPassword(last) { return last }
            }
            return last
        }
    }

    /// poppler's errEncrypted, on the first document's `failed` line: the password was not accepted.
    private static func refusedPassword(_ reading: [UInt8]) -> Bool {
        let failed = Array("failed 4\n".utf8)
        guard let newline = reading.firstIndex(of: 0x0A) else { return false }
        return reading[(newline + 1)...].starts(with: failed)
    }

    private final class Sink {
        var bytes: [UInt8] = []
    }

    private static func read(_ path: String, _ password: Secret?, _ ends: [Int]) throws -> [UInt8] {
        let sink = Sink()
        var message = [CChar](repeating: 0, count: 256)
        let ok = withPassword(password) { secret, length in
            ends.map(Int64.init).withUnsafeBufferPointer { cut in
                signet_poppler_read_objects(
                    path, secret, length, cut.baseAddress, Int32(cut.count), Int64(maxObjects),
                    { context, bytes, count in
                        guard let context, let bytes else { return }
                        let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
                        sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: bytes, count: count))
                    }, Unmanaged.passUnretained(sink).toOpaque(), &message, message.count)
            }
        }
        guard ok == 1 else {
            throw PreviewError(.unreadable(String(cString: message)), context: path)
        }
        return sink.bytes
    }

    /// The password's bytes as poppler's own API takes them (as they are), or none.
    private static func withPassword<R>(_ password: Secret?, _ body: (UnsafePointer<CChar>?, Int) -> R) -> R {
        guard let password else { return body(nil, 0) }
        return password.withUnsafeBytes { bytes in
            body(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
        }
    }
}
