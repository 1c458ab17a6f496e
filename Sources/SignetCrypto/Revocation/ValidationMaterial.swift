/// Certificates, OCSP responses and CRLs (DER), as a PDF's DSS holds them: each kept once.
package struct ValidationMaterial: Sendable, Hashable {
    package private(set) var certificates: [[UInt8]] = []
    package private(set) var ocspResponses: [[UInt8]] = []
    package private(set) var crls: [[UInt8]] = []

    package init(certificates: [[UInt8]] = [], ocspResponses: [[UInt8]] = [], crls: [[UInt8]] = []) {
        add(certificates: certificates, ocspResponses: ocspResponses, crls: crls)
    }

    /// Adds what is not there yet (compared by bytes).
    package mutating func add(_ other: ValidationMaterial) {
        add(certificates: other.certificates, ocspResponses: other.ocspResponses, crls: other.crls)
    }

    /// Adds the values not there yet (compared by bytes, through a hash, `ByteKey`: a store of
    /// many values costs time in proportion, not its square), in order.
    package mutating func add(certificates: [[UInt8]] = [], ocspResponses: [[UInt8]] = [], crls: [[UInt8]] = []) {
        Self.append(certificates, to: &self.certificates)
        Self.append(ocspResponses, to: &self.ocspResponses)
        Self.append(crls, to: &self.crls)
    }

    private static func append(_ values: [[UInt8]], to list: inout [[UInt8]]) {
        var known = Set(list.map(ByteKey.init))
        for value in values where known.insert(ByteKey(value)).inserted { list.append(value) }
    }

    /// What `self` holds that `other` does not.
    package func subtracting(_ other: ValidationMaterial) -> ValidationMaterial {
        let keys = { (values: [[UInt8]]) in Set(values.map(ByteKey.init)) }
        let (certificates, ocsp, crls) = (keys(other.certificates), keys(other.ocspResponses), keys(other.crls))
        return ValidationMaterial(
            certificates: self.certificates.filter { !certificates.contains(ByteKey($0)) },
            ocspResponses: ocspResponses.filter { !ocsp.contains(ByteKey($0)) },
            crls: self.crls.filter { !crls.contains(ByteKey($0)) })
    }

    package var isEmpty: Bool { certificates.isEmpty && ocspResponses.isEmpty && crls.isEmpty }
}
