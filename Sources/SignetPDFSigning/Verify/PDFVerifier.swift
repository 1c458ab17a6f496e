import FoundationEssentials
import SignetCrypto
import SignetFiles
import SignetPDF

/// Checks every signature of a PDF (`signet verify IN.pdf`): each revision read from the file's
/// bytes, what every revision after a signature changed and whether the signature permits it,
/// and each signature's bytes, CMS, algorithms, certificate and trust.
package enum PDFVerifier {
    /// Sub-filters whose /Contents is a detached CMS SignedData over the ByteRange.
    static let signatureSubFilters: Set<String> = ["/adbe.pkcs7.detached", "/ETSI.CAdES.detached"]
    /// The sub-filter of a document timestamp: an RFC 3161 token over the ByteRange.
    static let timestampSubFilter = "/ETSI.RFC3161"
    /// The largest CMS checked (16 MiB: room for embedded CRLs and timestamps many times over);
    /// a larger `/Contents` is reported unreadable instead of parsed.
    package static let maxContainerBytes = 16 << 20
    /// The most signatures one verification checks (1,000). Each one hashes the bytes it covers,
    /// up to the whole file, so a file with 100,000 signature fields would hash itself 100,000 times.
    package static let maxSignatures = 1_000

    /// Verifies the PDF at `path` (read by position and mapped, so memory stays flat).
    package static func verify(path: String, password: Secret?, options: VerifyOptions) throws -> VerificationReport {
        try verify(source: try ReadableFile(path: path), password: password, options: options)
    }

    /// Verifies the PDF in `source` (a file, or memory); messages name `source.name`.
    package static func verify(
        source file: any ByteSource, password: Secret?, options: VerifyOptions
    ) throws -> VerificationReport {
        let path = file.name
        let document = try PDFDocument(source: file, password: password)
        var found: [(field: String, number: Int?, signature: EmbeddedSignature, dictionary: PDFObject)] = []
        for field in try FormFields.all(in: document) {
            guard let value = try field.signatureValue() else { continue }
            found.append(
                (field.name, try value.id?.number, try EmbeddedSignature(field: field.name, dictionary: value), value))
        }
        guard !found.isEmpty else { throw PDFSignError(path, .noSignatures) }
        guard found.count <= maxSignatures else {
            throw PDFSignError(path, .tooManySignatures(count: found.count, limit: maxSignatures))
        }
        // Object-stream headers of an encrypted file are read decrypted; without a key Signet can
        // derive (a handler qpdf reads and Signet does not), they stay unchecked.
        let cipher = try? document.readingCipher(using: OpenSSLCiphers())
        let read = try FileRevisions.read(file, cipher: cipher)
        let revisions = read.revisions
        let trailing =
            read.trailingBytes.map {
                [Change(revision: revisions.count, level: .other, what: "after the last revision: \($0)")]
            } ?? []
        let covered = Dictionary(
            found.compactMap { f in f.number.map { ($0, coveredRevision(f.signature, revisions)) } },
            uniquingKeysWith: { a, _ in a })
        let history = try RevisionHistory(
            revisions: revisions, signed: Set(covered.values.compactMap { $0 }), final: document,
            mapped: try MappedFile.of(file), password: password,
            coveredRevision: { covered[$0] ?? nil })
        let certifier = try document.catalog().value("/Perms")?.value("/DocMDP")?.id
        let counted = found.filter { !history.forgedFields.contains($0.field) }.sorted {
            $0.signature.coveredEnd < $1.signature.coveredEnd
        }
        let certification = try counted.first { try $0.dictionary.id == certifier }
        let coverages = try counted.map {
            try Coverage.judge(
                $0.signature, file: file, encryptedRevisions: document.isEncrypted ? read : nil, object: $0.number)
        }
        let digests = RangeDigests(file: file, ranges: coverages.map { $0.ranges ?? [] })
        let store = try DocumentSecurityStore(document)
        let crls = RevocationListCache()
        var reports: [SignatureReport] = []
        for (i, item) in counted.enumerated() {
            let permissions = try SignaturePermissions(dictionary: item.dictionary, certifier: certifier)
            let revision = item.number.flatMap { covered[$0] ?? nil }
            var changes = revision.map { history.changes(after: $0) } ?? unmatched(item.signature, revisions)
            changes = (changes + trailing).map { permissions.escalated($0) }
            var allowed = SignaturePermissions.allowed(docMDP: nil)
            var problems: [String] = []
            if let certification, certification.signature.coveredEnd <= item.signature.coveredEnd {
                let p = try SignaturePermissions(dictionary: certification.dictionary, certifier: certifier).docMDP
                allowed = SignaturePermissions.allowed(docMDP: p)
                if i > 0, certification.field == item.field {
                    problems.append("a certification signature must be the document's first signature")
                }
            }
            var report = try check(
                item.signature, index: i + 1, file: file, coverage: coverages[i], digest: { try digests.digest(i, $0) },
                revision: revision, changes: changes, docmdp: permissions.docMDP, allowed: allowed, options: options,
                revocationData: store.material, crls: crls)
            if !problems.isEmpty {
                report.problems = problems + report.problems
                report.valid = false
            }
            if let skipped = store.skippedFinding {
                // Unread values may hold the one that shows a revocation: a later /DSS may list junk
                // before the values a document timestamp covers. Not knowing is not "valid".
                if options.revocation == .none {
                    report.notes.append(skipped)
                } else {
                    report.problems.append(skipped + ", so a revocation among them cannot be ruled out")
                    report.valid = false
                }
            }
            reports.append(report)
        }
        let dssHolder = try store.dictionary?.id?.number ?? document.catalog().id?.number
        let dssRevisions = revisions.filter { r in
            dssHolder.map { r.added.contains($0) || r.changed.contains($0) } ?? false
        }
        .map(\.index)
        PAdESLevels.assign(&reports, dssRevisions: dssRevisions)
        return VerificationReport(
            signatures: reports, timestamps: timestamps(reports),
            revisions: revisions.map { r in
                RevisionReport(
                    index: r.index, start: r.start, end: r.end, added: r.added, changed: r.changed, freed: r.freed,
                    coveredBy: reports.filter { ($0.revision ?? 0) >= r.index }.map(\.index), problems: r.problems)
            }, overlays: history.overlays, dssRevisions: dssRevisions)
    }

    /// The revision whose end the signed bytes reach (after `%%EOF`, with or without its line end).
    static func coveredRevision(_ signature: EmbeddedSignature, _ revisions: [Revision]) -> Int? {
        let end = signature.coveredEnd
        return revisions.first { end == $0.end || end == $0.eofEnd || (end > $0.eofEnd && end < $0.end) }?.index
    }

    /// A signature whose bytes end inside a revision (or at a revision the chain does not reach).
    private static func unmatched(_ signature: EmbeddedSignature, _ revisions: [Revision]) -> [Change] {
        let end = signature.coveredEnd
        let inside = revisions.first { end > $0.start && end <= $0.end }?.index ?? revisions.count
        return [
            Change(
                revision: inside, level: .other,
                what:
                    "the signed bytes end at byte \(end), which ends no revision the file's cross-reference chain reaches"
            )
        ]
    }

    private static func timestamps(_ reports: [SignatureReport]) -> [TimestampEntry] {
        reports.compactMap { r in
            r.timestamp.map {
                TimestampEntry(
                    kind: r.kind == .documentTimestamp ? .documentTimestamp : .signatureTimestamp, signature: r.index,
                    check: $0)
            }
        }
    }

    private static func check(
        _ signature: EmbeddedSignature, index: Int, file: any ByteSource, coverage: Coverage,
        digest: @escaping (DigestAlgorithm) throws -> [UInt8], revision: Int?, changes: [Change], docmdp: Int?,
        allowed: ModificationLevel, options: VerifyOptions, revocationData: ValidationMaterial,
        crls: RevocationListCache
    ) throws -> SignatureReport {
        let context = "signature \(index) (field \(signature.field)) of \(file.name)"
        let kind: SignatureReport.Kind = signature.subFilter == timestampSubFilter ? .documentTimestamp : .signature
        func unreadable(_ why: String, _ coverage: SignatureReport.Coverage) -> SignatureReport {
            SignatureReport(
                index: index, kind: kind, field: signature.field, subFilter: signature.subFilter,
                byteRange: signature.byteRange.values,
                revision: revision, coverage: coverage, changes: changes, docmdp: docmdp, allowed: allowed,
                unreadable: why)
        }
        guard let subFilter = signature.subFilter,
            signatureSubFilters.contains(subFilter) || subFilter == timestampSubFilter
        else {
            return unreadable(
                "its sub-filter \(signature.subFilter ?? "(none)") is not one signet verify checks (adbe.pkcs7.detached, ETSI.CAdES.detached, ETSI.RFC3161)",
                coverage.kind)
        }
        let container = coverage.signatureBytes ?? signature.contents
        guard container.count <= maxContainerBytes else {
            return unreadable(
                "its /Contents holds \(container.count) bytes, over the limit of \(maxContainerBytes) bytes for a signature",
                coverage.kind)
        }
        guard coverage.ranges != nil else { return unreadable(coverage.problems.joined(separator: "; "), .partial) }
        do {
            let check =
                kind == .documentTimestamp
                ? try CMSVerifier.checkDocumentTimestamp(
                    token: container, context: context, contentDigest: digest, options: options,
                    revocationData: revocationData, crls: crls)
                : try CMSVerifier.check(
                    cms: container, context: context, contentDigest: digest, options: options,
                    claimedTime: signature.modified, revocationData: revocationData, crls: crls)
            return SignatureReport(
                index: index, kind: kind, field: signature.field, subFilter: subFilter,
                byteRange: signature.byteRange.values,
                revision: revision, coverage: coverage.kind, changes: changes, docmdp: docmdp, allowed: allowed,
                containerProblems: coverage.problems, check: check, claimedTime: signature.modified,
                requireTrust: options.requireTrust)
        } catch let error as SignError {
            return unreadable(
                "its /Contents is not a readable \(kind == .documentTimestamp ? "timestamp token" : "CMS signature") (\(error.message))",
                coverage.kind)
        } catch let failure as OpenSSLFailure {
            throw SignError(context, failure)
        }
    }
}
