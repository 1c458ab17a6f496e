import FoundationEssentials
import Glibc
import Signet

/// `--tsa URL` and what goes with it (`signet sign`, `signet timestamp`): the authority, its HTTP
/// timeout and policy, and credentials read only from an environment variable or a file.
enum TimestampFlags {
    static let specs: [OptionSpec] = [
        .value(.tsa, "URL", "RFC 3161 timestamp authority: timestamp the signature (PAdES B-T)"),
        .value(.tsaTimeout, "SECONDS", "seconds to wait for the timestamp authority (default 30)"),
        .value(.tsaPolicy, "OID", "ask the authority for this TSA policy; its reply must carry it"),
        .value(
            .tsaCredentialsEnv, "VAR",
            "read the authority's credentials from environment variable VAR: USER:PASSWORD (basic) or 'Bearer TOKEN'"),
        .value(.tsaCredentialsFile, "FILE", "read the authority's credentials from FILE (same forms)"),
        .flag(
            .tsaAllowPlainHttpCredentials,
            "send the credentials to an http:// authority although anyone on the network can read them"),
    ]

    /// The `--tsa-*` options that mean nothing without `--tsa`.
    static let dependents = [OptionName.tsaTimeout, .tsaPolicy, .tsaCredentialsEnv, .tsaCredentialsFile]

    /// The authority of `--tsa`, or `nil` without it; refuses a URL with credentials in it.
    static func options(_ args: Arguments) throws -> TimestampOptions? {
        guard let url = args.string(.tsa) else {
            if let stray = dependents.first(where: { args.string($0) != nil }) {
                throw UsageError(args.command, "--\(stray) goes with --tsa URL")
            }
            return nil
        }
        let scheme = url.prefix { $0 != ":" }.lowercased()
        guard ["http", "https"].contains(scheme), url.contains("://") else {
            throw UsageError(
                args.command, "--tsa takes an http:// or https:// URL; got '\(HTTPReason.withoutCredentials(url))'")
        }
        guard !HTTPReason.hasCredentials(url) else {
            throw UsageError(
                args.command,
                "--tsa must not carry credentials (they would be visible in the process list); put USER:PASSWORD in a file for --tsa-credentials-file or a variable for --tsa-credentials-env"
            )
        }
        return TimestampOptions(url: url, policy: args.string(.tsaPolicy))
    }

    /// The transport for the authority: libcurl with `--tsa-timeout` and the credentials given.
    static func transport(_ args: Arguments, _ context: CommandContext) throws -> CurlTransport {
        let timeout = try args.double(.tsaTimeout, in: 1...600) ?? 30
        let secret = try SecretInput.secret(args, context, .tsaCredentials)
        let plainHTTP = args.string(.tsa).map { $0.lowercased().hasPrefix("http:") } ?? false
        if secret != nil, plainHTTP, !args.flag(.tsaAllowPlainHttpCredentials) {
            throw UsageError(
                args.command,
                "the TSA credentials would travel unencrypted over http://; use an https:// URL, or add --tsa-allow-plain-http-credentials if that is really what you want"
            )
        }
        return CurlTransport(
            options: HTTPOptions(timeout: timeout, connectTimeout: min(10, timeout)),
            credentials: try secret.map { try credentials($0, args) })
    }

    /// `USER:PASSWORD` → basic, `Bearer TOKEN` → bearer; the secret part stays a `Secret`.
    static func credentials(_ secret: Secret, _ args: Arguments) throws -> HTTPCredentials {
        try secret.withCString { pointer, count in
            var copy = Array(UnsafeRawBufferPointer(start: pointer, count: count))
            defer { copy.withUnsafeMutableBytes { if let base = $0.baseAddress { explicit_bzero(base, $0.count) } } }
            let bearer = Array("bearer ".utf8)
            if copy.count > bearer.count, copy.prefix(bearer.count).map({ $0 | 0x20 }) == bearer.map({ $0 | 0x20 }) {
                var token = Array(copy.dropFirst(bearer.count))
                return .bearer(Secret(taking: &token))
            }
            guard let colon = copy.firstIndex(of: UInt8(ascii: ":")), colon > 0 else {
                throw UsageError(
                    args.command, "the TSA credentials must read USER:PASSWORD (basic) or 'Bearer TOKEN'")
            }
            var password = Array(copy[(colon + 1)...])
            return .basic(user: String(decoding: copy[..<colon], as: UTF8.self), password: Secret(taking: &password))
        }
    }
}
