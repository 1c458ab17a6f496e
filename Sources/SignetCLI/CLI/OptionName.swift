/// Every option name a command accepts (`--max-bytes` is `.maxBytes`): specs declare options by
/// these and `Arguments` reads them by these, so a misspelt option does not compile.
package enum OptionName: String, CaseIterable, Sendable, CustomStringConvertible {
    case all
    case allowOtherName = "allow-other-name"
    case allowOverlays = "allow-overlays"
    case allowWeakAlgorithms = "allow-weak-algorithms"
    case anchor
    case antialias
    case asAnnotation = "as-annotation"
    case at
    case axisRange = "axis-range"
    case background
    case blend
    case breakSignatures = "break-signatures"
    case ca
    case cert
    case certify
    case certs
    case chain
    case cms
    case color
    case commands
    case complete
    case completions
    case contactInfo = "contact-info"
    case detached
    case digestOut = "digest-out"
    case docTimestamp = "doc-timestamp"
    case dpi
    case end
    case evidenceFor = "evidence-for"
    case externalSigner = "external-signer"
    case externalTimeout = "external-timeout"
    case failFast = "fail-fast"
    case field
    case fit
    case format
    case forPrinting = "for-printing"
    case height
    case help
    case image
    case imageFormat = "image-format"
    case incremental
    case index
    case jobMemory = "job-memory"
    case jobs
    case jobTimeout = "job-timeout"
    case json
    case keepGoing = "keep-going"
    case key
    case location
    case ltv
    case man
    case maxBytes = "max-bytes"
    case maxPixels = "max-pixels"
    case maxQuality = "max-quality"
    case minDimension = "min-dimension"
    case minInkLength = "min-ink-length"
    case minQuality = "min-quality"
    case name
    case noCrop = "no-crop"
    case noResize = "no-resize"
    case noText = "no-text"
    case noTrust = "no-trust"
    case objects
    case opacity
    case open
    case origin
    case output
    case overSignedContent = "over-signed-content"
    case outputDir = "output-dir"
    case p12
    case p7s
    case padding
    case pades
    case page
    case pages
    case passwordEnv = "password-env"
    case passwordFile = "password-file"
    case passwordStdin = "password-stdin"
    case pdf
    case pdfPasswordEnv = "pdf-password-env"
    case pdfPasswordFile = "pdf-password-file"
    case pdfPasswordStdin = "pdf-password-stdin"
    case penWidth = "pen-width"
    case pinEnv = "pin-env"
    case pinFile = "pin-file"
    case pinStdin = "pin-stdin"
    case pkcs11Key = "pkcs11-key"
    case pkcs11Module = "pkcs11-module"
    case pkcs11Token = "pkcs11-token"
    case port
    case prepare
    case pss
    case reason
    case region
    case reserve
    case resizeQuality = "resize-quality"
    case resume
    case revocation
    case rewrite
    case saveImage = "save-image"
    case scale
    case shard
    case size
    case strict
    case strokes
    case textFont = "text-font"
    case textPosition = "text-position"
    case timeout
    case tsa
    case tsaAllowPlainHttpCredentials = "tsa-allow-plain-http-credentials"
    case tsaCredentialsEnv = "tsa-credentials-env"
    case tsaCredentialsFile = "tsa-credentials-file"
    case tsaPolicy = "tsa-policy"
    case tsaTimeout = "tsa-timeout"
    case type
    case units
    case validationTime = "validation-time"
    case vector
    case verbose
    case version
    case width
    case widthModel = "width-model"
    case worker
    case workerMemory = "worker-memory"

    /// The name as typed after `--`.
    package var description: String { rawValue }
}
