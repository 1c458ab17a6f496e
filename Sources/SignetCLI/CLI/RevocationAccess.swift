import Signet

/// How the CLI reaches OCSP responders and CRL distribution points (`sign --ltv`,
/// `verify --revocation online`): libcurl with the default limits and no credentials (a TSA's
/// credentials are never sent to them), and the system's random source for OCSP nonces.
enum RevocationAccess {
    /// `--certs FILE` (repeatable) of `sign --ltv` and `timestamp --ltv`.
    static let certsSpec = OptionSpec.value(
        .certs, "FILE",
        "with --ltv: more certificates (PEM or DER) to complete chains with, such as a timestamp authority's issuer; repeat for several",
        repeatable: true)

    /// The access, knowing the certificates of `--certs` when the command has that option.
    static func online(_ args: Arguments? = nil) throws -> OnlineRevocation {
        var access = OnlineRevocation(
            transport: CurlTransport(), nonce: { (0..<16).map { _ in UInt8.random(in: 0...255) } })
        try access.addCertificates(fromFiles: args?.strings(.certs) ?? [])
        return access
    }

    /// Refuses `--certs` without `--ltv`, where nothing would use it.
    static func requireLTV(_ args: Arguments) throws {
        if !args.strings(.certs).isEmpty, !args.flag(.ltv) {
            throw UsageError(args.command, "--certs completes chains for --ltv; give --ltv too")
        }
    }
}
