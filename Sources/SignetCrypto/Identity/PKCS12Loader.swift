import SignetFiles

extension SigningIdentity {
    /// The largest identity file read (PKCS#12 bundles and PEM files are a few KB).
    static let fileLimit = 4 << 20
    /// The most password-derivation work loading one identity may take: PBKDF2 (or PKCS#12 KDF)
    /// iterations summed over the MAC, the encrypted safes and the encrypted keys (10,000,000,
    /// a few seconds; OpenSSL writes 2,048 per item, the most cautious exporters 600,000).
    package static let maxKeyDerivationIterations = 10_000_000

    /// Loads a PKCS#12 bundle (.p12/.pfx): modern PBES2/AES or legacy RC2/3DES encryption.
    /// `password == nil` means none was given (an unprotected bundle); an empty secret is the
    /// empty password. When the bundle holds several certificates, the one matching the key
    /// signs and the others become the chain.
    /// - Parameters:
    ///   - path: The `.p12` / `.pfx` file.
    ///   - password: Its password; `nil` for none.
    /// - Throws: ``SignError`` when the file cannot be read, the password is wrong or it holds no key and certificate.
    public static func pkcs12(path: String, password: Secret?) throws -> SigningIdentity {
        let bytes = try InputFile.read(path, limit: fileLimit)
        let bundle: PKCS12Bundle
        do {
            bundle = try PKCS12Bundle(der: bytes)
        } catch {
            throw SignError(path, .unreadable("not a PKCS#12 bundle"))
        }
        // Without a password both "none" and "" are tried against the MAC, as OpenSSL does.
        let macCost = bundle.macIterations.multipliedReportingOverflow(by: password == nil ? 2 : 1)
        guard !macCost.overflow, macCost.partialValue <= maxKeyDerivationIterations else {
            throw SignError(
                path, .keyDerivationTooCostly(iterations: bundle.macIterations, limit: maxKeyDerivationIterations))
        }
        let parsed = try withPassword(password) { pass, length in
            // Without a password, OpenSSL decrypts with "" when that is what opens the MAC.
            var emptyOpens = false
            if bundle.hasMAC {
                let opens: Bool
                if pass != nil {
                    opens = bundle.macVerifies(pass, length: length)
                } else if bundle.macVerifies(nil, length: 0) {
                    opens = true
                } else {
                    emptyOpens = bundle.macVerifies("", length: 0)
                    opens = emptyOpens
                }
                guard opens else { throw SignError(path, password == nil ? .passwordNeeded : .wrongPassword) }
            }
            let budget = maxKeyDerivationIterations - macCost.partialValue
            return try parse(bundle, pass, path: path, passwordGiven: password != nil) {
                let cost =
                    emptyOpens ? bundle.decryptionCost("", cap: budget) : bundle.decryptionCost(pass, cap: budget)
                guard cost <= budget else {
                    let total = macCost.partialValue.addingReportingOverflow(cost)
                    throw SignError(
                        path,
                        .keyDerivationTooCostly(
                            iterations: total.overflow ? Int.max : total.partialValue, limit: maxKeyDerivationIterations
                        ))
                }
            }
        }
        guard let key = parsed.key else { throw SignError(path, .noPrivateKey) }
        guard let certificate = parsed.certificate else {
            throw SignError(
                path,
                parsed.others.isEmpty ? .noCertificate : .keyMatchesNoCertificate(certificates: parsed.others.count))
        }
        return try SigningIdentity(key: .file(key), certificate: certificate, chain: parsed.others, source: path)
    }

    /// Decrypts the bags; `checkCost` runs before each attempt (a retry with the legacy provider
    /// can open safes the first attempt could not look into).
    private static func parse(
        _ bundle: PKCS12Bundle, _ pass: UnsafePointer<CChar>?, path: String, passwordGiven: Bool,
        checkCost: () throws -> Void
    ) throws -> (key: PrivateKey?, certificate: Certificate?, others: [Certificate]) {
        do {
            try checkCost()
            return try bundle.parse(pass)
        } catch let failure as OpenSSLFailure where failure.hasReason("unsupported") {
            // RC2-40 / DES bags: retry with OpenSSL 3's legacy provider.
            do {
                try LegacyProviders.ensureLoaded()
            } catch let loadFailure as OpenSSLFailure {
                throw SignError(
                    path, .crypto(operation: "loading the legacy provider for RC2/DES", details: loadFailure.summary))
            }
            do {
                try checkCost()
                return try bundle.parse(pass)
            } catch let failure as OpenSSLFailure {
                throw bagError(failure, path: path, passwordGiven: passwordGiven)
            }
        } catch let failure as OpenSSLFailure {
            throw bagError(failure, path: path, passwordGiven: passwordGiven)
        }
    }

    /// A bag that does not decrypt although the MAC (if any) was fine: the password is wrong
    /// (bundles without a MAC), or the content is damaged.
    private static func bagError(_ failure: OpenSSLFailure, path: String, passwordGiven: Bool) -> SignError {
        if failure.hasReason("decrypt") || failure.hasReason("pkcs12 cipherfinal error") {
            return SignError(path, passwordGiven ? .wrongPassword : .passwordNeeded)
        }
        return SignError(path, .unreadable(failure.summary))
    }

    /// Runs `body` with the password as a C string (or `nil` when none was given).
    static func withPassword<R>(_ password: Secret?, _ body: (UnsafePointer<CChar>?, Int32) throws -> R) throws -> R {
        guard let password else { return try body(nil, 0) }
        return try password.withCString { try body($0, Int32($1)) }
    }
}
