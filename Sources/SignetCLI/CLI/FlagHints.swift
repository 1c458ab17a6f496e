import Foundation
import SignetCore

/// The one place where the library's advice, which names option properties for a Swift caller
/// (`RenderOptions.scale`, "set StampOptions.breakSignatures"), becomes the flags a CLI user types
/// (`--scale`, "add --break-signatures").
///
/// Every error or warning the CLI prints on its one stderr line goes through `cli(_:)`. Whole
/// phrases are translated first (they read differently as a flag: "set RenderOptions.crop to true"
/// is "drop --no-crop"), then the properties that are plainly one flag.
package enum FlagHints {
    /// The CLI sentence for a library error.
    package static func cli(_ error: any SignetError) -> String { cli(error.message) }

    /// The CLI sentence for a library message (an error's message or a warning).
    package static func cli(_ message: String) -> String {
        var text = message
        for (library, flag) in phrases + properties where text.contains(library) {
            text = text.replacingOccurrences(of: library, with: flag)
        }
        return text
    }

    /// Advice whose CLI form is not simply the flag in place of the property. Longest first where
    /// one phrase contains another.
    package static let phrases: [(library: String, flag: String)] = [
        // Rendering
        ("set RenderOptions.crop to true", "drop --no-crop"),
        ("set RenderOptions.fit", "use --fit WxH"),
        // Encoding and budgets
        ("set PNGOptions.colorType to .auto or .rgba", "use --png-color auto or rgba"),
        // No flag sets it (the CLI always keeps the default 16 levels): said without the property.
        ("PNGOptions.maskLevels must be 2 to 256", "the PNG's coverage levels must be 2 to 256"),
        ("set BudgetOptions.maxBytes to a positive size such as 102400", "try --max-bytes 100KiB"),
        ("allow downscaling (set BudgetOptions.allowResize)", "allow downscaling (drop --no-resize)"),
        ("set BudgetOptions.format to .jpeg", "use --format jpeg"),
        // Stroke files
        ("set StrokeReadOptions.format (one of", "try --format NAME (one of"),
        // Capture (the CLI always sets the token and the request limits itself)
        ("choose another CaptureOptions.port or leave it to the system", "choose another --port or leave it out"),
        ("CaptureOptions.token", "the capture token"),
        ("CaptureOptions.requestTimeout", "the request time limit"),
        ("CaptureOptions.maxBodyBytes", "the request size limit"),
        // Stamping
        ("set StampOptions.mode to .rewrite and StampOptions.breakSignatures", "add --rewrite --break-signatures"),
        (
            "set StampOptions.mode to .rewrite to rewrite the file instead",
            "drop --incremental to rewrite the file instead"
        ),
        ("set StampOptions.mode to .automatic", "drop --rewrite"),
        ("set StampOptions.breakSignatures", "add --break-signatures"),
        ("(for example pages 1-", "(for example --pages 1-"),
        // Passwords of PDFs
        ("give it as the password argument", "give it with --password-env VAR or --password-file FILE"),
        // Preview pages
        ("pick a page from 1 to", "pick --page 1 to"),
        ("; give page 1.", "; leave out --page or give --page 1."),
        // Signing identities
        (
            "pass the identity's password to its loader",
            "pass it with --password-env VAR, --password-file FILE or --password-stdin"
        ),
        (
            "check the password given to the identity's loader",
            "check what --password-env VAR, --password-file FILE or --password-stdin supplies"
        ),
        ("or load a PEM key and certificate", "or use --key KEY.pem --cert CERT.pem"),
        // Keys on PKCS#11 tokens
        ("pass the PIN to the token's loader", "pass it with --pin-env VAR, --pin-file FILE or --pin-stdin"),
        (
            "check the PIN given to the token's loader",
            "check what --pin-env VAR, --pin-file FILE or --pin-stdin supplies"
        ),
        ("or give the certificate file to the token's loader", "or give it with --cert CERT.pem"),
        ("sign with PKCS#1 v1.5 padding (ECDSA)", "drop --pss (EC keys sign with ECDSA)"),
        ("give its certificate as a PEM certificate file", "give the certificate with --cert CERT.pem"),
        ("pass strict: true to refuse", "use --strict to refuse"),
        ("pass strict: false to sign with a warning", "drop --strict to sign with a warning"),
        ("give a detached CMS signature (.p7s)", "give the .p7s file that 'signet sign --detached' wrote"),
        ("give the detached signature if there is one", "give the detached signature with --p7s if there is one"),
        ("set PDFSignOptions.field to nil to add", "leave --field out to add"),
        ("set PDFSignOptions.certify to false", "drop --certify"),
        ("PDFSignOptions.field or leave it nil", "--field or leave it out"),
        ("PDFSignOptions.reserve or leave it nil", "--reserve or leave it out"),
        // The text of a visible signature
        (
            "change SignatureText.lines or leave the text out (SignatureAppearance.text = nil)",
            "change --name, --reason or --location, or add --no-text"
        ),
        // Timestamps and HTTP
        ("set PDFSignOptions.timestamp to its URL", "give --tsa URL"),
        ("; check the URL, or raise HTTPOptions.maxResponseBytes.", "; check the URL."),
        ("check TimestampOptions.url and", "check --tsa and"),
    ]

    /// Properties that are one flag each, spelled the same way in every sentence.
    package static let properties: [(library: String, flag: String)] = [
        ("CaptureOptions.timeout", "--timeout"),
        ("CaptureOptions.port", "--port"),
        ("RenderOptions.minInkLength", "--min-ink-length"),
        ("RenderOptions.penWidth", "--pen-width"),
        ("RenderOptions.padding", "--padding"),
        ("RenderOptions.scale", "--scale"),
        ("RenderOptions.dpi", "--dpi"),
        ("RenderOptions.fit", "--fit"),
        ("BudgetOptions.maxBytes", "--max-bytes"),
        ("BudgetOptions.minQuality", "--min-quality"),
        ("BudgetOptions.resizeQuality", "--resize-quality"),
        ("BudgetOptions.minDimension", "--min-dimension"),
        ("StrokeReadOptions.format", "--format"),
        ("StrokeReadOptions.index", "--index"),
        ("StampOptions.pages", "--pages"),
        ("StampPlacement.at", "--at"),
        ("StampPlacement.width", "--width"),
        ("StampPlacement.size", "--size"),
        ("PreviewOptions.Scale.fit width and height", "--width and --height"),
        ("PreviewOptions.Scale.dpi", "--dpi"),
        ("PreviewOptions.Scale.width", "--width"),
        ("PreviewOptions.Scale.height", "--height"),
        ("PDFSignOptions.field", "--field"),
        ("PDFSignOptions.reserve", "--reserve"),
        ("PDFSignOptions.timestamp", "--tsa"),
        ("PDFSignOptions.documentTimestamp", "--doc-timestamp"),
        ("TimestampOptions.url", "--tsa"),
        ("TimestampOptions.policy", "--tsa-policy"),
        ("HTTPOptions.timeout", "--tsa-timeout"),
    ]
}
