import Foundation
import Testing

/// Every limit the docs state as a number is the constant the code enforces: the figure the page
/// states (with its unit) against the constant as Sources/ writes it. A renamed or moved constant
/// fails here too, naming the file to look in.
@Suite("Docs: the limits and parameters the pages state are the code's constants")
struct StatedLimitsTests {
    /// One stated number: where the page says it, and the constant it must equal.
    struct Limit: CustomStringConvertible, Sendable {
        /// The page, relative to the package root.
        var page: String
        /// A pattern whose one capture group is the stated figure, with its unit when it has one
        /// (`400,000`, `1 GiB`, `15 s`, `10 million`).
        var stated: String
        /// The Swift file, relative to `Sources/`, that declares the constant.
        var source: String
        /// The constant's name as declared there (`maxObjects`, or an init parameter's label).
        var constant: String

        /// What one stated unit is worth when the page's unit is not the figure's (`16 MP`: a million).
        var unit: Double

        init(_ page: String, _ stated: String, _ source: String, _ constant: String, unit: Double = 1) {
            (self.page, self.stated, self.source, self.constant, self.unit) = (page, stated, source, constant, unit)
        }

        var description: String { "\(page): \(constant) (\(source))" }
    }

    static let hardening = "docs/hardening.md"
    static let verify = "docs/verify.md"
    static let cli = "docs/cli.md"
    static let formats = "docs/formats.md"
    static let budget = "docs/budget.md"
    static let architecture = "docs/architecture.md"
    static let evidence = "docs/evidence.md"

