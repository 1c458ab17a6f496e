/// An option a caller sets, named as the Swift value that holds it. Library messages advise
/// about these (``Advice``); the CLI maps each one to its flag.
public enum OptionProperty: String, CaseIterable, Sendable, Hashable, Codable {
    /// `RenderOptions.scale`.
    case renderScale = "RenderOptions.scale"
    /// `RenderOptions.dpi`.
    case renderDPI = "RenderOptions.dpi"
    /// `RenderOptions.fit`.
    case renderFit = "RenderOptions.fit"
    /// `RenderOptions.crop`.
    case renderCrop = "RenderOptions.crop"
    /// `RenderOptions.padding`.
    case renderPadding = "RenderOptions.padding"
    /// `RenderOptions.penWidth`.
    case renderPenWidth = "RenderOptions.penWidth"
    /// `RenderOptions.minInkLength`.
    case renderMinInkLength = "RenderOptions.minInkLength"
    /// `SignatureText.lines`: the text drawn beside a visible signature.
    case signatureTextLines = "SignatureText.lines"
    /// `SignatureAppearance.text`: whether a visible signature has text at all.
    case signatureText = "SignatureAppearance.text"
    /// `PNGOptions.colorType`.
    case pngColorType = "PNGOptions.colorType"
    /// `PNGOptions.maskLevels`.
    case pngMaskLevels = "PNGOptions.maskLevels"
    /// `DecodeLimits.maxPixels`: the largest image a decoder accepts.
    case decodeMaxPixels = "DecodeLimits.maxPixels"
    /// `BudgetOptions.maxBytes`.
    case budgetMaxBytes = "BudgetOptions.maxBytes"
    /// `BudgetOptions.format`.
    case budgetFormat = "BudgetOptions.format"
    /// `BudgetOptions.allowResize`.
    case budgetAllowResize = "BudgetOptions.allowResize"
    /// `BudgetOptions.minQuality`.
    case budgetMinQuality = "BudgetOptions.minQuality"
    /// `BudgetOptions.resizeQuality`.
    case budgetResizeQuality = "BudgetOptions.resizeQuality"
    /// `BudgetOptions.minDimension`.
    case budgetMinDimension = "BudgetOptions.minDimension"
    /// `StrokeReadOptions.format`.
    case strokeFormat = "StrokeReadOptions.format"
    /// `StrokeReadOptions.index`.
    case strokeIndex = "StrokeReadOptions.index"
    /// `StrokeReadOptions.drawingName`.
    case strokeDrawingName = "StrokeReadOptions.drawingName"
    /// `CaptureOptions.port`.
    case capturePort = "CaptureOptions.port"
    /// `CaptureOptions.timeout`.
    case captureTimeout = "CaptureOptions.timeout"
    /// `CaptureOptions.token`.
    case captureToken = "CaptureOptions.token"
    /// `CaptureOptions.requestTimeout`.
    case captureRequestTimeout = "CaptureOptions.requestTimeout"
    /// `CaptureOptions.maxBodyBytes`.
    case captureMaxBodyBytes = "CaptureOptions.maxBodyBytes"
    /// `StampOptions.mode`.
    case stampMode = "StampOptions.mode"
    /// `StampOptions.breakSignatures`.
    case stampBreakSignatures = "StampOptions.breakSignatures"
    /// `StampOptions.pages`.
    case stampPages = "StampOptions.pages"
    /// `StampPlacement.at`.
    case placementAt = "StampPlacement.at"
    /// `StampPlacement.width`.
    case placementWidth = "StampPlacement.width"
    /// `StampPlacement.size`.
    case placementSize = "StampPlacement.size"
    /// `StampPlacement.freeArea`: find a free place for the stamp.
    case placementFreeArea = "StampPlacement.freeArea"
    /// `StampPlacement.overSignedContent`: write the stamp even over signed content.
    case placementOverSignedContent = "StampPlacement.overSignedContent"
    /// `StampOptions.asAnnotation`.
    case stampAsAnnotation = "StampOptions.asAnnotation"
    /// `PreviewOptions.Scale.dpi`.
    case previewDPI = "PreviewOptions.Scale.dpi"
    /// `PreviewOptions.Scale.width`.
    case previewWidth = "PreviewOptions.Scale.width"
    /// `PreviewOptions.Scale.height`.
    case previewHeight = "PreviewOptions.Scale.height"
    /// `PreviewOptions.Scale.fit`.
    case previewFit = "PreviewOptions.Scale.fit"
    /// The page a preview shows.
    case previewPage = "page"
    /// The password of an encrypted PDF, given when opening it.
    case pdfPassword = "the PDF's password"
    /// The password of a key or bundle, given to the identity's loader.
    case identityPassword = "the password given to the identity's loader"
    /// A PEM key and certificate, loaded instead of a bundle.
    case identityKeyAndCertificate = "a PEM key and certificate"
    /// The certificate of a key, given as a PEM certificate file.
    case identityCertificate = "the certificate as a PEM certificate file"
    /// The padding an RSA key signs with (RSASSA-PSS or PKCS#1 v1.5).
    case identityPSS = "RSASSA-PSS padding"
    /// `strict`: refuse a certificate that is not valid at the signing time.
    case identityStrict = "strict"
    /// The user PIN of a PKCS#11 token, given to the token's loader.
    case tokenPIN = "the PIN given to the token's loader"
    /// The certificate of a token's key, given to the token's loader as a file.
    case tokenCertificate = "the certificate file given to the token's loader"
    /// A detached CMS signature (`.p7s`) to verify.
    case detachedSignature = "a detached CMS signature (.p7s)"
    /// `PDFSignOptions.field`.
    case signField = "PDFSignOptions.field"
    /// `PDFSignOptions.certify`.
    case signCertify = "PDFSignOptions.certify"
    /// `PDFSignOptions.reserve`.
    case signReserve = "PDFSignOptions.reserve"
    /// `PDFSignOptions.timestamp`.
    case signTimestamp = "PDFSignOptions.timestamp"
    /// `PDFSignOptions.documentTimestamp`.
    case signDocumentTimestamp = "PDFSignOptions.documentTimestamp"
    /// `TimestampOptions.url`.
    case timestampURL = "TimestampOptions.url"
    /// `TimestampOptions.policy`.
    case timestampPolicy = "TimestampOptions.policy"
    /// `HTTPOptions.timeout`.
    case httpTimeout = "HTTPOptions.timeout"
    /// `HTTPOptions.maxResponseBytes`.
    case httpMaxResponseBytes = "HTTPOptions.maxResponseBytes"
    /// The time an external signer command may take (the CLI's; a Swift signing function keeps its own).
    case externalSignerTimeout = "the external signer's time limit"

    /// `HandwritingEvidence.examiner`: the certificate evidence is sealed for.
    case evidenceExaminer = "HandwritingEvidence.examiner"
    /// The examiner's private key (and certificate) given to `EvidenceKey.pem`.
    case evidenceKey = "EvidenceKey.pem's key"

    /// How a Swift caller names it.
    package var name: String { rawValue }
}
