import SignetCrypto
import SignetFiles
import SignetPDF

/// Appends validation material to a signed PDF as one incremental update (PAdES B-LT): the
/// catalog's `/DSS` gets the certificates, OCSP responses and CRLs of every signature and
/// document timestamp not yet covered by a VRI entry, and a `/VRI` entry for each, keyed by the
/// SHA-1 of its /Contents. An existing DSS is extended in place: values it holds (compared by
/// their decoded bytes) are referenced, not stored again; its VRI entries are kept.
package struct DSSUpdate: InPlaceUpdate {
    package let collector: RevocationCollector
    /// Opens an encrypted document (its user or owner password); nil when it needs none.
    package let documentPassword: Secret?

    package init(collector: RevocationCollector, documentPassword: Secret? = nil) {
        self.collector = collector
        self.documentPassword = documentPassword
    }

    /// The update after a signature (`PostSignatureUpdates`): the material comes from `collector`.
    package func append(
        to source: any ByteSource, sink: any ByteSink, context: String
    ) throws
        -> PostSignatureOutcome
    {
        .validationData(
            try Self.append(to: source, sink: sink, password: documentPassword, context: context, collect: collect))
    }

    /// The same appended to the signed file `sink` already holds (no copy of it).
    package func append(into sink: any ByteSink, context: String) throws -> PostSignatureOutcome {
        .validationData(
            try Self.append(
                to: try sink.writtenBytes(), sink: sink, inPlace: true, password: documentPassword, context: context,
                collect: collect))
    }

    private func collect(
        _ contents: [UInt8], _ isTimestamp: Bool, _ context: String, _ known: [[UInt8]]
    ) throws -> ValidationMaterial {
        collector.learn(certificates: known)
        return isTimestamp
            ? try collector.material(forTimestampToken: contents, context: context)
            : try collector.material(forSignature: contents, context: context)
    }

    /// Writes `source` and the update to `sink` (not committed); when every signature already has
    /// its VRI entry, `sink` gets `source` unchanged. `collect` gives the material of each signature
    /// (its /Contents, whether it is a document timestamp, a context for messages, and the
    /// certificates the DSS already holds, to build chains with).
    /// With `inPlace`, `sink` already holds `source` and only the update is appended. `password`
    /// opens an encrypted document.
    package static func append(
        to source: any ByteSource, sink: any ByteSink, inPlace: Bool = false, password: Secret? = nil,
        context: String,
        collect: (_ contents: [UInt8], _ isTimestamp: Bool, _ context: String, _ known: [[UInt8]]) throws
            -> ValidationMaterial
    ) throws -> LTVUpdateResult {
        let document = try PDFDocument(source: source, password: password)
        try document.prepareEncryptedUpdates(for: .fillAndSign, using: OpenSSLCiphers())
        document.appendsIncrementally = true
        let writer = try IncrementalWriter.appending(to: document, context: context)
        var store = try DocumentSecurityStore(document)
        var entries: [(key: String, material: ValidationMaterial)] = []
        for field in try FormFields.all(in: document) {
            guard let value = try field.signatureValue(), let contents = try value.value("/Contents")?.stringBytes()
            else { continue }
            let key = try DocumentSecurityStore.vriKey(contents: contents)
            guard !store.vriKeys.contains(key), !entries.contains(where: { $0.key == key }) else { continue }
            let place = "\(context), field \(field.name)"
            let isTimestamp = try value.value("/SubFilter")?.nameValue() == "/ETSI.RFC3161"
            entries.append((key, try collect(contents, isTimestamp, place, store.material.certificates)))
        }
        guard !entries.isEmpty else {
            if !inPlace { try source.forEachChunk(of: 0..<source.size, chunkSize: 1 << 20) { try sink.write($0) } }
            return LTVUpdateResult(certificates: 0, ocspResponses: 0, crls: 0, vriEntries: 0, bytesAdded: 0)
        }
        var all = ValidationMaterial()
        for entry in entries { all.add(entry.material) }
        let added = all.subtracting(store.material)
        for data in added.certificates + added.ocspResponses + added.crls {
            store.streams[ByteKey(data)] = try document.makeFlateStream(data)
        }

        let catalog = try document.catalog()
        let dss: PDFObject
        if let existing = store.dictionary {
            dss = existing
        } else {
            dss = try document.makeIndirect(try document.parse("<< /Type /DSS >>"))
            try catalog.set("/DSS", dss)
        }
        // A direct DSS (or direct arrays) changes with the object that holds it.
        if try dss.id == nil { try document.markChanged(catalog) } else { try document.markChanged(dss) }
        for (key, _, kind) in DocumentSecurityStore.arrays {
            let values = Self.values(added, kind)
            guard !values.isEmpty else { continue }
            let array = try dss.value(key) ?? document.parse("[]")
            for data in values { try array.append(store.streams[ByteKey(data)]!) }
            try dss.set(key, array)
            if try array.id != nil { try document.markChanged(array) }
        }
        let vri = try dss.value("/VRI") ?? document.parse("<< >>")
        for entry in entries {
            let item = try document.parse("<< >>")
            for (_, vriKey, kind) in DocumentSecurityStore.arrays {
                let values = Self.values(entry.material, kind)
                guard !values.isEmpty else { continue }
                let array = try document.parse("[]")
                for data in values { try array.append(store.streams[ByteKey(data)]!) }
                try item.set(vriKey, array)
            }
            try vri.set("/" + entry.key, item)
        }
        try dss.set("/VRI", vri)
        if try vri.id != nil { try document.markChanged(vri) }

        let written = try writer.write(to: sink, appending: inPlace)
        return LTVUpdateResult(
            certificates: added.certificates.count, ocspResponses: added.ocspResponses.count, crls: added.crls.count,
            vriEntries: entries.count, bytesAdded: written.bytesAdded)
    }

    private static func values(_ material: ValidationMaterial, _ kind: DocumentSecurityStore.Kind) -> [[UInt8]] {
        switch kind {
        case .certificate: return material.certificates
        case .ocsp: return material.ocspResponses
        case .crl: return material.crls
        }
    }
}
