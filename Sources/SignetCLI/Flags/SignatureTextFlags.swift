import Signet

/// `--text-position`, `--no-text`, `--text-font`: the text a visible signature shows with its
/// artwork (the signer's name, the signing time, the reason and the location), shared by
/// `signet sign` and `signet pipeline`.
enum SignatureTextFlags {
    static let specs: [OptionSpec] = [
        .choice(
            .textPosition, "POSITION", SignatureText.Position.self,
            "where the signer's name, the signing time (UTC) and --reason/--location go: below the artwork (default) or right of it"
        ),
        .flag(.noText, "show only the artwork (no name, time, reason or location)"),
        .value(.textFont, "FILE", "font of that text (default DejaVu Sans, Debian fonts-dejavu-core)"),
    ]

    /// Names of the value options and of the flag, for commands that refuse them.
    static let values = [OptionName.textPosition, .textFont]
    static let flag = OptionName.noText

    /// The text to show: the name is `--name`, else the certificate's common name, else its
    /// subject; `nil` with `--no-text`.
    static func text(_ args: Arguments, identity: SigningIdentity, options: PDFSignOptions) throws -> SignatureText? {
        try text(args, signer: identity.commonName ?? identity.subject, options: options)
    }

    /// The same with `signer` as the name when `--name` is not given.
    static func text(_ args: Arguments, signer: String, options: PDFSignOptions) throws -> SignatureText? {
        let position = try args.choice(.textPosition, SignatureText.Position.self)
        if args.flag(flag) {
            if let given = values.first(where: { args.string($0) != nil }) {
                throw UsageError(args.command, "--no-text leaves the text out; --\(given) has nothing to change")
            }
            return nil
        }
        let lines = SignatureText.lines(
            name: options.name ?? signer, signingTime: options.signingTime,
            reason: options.reason, location: options.location)
        // Read once per process: every batch job with text shares the font.
        let font = try TextFontCache.shared.font(at: args.string(.textFont) ?? TextFont.dejaVuSansPath)
        return SignatureText(lines: lines, position: position ?? .below, font: font)
    }
}
