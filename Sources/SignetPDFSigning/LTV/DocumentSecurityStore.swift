import SignetCrypto
import SignetPDF

/// A document's `/DSS` as it stands (PAdES, ETSI EN 319 142-1 §5.4; ISO 32000-2 §12.8.4.3): the
/// certificates, OCSP responses and CRLs it holds, each with its stream object, and the VRI keys.
package struct DocumentSecurityStore {
    /// The catalog's `/DSS`, nil when the document has none.
    package let dictionary: PDFObject?
    /// What the store holds (each value once, in order).
    package var material = ValidationMaterial()
    /// The stream that holds each value.
    var streams: [ByteKey: PDFObject] = [:]
    /// The keys of `/VRI` (uppercase hexadecimal SHA-1 of a signature's /Contents).
    var vriKeys: Set<String> = []

    /// The `/DSS` array keys, and which part of the material each holds.
    static let arrays: [(key: String, vriKey: String, kind: Kind)] = [
        ("/Certs", "/Cert", .certificate), ("/OCSPs", "/OCSP", .ocsp), ("/CRLs", "/CRL", .crl),
    ]

    enum Kind { case certificate, ocsp, crl }

    /// The largest value read (16 MiB: a CRL of a large CA runs to megabytes), and the most read in all
    /// (128 MiB): a few kilobytes of FlateDecode can claim gigabytes; larger or later values are skipped.
    static let maxValueBytes = 16 << 20
    static let maxTotalBytes = 128 << 20
    /// The most items of one kind looked at (a document with hundreds of signatures needs hundreds
    /// of values): every certificate is a candidate issuer for each signature's chain, and 20,000
    /// look-alikes of a root in the store cost 5.0 s to verify one signature. Later items are
    /// skipped, whether the earlier ones were read or refused.
    static let maxValues = 1_000

    /// Values of the store not read (over `maxValues`, `maxValueBytes` or `maxTotalBytes`).
    private(set) var skipped = 0

    /// Reads the store of `document` (values are decoded once, to compare new ones by bytes).
    package init(_ document: PDFDocument) throws {
        dictionary = try document.catalog().value("/DSS").flatMap { try $0.kind == .dictionary ? $0 : nil }
        guard let dictionary else { return }
        var total = 0
        for (key, _, kind) in Self.arrays {
            var values: [[UInt8]] = []
            let items = try dictionary.value(key)?.items() ?? []
            for (index, stream) in items.enumerated() {
                // The rest is not even resolved: each is an object to find and parse.
                guard index < Self.maxValues else {
                    skipped += items.count - index
                    break
                }
                guard try stream.kind == .stream else { continue }
                let limit = min(Self.maxValueBytes, Self.maxTotalBytes - total)
                guard limit > 0 else {
                    skipped += 1
                    continue
                }
                let (decoded, overLimit) = try stream.boundedData(limit: limit)
                guard let data = decoded else {
                    // Inflated up to the limit before it was refused: that work counts toward the
                    // total too, or one small bomb listed a thousand times would be inflated a
                    // thousand times (16 MiB, 40 ms each). An undecodable value costs nothing.
                    if overLimit { total += limit }
                    skipped += 1
                    continue
                }
                total += data.count
                values.append(data)
                streams[ByteKey(data)] = streams[ByteKey(data)] ?? stream
            }
            switch kind {
            case .certificate: material.add(certificates: values)
            case .ocsp: material.add(ocspResponses: values)
            case .crl: material.add(crls: values)
            }
        }
        vriKeys = Set(try dictionary.value("/VRI")?.keys().map { String($0.dropFirst()) } ?? [])
    }

    /// What a report says when values of the store were not read (a problem while revocation is
    /// checked: `PDFVerifier`); nil when all were.
    package var skippedFinding: String? {
        guard skipped > 0 else { return nil }
        return
            "\(skipped) values of the /DSS were not read (over \(Self.maxValues) of a kind, or too large, or not decodable)"
    }

    /// The VRI key of a signature: SHA-1 of its whole /Contents value (padding included), in
    /// uppercase hexadecimal, as PAdES (and pyHanko, EU DSS) compute it.
    static func vriKey(contents: [UInt8]) throws -> String {
        try DigestAlgorithm.sha1.hash(contents).map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
    }
}
