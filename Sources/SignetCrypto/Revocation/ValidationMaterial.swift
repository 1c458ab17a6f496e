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

    /// Adds the values not there yet (compared by bytes), in order.
    package mutating func add(certificates: [[UInt8]] = [], ocspResponses: [[UInt8]] = [], crls: [[UInt8]] = []) {
        for c in certificates where !self.certificates.contains(c) { self.certificates.append(c) }
        for o in ocspResponses where !self.ocspResponses.contains(o) { self.ocspResponses.append(o) }
        for c in crls where !self.crls.contains(c) { self.crls.append(c) }
    }

    /// What `self` holds that `other` does not.
    package func subtracting(_ other: ValidationMaterial) -> ValidationMaterial {
        ValidationMaterial(
            certificates: certificates.filter { !other.certificates.contains($0) },
            ocspResponses: ocspResponses.filter { !other.ocspResponses.contains($0) },
            crls: crls.filter { !other.crls.contains($0) })
    }

    package var isEmpty: Bool { certificates.isEmpty && ocspResponses.isEmpty && crls.isEmpty }
}