    static let limits: [Limit] = [
        Limit(
            evidence, #"a ceiling of (\d+ MiB) decoded"#, "SignetPDFSigning/PDF/EvidenceAttachment.swift",
            "maxFileBytes"),
        Limit(
            evidence, #"nested deeper than (\d+) levels"#, "SignetPDFSigning/PDF/EvidenceAttachment+Appearance.swift",
            "maxAppearanceDepth"),
        Limit(
            evidence, #"holding more than ([\d,]+) objects"#,
            "SignetPDFSigning/PDF/EvidenceAttachment+Appearance.swift", "maxAppearanceObjects"),
        Limit(
            hardening, #"\| rendered or previewed image \| ([\d,]+) pixels"#, "SignetRaster/RenderOptions.swift",
            "defaultMaxPixels"),
        Limit(
            hardening, #"\| rendered or previewed image \| ([\d,]+) pixels"#, "SignetPreview/PreviewOptions.swift",
            "defaultMaxPixels"),
        Limit(
            hardening, #"\| rendered or previewed image \|[^|]*, ([\d,]+) px a side"#,
            "SignetRaster/RenderOptions.swift", "maxSide"),
        Limit(
            hardening, #"\| rendered or previewed image \|[^|]*, ([\d,]+) px a side"#,
            "SignetPreview/PreviewOptions.swift", "maxSide"),
        Limit(
            hardening, #"\| decoded image [^|]*\| ([\d,]+) pixels"#, "SignetCodecs/Images/DecodeLimits.swift",
            "defaultMaxPixels"),
        Limit(
            hardening, #"image files up to (\d+ MiB) \(`compress`\)"#, "Signet/SignetAPI+Fit.swift", "maxImageFileBytes"
        ),
        Limit(hardening, #"(\d+ MiB) \(stamp images\)"#, "Signet/StampArtwork+Files.swift", "maxImageFileBytes"),
        Limit(hardening, #"balance \| (\d+ MiB) per page"#, "SignetPDF/Document/PageContent.swift", "defaultLimit"),
        Limit(
            hardening, #"\| pages stamped in one run \| ([\d,]+)"#, "SignetPDF/Stamp/StampOptions.swift",
            "defaultMaxPages"),
        Limit(
            hardening, #"\| page-tree depth / attribute inheritance \| (\d+) /"#,
            "SignetPDF/Document/PageTreeDepth.swift", "maxPageTreeDepth"),
        Limit(
            hardening, #"\| page-tree depth / attribute inheritance \| \d+ / (\d+) levels"#,
            "SignetPDF/Document/PDFPage.swift", "maxInheritanceDepth"),
        Limit(hardening, #"\| form fields walked \| ([\d,]+) fields"#, "SignetPDF/Info/FormFields.swift", "maxNodes"),
        Limit(
            hardening, #"\| form fields walked \| [\d,]+ fields, (\d+) levels"#, "SignetPDF/Info/FormFields.swift",
            "maxDepth"),
        Limit(
            hardening, #"\| xref sections followed \| ([\d,]+)"#, "SignetPDF/Structure/FileStructure.swift",
            "maxSections"),
        Limit(
            hardening, #"\| objects the xref sections list [^|]*\| ([\d,]+)"#,
            "SignetPDF/Structure/FileRevisions.swift", "maxObjects"),
        Limit(
            hardening, #"reads for verify \| ([\d,]+) objects per revision"#, "SignetPreview/ObjectReading.swift",
            "maxObjects"),
        Limit(
            hardening, #"objects per revision, (\d+ GiB) of address space"#, "SignetPreview/ObjectReading.swift",
            "maxAddressSpace"),
        Limit(hardening, #"address space, the (\d+ s) budget"#, "SignetCLI/Commands/OverlayRenderer.swift", "budget"),
        Limit(
            hardening, #"\| signatures verified in one file \| ([\d,]+)"#, "SignetVerify/PDFVerifier.swift",
            "maxSignatures"),
        Limit(
            hardening, #"looked at \| ([\d,]+) items of each kind"#, "SignetPDFSigning/LTV/DocumentSecurityStore.swift",
            "maxValues"),
        Limit(
            hardening, #"items of each kind; (\d+ MiB) each"#, "SignetPDFSigning/LTV/DocumentSecurityStore.swift",
            "maxValueBytes"),
        Limit(
            hardening, #"MiB each, (\d+ MiB) in all"#, "SignetPDFSigning/LTV/DocumentSecurityStore.swift",
            "maxTotalBytes"),
        Limit(
            hardening, #"\| certificates / CRLs carried [^|]*\| (\d+) /"#, "SignetCrypto/Verify/CMSVerifier.swift",
            "maxCarriedCertificates"),
        Limit(
            hardening, #"\| certificates / CRLs carried [^|]*\| \d+ / (\d+),"#, "SignetCrypto/Verify/CMSVerifier.swift",
            "maxCarriedCRLs"),
        Limit(
            hardening, #"\| RSA public exponent [^|]*\| (\d+ bits)"#, "SignetCrypto/OpenSSL/PrivateKey+Defect.swift",
            "maximumExponentBits"),
        Limit(
            hardening, #"\| one signature container [^|]*\| (\d+ MiB) to verify"#, "SignetVerify/PDFVerifier.swift",
            "maxContainerBytes"),
        Limit(
            hardening, #"MiB to verify, (\d+ MiB) reserved to sign"#, "SignetPDFSigning/PDF/PDFSignOptions.swift",
            "maxReserve"),
        Limit(
            hardening, #"\| password-derivation iterations [^|]*\| ([\d,]+)"#,
            "SignetCrypto/Identity/PKCS12Loader.swift", "maxKeyDerivationIterations"),
        Limit(
            hardening, #"\| a password from a file or stdin \| ([\d,]+) bytes"#, "SignetCLI/CLI/SecretInput.swift",
            "maxBytes"),
        Limit(
            hardening, #"\| PDF read from standard input \| (\d+ GiB) spooled"#, "SignetCLI/CLI/PDFInput.swift",
            "stdinLimit"),
        Limit(
            hardening, #"temporary file \((\d+ GiB) for `preview`\)"#, "SignetPreview/PreviewDocument.swift",
            "maxStandardInputBytes"),
        Limit(
            hardening, #"\| `signet capture` request \| header (\d+ KiB)"#, "SignetCapture/HTTPRequest.swift",
            "maxHeaderBytes"),
        Limit(
            hardening, #"request \| header \d+ KiB and (\d+) fields"#, "SignetCapture/HTTPRequest.swift",
            "maxHeaderFields"),
        Limit(hardening, #"fields, body (\d+ MiB)"#, "SignetCapture/HTTPRequest.swift", "maxBodyBytes"),
        Limit(hardening, #"fields, body (\d+ MiB)"#, "SignetCapture/CaptureOptions.swift", "maxBodyBytes"),
        Limit(hardening, #"MiB, (\d+ s) to send it"#, "SignetCapture/CaptureOptions.swift", "requestTimeout"),
        Limit(hardening, #"to send it, (\d+) open connections"#, "SignetCapture/CaptureServer.swift", "maxConnections"),
        Limit(
            verify, #"At most \*\*([\d,]+) objects\*\* per document"#, "SignetPreview/ObjectReading.swift", "maxObjects"
        ),
        Limit(
            verify, #"limited to (\d+ GiB) of address space"#, "SignetPreview/ObjectReading.swift", "maxAddressSpace"),
        Limit(
            verify, #"at most \*\*(\d+ s)\*\* of reading and rendering"#, "SignetCLI/Commands/OverlayRenderer.swift",
            "budget"),
        Limit(
            verify, #"At most \*\*(\d+) renders\*\* per verification"#, "SignetVerify/OverlayCheck.swift", "maxRenders"),
        Limit(verify, #"bound of\s+(\d+) page renders"#, "SignetVerify/OverlayCheck.swift", "maxRenders"),
        Limit(
            verify, #"At most ([\d,]+) items of each kind are looked at"#,
            "SignetPDFSigning/LTV/DocumentSecurityStore.swift", "maxValues"),
        Limit(
            verify, #"streams list over (\d+ million) entries"#, "SignetPDF/Structure/FileStructure.swift",
            "maxStreamEntries"),
        Limit(
            verify, #"sections\s+list over ([\d,]+) objects is refused"#, "SignetPDF/Structure/FileRevisions.swift",
            "maxObjects"),
        Limit(
            verify, #"carrying more than \*\*(\d+) certificates\*\*"#, "SignetCrypto/Verify/CMSVerifier.swift",
            "maxCarriedCertificates"),
        Limit(
            verify, #"at most (\d+ MiB) read of each"#, "SignetPDFSigning/LTV/DocumentSecurityStore.swift",
            "maxValueBytes"),
        Limit(
            verify, #"read of each, (\d+ MiB) in all"#, "SignetPDFSigning/LTV/DocumentSecurityStore.swift",
            "maxTotalBytes"),
        Limit(
            cli, #"\(default\s+(\d+): a 50 MP photo is read\)"#, "SignetCodecs/Images/DecodeLimits.swift",
            "defaultMaxPixels"),
        Limit(
            budget, #"smallest n/8 of its size that keeps (\d+) MP"#, "SignetCodecs/Images/JPEGDecodeScale.swift",
            "minimumPixels", unit: 1_000_000),
        Limit(
            budget, #"keeps \d+ MP and (\d+) pixels per byte"#, "SignetCodecs/Images/JPEGDecodeScale.swift",
            "pixelsPerByte"),
        Limit(budget, #"`SSIMSample`: (\d+) evenly spaced bands"#, "SignetCodecs/Quality/SSIMSample.swift", "count"),
        Limit(
            budget, #"`SSIMSample`: \d+ evenly spaced bands of (\d+) rows"#, "SignetCodecs/Quality/SSIMSample.swift",
            "bandRows"),
        Limit(budget, #"on images with (\d+) rows\s+or more"#, "SignetCodecs/Quality/SSIMSample.swift", "bandedRows"),
        Limit(
            budget, #"From ([\d.]+) MP \(when the sample is bands"#, "SignetCodecs/Quality/SSIMSample.swift",
            "scoredPixels", unit: 1_000_000),
        Limit(
            budget, #"\*\*Sampled\*\* \(images of ([\d.]+) MP or more"#, "SignetCodecs/Budget/JPEGSizeSample.swift",
            "minimumPixels", unit: 1_000_000),
        Limit(
            budget, #"evenly spaced bands of (\d+) rows,\s+about"#, "SignetCodecs/Budget/JPEGSizeSample.swift",
            "bandRows"),
        Limit(
            budget, #"rows,\s+about ([\d,]+) pixels, are encoded"#, "SignetCodecs/Budget/JPEGSizeSample.swift",
            "targetPixels"),
        Limit(
            budget, #"Up to (\d+) MP the full size's search"#, "SignetCodecs/Budget/JPEGBudgetFit.swift",
            "pairedFullSizePixels", unit: 1_000_000),
        Limit(budget, #"search used up the (\d+) encodes"#, "SignetCodecs/Budget/JPEGBudgetFit.swift", "maxEncodes"),
        Limit(
            cli, #"spends \*\*at most (\d+) full encodes\*\*"#, "SignetCodecs/Budget/JPEGBudgetFit.swift", "maxEncodes"),
        Limit(
            cli, #"\(up to (\d+) more encodes, to within 1 %\)"#, "SignetCodecs/Budget/PNGBudgetFit.swift",
            "refineEncodes"),
        Limit(cli, #"\| `Content-Length` over (\d+ MiB) \|"#, "SignetCapture/HTTPRequest.swift", "maxBodyBytes"),
        Limit(
            cli, #"rendered by `signet-preview` at (\d+) dpi \(lower"#, "SignetPDF/Geometry/StampPlacer.swift", "dpi"),
        Limit(
            cli, #"\(lower for a page over (\d+) megapixels\)"#, "SignetPDF/Geometry/StampPlacer.swift", "maxPixels",
            unit: 1_000_000),
        Limit(
            cli, #"default (\d+) pt wide, \d+ pt in from the bottom-right"#, "SignetPDF/Geometry/StampPlacement.swift",
            "defaultWidth"),
        Limit(
            cli, #"default \d+ pt wide, (\d+) pt in from the bottom-right"#, "SignetPDF/Geometry/StampPlacement.swift",
            "defaultMargin"),
        Limit(
            cli, #"an answer over (\d+ MiB) is refused"#, "SignetCrypto/HTTP/HTTPTransport.swift", "maxResponseBytes"),
        Limit(
            verify, #"chain holds over ([\d,]+) cross-reference sections"#, "SignetPDF/Structure/FileStructure.swift",
            "maxSections"),
        Limit(
            verify, #"streams that decode to over (\d+ MiB) in all"#, "SignetPDF/Structure/FileRevisions.swift",
            "maxDecoded"),
        Limit(verify, #"Dictionaries nest at most (\d+) levels"#, "SignetPDF/Structure/SyntaxReader.swift", "maxDepth"),
        Limit(verify, #"a rectangle over \d+ megapixels at (\d+) dpi"#, "SignetVerify/OverlayComparison.swift", "dpi"),
        Limit(
            verify, #"moduli up to ([\d,]+) bits"#, "SignetCrypto/OpenSSL/PrivateKey+Defect.swift",
            "primeTestedModulusBits"),
        Limit(
            verify, #"carrying more than \*\*(\d+) CRLs\*\*"#, "SignetCrypto/Verify/CMSVerifier.swift", "maxCarriedCRLs"
        ),
        Limit(
            verify, #"not decoded \(another filter, over (\d+ MiB) decoded"#,
            "SignetPDF/Structure/ObjectStreamKeys.swift", "maxDecoded"),
        Limit(
            architecture, #"document as a form XObject \(at most (\d+) objects"#,
            "SignetPDF/Document/PDFDocument+Import.swift", "maxImportedObjects"),
        Limit(
            architecture, #"at most \d+ objects, (\d+) levels deep"#, "SignetPDF/Document/PDFDocument+Import.swift",
            "maxImportDepth"),
        Limit(
            architecture, #"an exponent over (\d+ bits)"#, "SignetCrypto/OpenSSL/PrivateKey+Defect.swift",
            "maximumExponentBits"),
        Limit(
            cli, #"read once, at the start \(up to (\d+ GiB)"#, "SignetCLI/Commands/CaptureCommand+PDF.swift",
            "maxDocumentBytes"),
        Limit(
            cli, #"`/Contents` of `--reserve` bytes \(default (\d+):"#, "SignetPDFSigning/PDF/TwoStepSigner.swift",
            "defaultReserve"),
        Limit(
            cli, #"`--external-timeout` \(default\s+(\d+ s)"#, "SignetCLI/Flags/ExternalSignerFlags.swift",
            "defaultTimeout"),
        Limit(
            formats, #"\| whole input read into memory [^|]*\| (\d+ MiB)"#, "SignetStrokes/Readers/StrokeLimits.swift",
            "maxInputBytes"),
        Limit(
            formats, #"\| one line \(NDJSON, text\) \| (\d+ MiB)"#, "SignetStrokes/Readers/StrokeLimits.swift",
            "maxLineBytes"),
        Limit(
            formats, #"\| points in one stroke \| ([\d,]+)"#, "SignetStrokes/Readers/StrokeLimits.swift",
            "maxPointsPerStroke"),
        Limit(
            formats, #"\| points in one drawing \| ([\d,]+)"#, "SignetStrokes/Readers/StrokeLimits.swift", "maxPoints"),
        Limit(
            formats, #"\| strokes in one drawing \| ([\d,]+)"#, "SignetStrokes/Readers/StrokeLimits.swift", "maxStrokes"
        ),
        Limit(
            formats, #"\| coordinate magnitude \| ([\d,]+) units"#, "SignetStrokes/Readers/StrokeLimits.swift",
            "defaultMaxCoordinate"),
        Limit(
            formats, #"\| nesting of JSON arrays/objects or XML elements \| (\d+) levels"#,
            "SignetStrokes/Readers/StrokeLimits.swift", "maxNesting"),
    ]

    /// `400,000` → 400000, `16 MiB` → 16777216, `15 s` → 15, `10 million` → 10000000.
    static func statedValue(_ text: String) -> Double? {
        let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
        guard let number = Double(parts[0].replacing(",", with: "")) else { return nil }
        let scale: [String: Double] = ["KiB": 1024, "MiB": 1_048_576, "GiB": 1_073_741_824, "million": 1_000_000]
        return number * (parts.count > 1 ? scale[parts[1]] ?? 1 : 1)
    }

    /// A Swift literal expression as the constants write them: `64 << 20`, `4 * 1024 * 1024`,
    /// `10_000_000.0`.
    static func evaluate(_ expression: String) -> Double? {
        let shifts = expression.components(separatedBy: "<<").map { $0.trimmingCharacters(in: .whitespaces) }
        if shifts.count == 2, let base = evaluate(shifts[0]), let by = Int(shifts[1]) {
            return base * Double(1 << by)
        }
        let factors = expression.split(separator: "*").map { $0.trimmingCharacters(in: .whitespaces) }
        guard factors.count > 1 else { return Double(expression.replacing("_", with: "")) }
        return factors.reduce(Double?(1)) { product, factor in product.flatMap { p in evaluate(factor).map { p * $0 } }
        }
    }

    @Test("the stated figure equals the constant", arguments: limits)
    func statedEqualsConstant(limit: Limit) throws {
        let page = try RepositoryText.read(limit.page)
        let stated = try #require(
            try RepositoryText.captures(limit.stated, in: page).first,
            "\(limit.page) no longer states /\(limit.stated)/: keep the figure and this list in step")
        let code = try RepositoryText.read("Sources/" + limit.source)
        let declared = try #require(
            try RepositoryText.captures(
                #"\b\#(limit.constant)(?:: *\w+)? *= *([0-9_.]+(?: *(?:<<|\*) *[0-9_.]+)*)"#, in: code
            ).first, "Sources/\(limit.source) no longer declares \(limit.constant) as a number")
        let statedValue = try #require(Self.statedValue(stated), "cannot read '\(stated)' as a figure") * limit.unit
        let declaredValue = try #require(Self.evaluate(declared), "cannot evaluate '\(declared)'")
        #expect(
            statedValue == declaredValue,
            "\(limit.page) says \(stated); Sources/\(limit.source) declares \(limit.constant) = \(declared)")
    }
}
