import SignetCore

/// An image could not be encoded or decoded.
public typealias CodecError = StageError<CodecReason>

/// Why codec failed: each reason says its kind and how it reads.
public enum CodecReason: StageReason {
    /// The bytes are not an image of the expected format (`format` names it, e.g. "PNG").
    case notAnImage(format: String)
    /// The library rejected the data: corrupt or truncated (its words in `detail`).
    case corrupt(format: String, detail: String)
    /// The image is larger than the decode limit.
    case tooLarge(width: Int, height: Int, maxPixels: Int)
    /// The requested encoding cannot hold this image losslessly (e.g. gray for coloured ink).
    case cannotRepresent(Sentence)
    /// Memory ran out.
    case outOfMemory(format: String)
    /// The encoder failed although the image was fine.
    case encoderFailed(format: String, detail: String)
    /// A valid file of a kind the decoder does not handle (e.g. a 12-bit JPEG).
    case unsupported(format: String, detail: String)
    /// A file of a known format Signet does not read (`name`, e.g. "HEIC"), told by its signature.
    case unsupportedFormat(name: String)
    /// An option is out of range: one sentence naming it and what is accepted.
    case invalidOption(Sentence)
    /// The budget cannot be met; `smallest` describes the smallest result reached, `hint` what to change.
    case doesNotFit(budget: Int, smallest: String, hint: Sentence)

    /// Bad input, or a failure of the machine (see ``FailureKind``).
    public var kind: FailureKind {
        switch self {
        case .notAnImage, .corrupt, .tooLarge, .cannotRepresent, .unsupported, .unsupportedFormat, .invalidOption:
            return .badInput
        case .outOfMemory, .encoderFailed, .doesNotFit: return .failed
        }
    }

    /// One line for the user: the file, what is wrong and what to try next.
    /// - Parameter context: The file, input, URL or step the failure is about; `nil` when unknown.
    public func message(about context: String?) -> Sentence {
        let prefix = Self.prefix(context)
        switch self {
        case .notAnImage(let format):
            return prefix + "not a \(format) image; check that it is the right file."
        case .corrupt(let format, let detail):
            return prefix + "the \(format) data is corrupt or truncated (\(detail)); export the image again."
        case .tooLarge(let w, let h, let limit):
            return prefix
                + "the image is \(w)×\(h) pixels, over the limit of \(limit) pixels; \(.raise, .decodeMaxPixels) or use a smaller image."
        case .cannotRepresent(let what):
            return prefix + what
        case .outOfMemory(let format):
            return prefix + "out of memory while coding the \(format) image; try a smaller image."
        case .encoderFailed(let format, let detail):
            return prefix + "the \(format) encoder failed (\(detail))."
        case .unsupported(let format, let detail):
            return prefix + "this kind of \(format) is not supported (\(detail)); convert it to an 8-bit PNG or JPEG."
        case .unsupportedFormat(let name):
            return prefix + "\(name) is not supported; convert it to \(InputFormat.readable)."
        case .invalidOption(let sentence):
            return prefix + sentence
        case .doesNotFit(let budget, let smallest, let hint):
            return prefix + "cannot fit \(budget) bytes: the smallest result reached was \(smallest); \(hint)."
        }
    }
}
