/// ECDSA signatures in the two forms signers hand out.
enum ECDSASignature {
    /// ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER } (RFC 5480 §2.2.3), as CMS carries
    /// it, from the raw r‖s of PKCS#11 and most KMS APIs; `nil` when `raw` is not two equal halves.
    static func der(fromRaw raw: [UInt8]) -> [UInt8]? {
        guard !raw.isEmpty, raw.count % 2 == 0 else { return nil }
        func integer(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            var value = Array(bytes.drop { $0 == 0 })
            if value.isEmpty || value[0] & 0x80 != 0 { value.insert(0, at: 0) }
            return [0x02] + DER.length(value.count) + value
        }
        let half = raw.count / 2
        let body = integer(raw[..<half]) + integer(raw[half...])
        return [0x30] + DER.length(body.count) + body
    }
}
