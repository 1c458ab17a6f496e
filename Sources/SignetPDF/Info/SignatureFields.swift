/// A signature field of the document's AcroForm.
public struct SignatureField: Sendable, Hashable, Codable {
    /// The fully qualified field name (`parent.child`).
    public var name: String
    /// True when the field holds a signature value (`/V`), false for an empty field.
    public var isSigned: Bool
    /// `Adobe.PPKLite` (names without their leading slash).
    package var filter: String?
    /// `adbe.pkcs7.detached`, `ETSI.CAdES.detached`, `adbe.x509.rsa_sha1` …
    package var subFilter: String?
    /// The signature's `/ByteRange`: offset and length pairs of the bytes it covers (-1 for an
    /// item that is not an integer).
    package var byteRange: [Int]?
    /// The byte range runs from 0 to the end of the file, skipping only the `/Contents` gap;
    /// false when later bytes were appended (or the range is odd); nil when unsigned.
    package var coversWholeFile: Bool?
    /// The signing time as written (`/M`), when present.
    public var signingTime: String?
}

/// What the catalog's `/Perms` says: a certification signature (DocMDP) and/or usage rights.
package struct DocumentPermissions: Sendable, Hashable, Codable {
    /// The DocMDP `/P` value (1 no changes, 2 form filling and signing, 3 also annotations),
    /// when the document is certified.
    package var docMDP: Int?
    package var isCertified: Bool
    /// Adobe usage rights (`/UR3`, or the older `/UR`).
    package var hasUsageRights: Bool

    /// The DocMDP level a certification's `/TransformParams` grant: its `/P` when that is the
    /// integer 1, 2 or 3; 2, the default, when it is absent; 1, the strictest, for anything else
    /// (a real 1.0, a 7, a name), which a lenient reading would turn into a looser certification.
    package static func docMDPLevel(_ params: PDFObject?) throws -> Int {
        guard let p = try params?.value("/P") else { return 2 }
        guard let level = try p.intValue(), (1...3).contains(level) else { return 1 }
        return level
    }
}

/// Reads the signature fields (through `FormFields`) and `/Perms` of a document.
package enum SignatureScanner {
    package static func fields(of document: PDFDocument) throws -> [SignatureField] {
        try FormFields.all(in: document).filter(\.isSignature).map {
            try field($0.field, name: $0.name.isEmpty ? "(unnamed)" : $0.name, fileSize: document.fileSize)
        }
    }

    private static func field(_ node: PDFObject, name: String, fileSize: Int) throws -> SignatureField {
        guard let value = try node.value("/V"), try value.kind == .dictionary else {
            return SignatureField(name: name, isSigned: false)
        }
        let array = try value.value("/ByteRange")
        let range = try array?.kind == .array ? array?.items().map { try $0.intValue() ?? -1 } : nil
        var covers: Bool?
        if let r = range, r.count == 4 {
            // The numbers come from the file: their sum may overflow.
            let (end, overflow) = r[2].addingReportingOverflow(r[3])
            covers = r[0] == 0 && r[1] >= 0 && r[2] > r[1] && r[3] >= 0 && !overflow && end == fileSize
        } else if range != nil {
            covers = false
        }
        return SignatureField(
            name: name, isSigned: true, filter: try value.value("/Filter")?.nameValue().map { String($0.dropFirst()) },
            subFilter: try value.value("/SubFilter")?.nameValue().map { String($0.dropFirst()) }, byteRange: range,
            coversWholeFile: covers,
            signingTime: try value.value("/M")?.textValue())
    }

    package static func permissions(of document: PDFDocument) throws -> DocumentPermissions {
        guard let perms = try document.catalog().value("/Perms"), try perms.kind == .dictionary else {
            return DocumentPermissions(docMDP: nil, isCertified: false, hasUsageRights: false)
        }
        var p: Int?
        let docMDP = try perms.value("/DocMDP")
        for reference in try docMDP?.value("/Reference")?.items() ?? []
        where try reference.value("/TransformMethod")?.nameValue() == "/DocMDP" {
            p = try DocumentPermissions.docMDPLevel(reference.value("/TransformParams"))
        }
        return DocumentPermissions(
            docMDP: p, isCertified: docMDP != nil,
            hasUsageRights: try perms.value("/UR3") != nil || perms.value("/UR") != nil)
    }

    /// True when a full rewrite would break something: a signature value, a certification or
    /// usage rights.
    package static func needsIncrementalUpdate(_ document: PDFDocument) throws -> Bool {
        let perms = try permissions(of: document)
        if perms.isCertified || perms.hasUsageRights { return true }
        return try fields(of: document).contains { $0.isSigned }
    }
}
