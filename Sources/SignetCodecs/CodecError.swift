import SignetCore

/// An image could not be encoded or decoded.
public struct CodecError: SignetError, Hashable {
    public enum Reason: Sendable, Hashable {
        /// The bytes are not an image of the expected format (`format` names it, e.g. "PNG").
        case notAnImage(format: String)
        /// The library rejected the data: corrupt or truncated (its words in `detail`).
        case corrupt(format: String, detail: String)
        /// The image is larger than the decode limit.
        case tooLarge(width: Int, height: Int, maxPixels: Int)
        /// The requested encoding cannot hold this image losslessly (e.g. gray for coloured ink).
        case cannotRepresent(String)
        /// Memory ran out.
        case outOfMemory(format: String)
        /// The encoder failed although the image was fine.
        case encoderFailed(format: String, detail: String)
    }

    public var reason: Reason
    /// The file the bytes came from or go to, named at the start of the message when set.
    public var file: String?

    public init(_ reason: Reason, file: String? = nil) {
        self.reason = reason
        self.file = file
    }

    /// The same error, naming the file it is about.
    public func naming(_ file: String) -> CodecError { CodecError(reason, file: file) }

    public var kind: FailureKind {
        switch reason {
        case .notAnImage, .corrupt, .tooLarge, .cannotRepresent: return .badInput
        case .outOfMemory, .encoderFailed: return .failed
        }
    }

    public var message: String {
        let prefix = file.map { ($0 == "-" ? "standard input" : $0) + ": " } ?? ""
        switch reason {
        case .notAnImage(let format):
            return prefix + "not a \(format) image; check that it is the right file."
        case .corrupt(let format, let detail):
            return prefix + "the \(format) data is corrupt or truncated (\(detail)); export the image again."
        case .tooLarge(let w, let h, let limit):
            return prefix + "the image is \(w)×\(h) pixels, over the limit of \(limit) pixels; use a smaller image."
        case .cannotRepresent(let what):
            return prefix + what
        case .outOfMemory(let format):
            return prefix + "out of memory while coding the \(format) image; try a smaller image."
        case .encoderFailed(let format, let detail):
            return prefix + "the \(format) encoder failed (\(detail))."
        }
    }
}
