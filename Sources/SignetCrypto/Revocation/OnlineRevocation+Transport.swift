extension OnlineRevocation {
    /// Fetches through `transport`: an OCSP request as a POST of `application/ocsp-request`
    /// (the answer must be `application/ocsp-response`), a CRL or an issuer certificate as a GET.
    /// - Parameters:
    ///   - transport: The HTTP client (`CurlTransport`, without a timestamp authority's credentials).
    ///   - nonce: Random bytes for one OCSP nonce.
    public init(transport: any HTTPTransport, nonce: @escaping @Sendable () -> [UInt8]) {
        self.init(
            fetch: { url, body, contentType in
                guard let body, let contentType else { return try transport.get(url: url).body }
                let response = try transport.post(
                    url: url, contentType: contentType, body: body, accept: "application/ocsp-response")
                try response.requireType("application/ocsp-response", from: url)
                return response.body
            }, nonce: nonce)
    }
}
