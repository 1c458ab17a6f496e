import SignetCore

/// The one place where the library's advice, which names option properties for a Swift caller
/// (`RenderOptions.scale`, "set StampOptions.breakSignatures to true"), becomes the flags a CLI
/// user types (`--scale`, "add --break-signatures").
///
/// Every error or warning the CLI prints on its one stderr line goes through `line(_:)`. Each
/// ``OptionProperty`` has its flag in one exhaustive `switch`: a new property does not compile
/// until the CLI says how to spell it.
package enum FlagAdvice {
    /// The CLI line for an error.
    package static func line(_ error: any SignetError) -> String { line(error.sentence) }

    /// The CLI line for a library sentence (an error's or a warning).
    package static func line(_ sentence: Sentence) -> String { sentence.rendered(say) }

    /// The CLI's words for `advice`; `nil` where no flag sets the property, so nothing can be done.
    package static func say(_ advice: Advice) -> String? {
        let action = advice.action
        switch advice.property {
        case .renderScale: return value(.scale, "N", action)
        case .renderDPI: return value(.dpi, "N", action)
        case .renderFit: return value(.fit, "WxH", action)
        case .renderCrop: return negative(.noCrop, action)
        case .renderPadding: return value(.padding, "PX", action)
        case .renderPenWidth: return value(.penWidth, "W", action)
        case .renderMinInkLength: return value(.minInkLength, "N", action)
        case .signatureTextLines:
            return value(
                words: "--\(OptionName.name), --\(OptionName.reason) or --\(OptionName.location)", "TEXT", action)
        case .signatureText: return negative(.noText, action)
        case .pngColorType: return noun("the PNG's colour type", action)
        case .pngMaskLevels: return noun("the PNG's coverage levels", action)
        case .decodeMaxPixels: return value(.maxPixels, "N", action)
        case .budgetMaxBytes: return value(.maxBytes, "SIZE", action)
        case .budgetFormat: return value(.format, "FORMAT", action)
        case .budgetAllowResize: return negative(.noResize, action)
        case .budgetMinQuality: return value(.minQuality, "Q", action)
        case .budgetResizeQuality: return value(.resizeQuality, "Q", action)
        case .budgetMinDimension: return value(.minDimension, "PX", action)
        case .strokeFormat: return value(.format, "NAME", action)
        case .strokeIndex: return value(.index, "N", action)
        case .strokeDrawingName: return value(.index, "NAME", action)
        case .capturePort: return value(.port, "N", action)
        case .captureTimeout: return value(.timeout, "SECONDS", action)
        case .captureToken: return noun("the capture token", action)
        case .captureRequestTimeout: return noun("the request time limit", action)
        case .captureMaxBodyBytes: return noun("the request size limit", action)
        case .stampMode: return stampMode(action)
        case .stampBreakSignatures: return positive(.breakSignatures, action)
        case .stampPages: return value(.pages, "PAGES", action)
        case .placementAt: return value(.at, "X,Y", action)
        case .placementWidth: return value(.width, "W", action)
        case .placementSize: return value(.size, "WxH", action)
        case .placementFreeArea: return freeArea(action)
        case .placementOverSignedContent: return positive(.overSignedContent, action)
        case .stampAsAnnotation: return positive(.asAnnotation, action)
        case .previewDPI: return value(.dpi, "N", action)
        case .previewWidth: return value(.width, "PX", action)
        case .previewHeight: return value(.height, "PX", action)
        case .previewFit: return value(words: "--\(OptionName.width) and --\(OptionName.height)", "PX", action)
        case .previewPage: return value(.pages, "N", action)
        case .pdfPassword: return source(Self.secret(.password), action)
        case .identityPassword: return source(Self.secret(.password), action)
        case .identityKeyAndCertificate:
            return source("--\(OptionName.key) KEY.pem --\(OptionName.cert) CERT.pem", action)
        case .identityCertificate, .tokenCertificate: return source("--\(OptionName.cert) CERT.pem", action)
        case .identityPSS: return positive(.pss, action, on: ".pss")
        case .identityStrict: return positive(.strict, action)
        case .tokenPIN: return source(Self.secret(.pin), action)
        case .detachedSignature: return value(.p7s, "FILE", action)
        case .signField: return value(.field, "NAME", action)
        case .signCertify: return positive(.certify, action)
        case .signReserve: return value(.reserve, "BYTES", action)
        case .signTimestamp, .timestampURL: return value(.tsa, "URL", action)
        case .signDocumentTimestamp: return positive(.docTimestamp, action)
        case .timestampPolicy: return value(.tsaPolicy, "OID", action)
        case .httpTimeout: return value(.tsaTimeout, "SECONDS", action)
        case .httpMaxResponseBytes: return nil
        case .externalSignerTimeout: return value(.externalTimeout, "SECONDS", action)
        case .evidenceExaminer: return value(.evidenceFor, "EXAMINER.pem", action)
        case .evidenceKey: return value(.key, "EXAMINER.key", action)
        }
    }

    /// The three ways a secret reaches a command: `--password-env VAR, …`.
    private static func secret(_ source: SecretInput.Source) -> String {
        "--\(source.env) VAR, --\(source.file) FILE" + (source.stdin.map { " or --\($0)" } ?? "")
    }

    /// A flag that takes a value (`--scale N`).
    private static func value(_ flag: OptionName, _ placeholder: String, _ action: Advice.Action) -> String {
        value(words: "--\(flag)", placeholder, action)
    }

    /// Flags that take a value, named together (`--width and --height`).
    private static func value(words flag: String, _ placeholder: String, _ action: Advice.Action) -> String {
        switch action {
        case .name: return flag
        case .set(let value): return "use \(flag) \(Self.typed(value))"
        case .unset: return "leave \(flag) out"
        case .raise: return "raise \(flag)"
        case .lower: return "lower \(flag)"
        case .give: return "give \(flag) \(placeholder)"
        case .check: return "check \(flag)"
        case .change: return "change \(flag)"
        }
    }

    /// A value as typed after its flag: Swift's enum cases (`.jpeg`, `.auto or .rgba`) lose their dots.
    private static func typed(_ value: String) -> String {
        value.split(separator: " ").map { $0.hasPrefix(".") ? $0.dropFirst() : $0 }.joined(separator: " ")
    }

    /// A flag that sets the property to `on` (`true` for `--break-signatures`); without it, the
    /// property keeps its default.
    private static func positive(_ option: OptionName, _ action: Advice.Action, on: String = "true") -> String {
        let flag = "--\(option)"
        switch action {
        case .set(on), .give, .raise: return "add \(flag)"
        case .set, .unset: return "drop \(flag)"
        case .name, .lower, .check, .change: return flag
        }
    }

    /// A flag that turns the property off (`--no-crop` for `crop`).
    private static func negative(_ option: OptionName, _ action: Advice.Action) -> String {
        let flag = "--\(option)"
        switch action {
        case .set("true"), .give, .raise: return "drop \(flag)"
        case .set, .unset, .lower: return "add \(flag)"
        case .name, .check, .change: return flag
        }
    }

    /// Flags that supply a thing (`--cert CERT.pem`, the secret options).
    private static func source(_ flags: String, _ action: Advice.Action) -> String {
        switch action {
        case .name: return flags
        case .check: return "check what \(flags) supplies"
        case .unset: return "leave out \(flags)"
        case .set, .give, .raise, .lower, .change: return "give it with \(flags)"
        }
    }

    /// A property no flag sets (the CLI always sets it itself): named in words.
    private static func noun(_ words: String, _ action: Advice.Action) -> String? {
        if case .name = action { return words }
        return nil
    }

    /// `StampPlacement.freeArea`: `--at auto`.
    private static func freeArea(_ action: Advice.Action) -> String {
        switch action {
        case .set("true"), .give, .raise: return "use --\(OptionName.at) \(PlacementFlags.auto)"
        case .set, .unset, .lower: return "give --\(OptionName.at) X,Y"
        case .name, .check, .change: return "--\(OptionName.at) \(PlacementFlags.auto)"
        }
    }

    /// `StampOptions.mode`: `.rewrite` is `--rewrite`, `.incremental` is `--incremental`, the
    /// default `.automatic` is neither flag.
    private static func stampMode(_ action: Advice.Action) -> String {
        switch action {
        case .set(".rewrite"): return "use --rewrite"
        case .set(".incremental"): return "use --incremental"
        case .set, .unset: return "drop --rewrite"
        case .name, .raise, .lower, .give, .check, .change: return "--rewrite or --incremental"
        }
    }
}
