import Foundation

/// What a CRL made by `RevocationPKI.crl(_:in:)` holds besides the root's signature.
package struct CRLSpec: Sendable {
    /// Which certificates an issuing distribution point limits the CRL to.
    package enum Scope: String, Sendable {
        case user, ca, attribute
    }

    /// Serial numbers (hexadecimal) listed as revoked, a day before thisUpdate.
    package var revoked: [String] = []
    package var scope: Scope?
    /// The distribution point name (a URI) of the issuing distribution point.
    package var distributionPoint: String?
    /// onlySomeReasons: keyCompromise.
    package var someReasons = false
    package var indirect = false
    /// A deltaCRLIndicator (critical).
    package var delta = false
    /// A critical extension of a private OID, on the CRL itself and on each entry.
    package var unknownCritical = false
    package var unknownCriticalEntry = false
    /// Defaults to now.
    package var thisUpdate: Date?
    /// The ExpiredCertsOnCRL extension's date.
    package var expiredCertsOnCRL: Date?

    package init(
        revoked: [String] = [], scope: Scope? = nil, distributionPoint: String? = nil, someReasons: Bool = false,
        indirect: Bool = false, delta: Bool = false, unknownCritical: Bool = false, unknownCriticalEntry: Bool = false,
        thisUpdate: Date? = nil, expiredCertsOnCRL: Date? = nil
    ) {
        (self.revoked, self.scope, self.distributionPoint, self.someReasons, self.indirect) =
            (revoked, scope, distributionPoint, someReasons, indirect)
        (self.delta, self.unknownCritical, self.unknownCriticalEntry, self.thisUpdate, self.expiredCertsOnCRL) =
            (delta, unknownCritical, unknownCriticalEntry, thisUpdate, expiredCertsOnCRL)
    }

    var arguments: [String] {
        var list = ["--this-update", "\((thisUpdate ?? Date()).timeIntervalSince1970.rounded(.down))"]
        list += revoked.flatMap { ["--revoke", $0] }
        if let scope { list += ["--scope", scope.rawValue] }
        if let distributionPoint { list += ["--idp-name", distributionPoint] }
        let flags = [
            ("--some-reasons", someReasons), ("--indirect", indirect), ("--delta", delta),
            ("--critical-unknown", unknownCritical), ("--entry-critical-unknown", unknownCriticalEntry),
        ]
        list += flags.filter(\.1).map(\.0)
        if let expiredCertsOnCRL { list += ["--expired-certs-on-crl", "\(expiredCertsOnCRL.timeIntervalSince1970)"] }
        return list
    }
}

extension RevocationPKI {
    /// The serial number of the revoked signer (hexadecimal).
    package static let revokedSerial = "1002"

    /// A CRL (DER) the root signs, made as `spec` says by Python's cryptography in `folder`.
    package func crl(_ spec: CRLSpec, in folder: TemporaryDirectory) throws -> [UInt8] {
        let out = folder.path("crl-\(UUID().uuidString.prefix(8)).der")
        try crlTool(["crl", "--out", out] + spec.arguments, in: folder)
        return try bytes(out)
    }

    /// A certificate (PEM path) the root issued, valid from `notBefore` to `notAfter`, naming the
    /// root's CRL as its distribution point; its key is thrown away.
    package func certificate(
        serial: String, notBefore: Date, notAfter: Date, in folder: TemporaryDirectory
    ) throws -> String {
        let out = folder.path("cert-\(serial).pem")
        try crlTool(
            [
                "cert", "--out", out, "--subject", "CN=Revocation \(serial)", "--serial", serial, "--not-before",
                "\(notBefore.timeIntervalSince1970)", "--not-after", "\(notAfter.timeIntervalSince1970)", "--crl-url",
                Self.baseURL + "/root.crl",
            ], in: folder)
        return out
    }

    private func crlTool(_ arguments: [String], in folder: TemporaryDirectory) throws {
        let script = folder.write("crl_tool.py", CRLToolScript.source)
        let result = try ProcessRunner.run(
            "python3", [script, arguments[0], "--ca-cert", rootCert, "--ca-key", rootKey] + arguments.dropFirst(),
            currentDirectory: folder.url.path)
        guard result.status == 0 else { throw ToolFailure("crl_tool.py \(arguments[0]) failed: \(result.stderr)") }
    }
}
