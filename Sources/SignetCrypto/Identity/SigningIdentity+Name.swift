extension SigningIdentity {
    /// The signer's common name (the subject's last CN, as UTF-8), e.g. "Alice Example"; `nil`
    /// when the subject has none. A visible signature shows it as the signer's name.
    public var commonName: String? { certificate.commonName }
}
