import FoundationEssentials
import SignetCrypto
import SignetFiles
import SignetPDF
import SignetPDFSigning

/// Checks every signature of a PDF (`signet verify IN.pdf`): each revision read from the file's
/// bytes, what every revision after a signature changed and whether the signature permits it,
/// and each signature's bytes, CMS, algorithms, certificate and trust.
package enum PDFVerifier {
    /// Sub-filters whose /Contents is a detached CMS SignedData over the ByteRange.
    static let signatureSubFilters: Set<String> = ["/adbe.pkcs7.detached", "/ETSI.CAdES.detached"]
    /// The sub-filter of a document timestamp: an RFC 3161 token over the ByteRange.
    static let timestampSubFilter = "/ETSI.RFC3161"
    /// The sub-filter whose CMS encapsulates the SHA-1 digest of the ByteRange (PDF 1.3 to 1.7).
    static let sha1SubFilter = "/adbe.pkcs7.sha1"
    /// The largest CMS checked (16 MiB: room for embedded CRLs and timestamps many times over);
    /// a larger `/Contents` is reported unreadable instead of parsed.
    package static let maxContainerBytes = 16 << 20
    /// The most signatures one verification checks (1,000). Each one hashes the bytes it covers,
    /// up to the whole file, so a file with 100,000 signature fields would hash itself 100,000 times.
    package static let maxSignatures = 1_000

    /// Verifies the PDF at `path` (read by position and mapped, so memory stays flat).
    package static func verify(
        path: String, password: Secret?, options: VerifyOptions, rendering: PageRendering = .unavailable
    ) throws -> VerificationReport {
        try verify(source: try ReadableFile(path: path), password: password, options: options, rendering: rendering)
    }

    /// Verifies the PDF in `source` (a file, or memory); messages name `source.name`. Every check
    /// adds to each signature's findings, the overlay check through `rendering` among them, and
    /// `Judge.report` alone judges them.
    ///
    /// With `judging`, the byte offset where an update about to be written begins (see
    /// `AdditionJudgement`), only what that update adds is compared with the pages as signed, and
    /// the signatures' CMS, certificates and times are not checked, nor what a reader resolves
    /// (the update does not change how the signed bytes read): the report then says what the
    /// overlay check and the change analysis say, and nothing about the signatures' own validity.
    package static func verify(
        source file: any ByteSource, password: Secret?, options: VerifyOptions, rendering: PageRendering = .unavailable,
        judging: Int? = nil
    ) throws -> VerificationReport {
        let path = file.name
        let mapped = try MappedFile.of(file)
        // White space after the last %%EOF is harmless, however long; but qpdf seeks startxref in
        // the file's last kilobyte and, past a longer run, would rebuild the table by scanning (the
        // last definition of each object winning): it reads the bytes before the white space.
        let content = try ByteScan.contentEnd(of: file)
        let document =
            file.size - content > 512
            ? try PDFDocument(mapped: mapped, prefix: min(file.size, content + 2), password: password)
            : try PDFDocument(source: file, password: password)
        var found:
            [(field: String, number: Int?, signature: EmbeddedSignature, dictionary: PDFObject, widget: PDFObject?)] =
                []
        for field in try FormFields.all(in: document) {
            guard let value = try field.signatureValue() else { continue }
            found.append(
                (
                    field.name, try value.id?.number, try EmbeddedSignature(field: field.name, dictionary: value),
                    value,
                    // A widget that cannot be read carries no evidence to report; the other checks judge the field.
                    (try? field.widget()) ?? nil
                ))
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
        // Every signature is reported, a forged one too (with its problem), oldest first.
        let counted = found.sorted { $0.signature.coveredEnd < $1.signature.coveredEnd }
        // What poppler resolves is read by `signet-preview` while the checks below run.
        let reading = ReaderCheck.Pending(
            ReaderCheck.work(
                counted.map { ($0.number.flatMap { covered[$0] ?? nil }, $0.signature.byteRange.values) },
                fileSize: mapped.size),
            rendering: judging == nil ? rendering : .skipped)
        let history = try RevisionHistory(
            revisions: revisions, signed: Set(covered.values.compactMap { $0 }), final: document,
            mapped: mapped, password: password,
            coveredRevision: { covered[$0] ?? nil })
        // Duplicate keys and unlisted objects, read from the bytes qpdf reads one way.
        let raw = RawSyntaxFindings(revisions: revisions, bytes: try read.accountBytes(file, cipher: cipher))
        let describe = RawSyntaxFindings.describe(
            history.lastMap ?? (raw.isEmpty ? nil : try? DocumentMap(document)))
        let certifier = try document.catalog().value("/Perms")?.value("/DocMDP")?.id
        let certification = try counted.first { try $0.dictionary.id == certifier }
        let coverages = try counted.map {
            try Coverage.judge(
                $0.signature, file: file, encryptedRevisions: document.isEncrypted ? read : nil, object: $0.number)
        }
        let digests = RangeDigests(file: file, ranges: coverages.map { $0.ranges ?? [] })
        let store = try DocumentSecurityStore(document)
        let crls = RevocationListCache()
        /// Everything one signature's checks find; `protectedAt` as `CMSVerifier.check` takes it.
        func findingsOf(_ i: Int, protectedAt: Date?) throws -> SignatureFindings {
            let item = counted[i]
            let permissions = try SignaturePermissions(dictionary: item.dictionary, certifier: certifier)
            let revision = item.number.flatMap { covered[$0] ?? nil }
            var changes =
                revision.map { raw.changes(after: $0, among: history.changes(after: $0), describe: describe) }
                ?? unmatched(item.signature, revisions)
            let madeAfter = changes + trailing
            changes = madeAfter.map { permissions.escalated($0) }
            var allowed = SignaturePermissions.allowed(docMDP: nil)
            var problems: [Problem] = []
            if history.forgedFields.contains(item.field) {
                problems.append(
                    Problem(
                        .structure,
                        "its signature dictionary was not made in the revision that gave it to field \(item.field), so it signs another revision"
                    ))
            }
            if let certification, certification.signature.coveredEnd <= item.signature.coveredEnd {
                let p = try SignaturePermissions(dictionary: certification.dictionary, certifier: certifier).docMDP
                allowed = SignaturePermissions.allowed(docMDP: p)
                if i > 0, certification.field == item.field {
                    problems.append(
                        Problem(.structure, "a certification signature must be the document's first signature"))
                }
            }
            var finding = try check(
                item.signature, index: i + 1, file: file, coverage: coverages[i], digest: { try digests.digest(i, $0) },
                revision: revision, changes: changes, docmdp: permissions.docMDP, allowed: allowed,
                options: judging == nil ? options : nil, revocationData: store.material, crls: crls,
                protectedAt: protectedAt)
            finding.problems = problems + finding.problems
            if judging == nil {
                finding.evidence = EvidenceCheck.run(
                    EvidenceCheck.Signed(
                        field: item.field, widget: item.widget, revision: revision,
                        signer: finding.cms?.signer?.certificateSHA256, after: madeAfter),
                    revisions: revisions, file: file, mapped: mapped, password: password)
            }
            if let revision {
                let signed = raw.signed(through: revision, describe: describe)
                finding.problems += signed.problems
                finding.notes += signed.notes
            }
            if let skipped = store.skippedFinding {
                // Unread values may hold the one that shows a revocation: a later /DSS may list junk
                // before the values a document timestamp covers. Not knowing is not "valid".
                if options.revocation == .none {
                    finding.notes.append(skipped)
                } else {
                    finding.problems.append(
                        Problem(.revocation, skipped + ", so a revocation among them cannot be ruled out"))
                }
            }
            return finding
        }
        var findings = try counted.indices.map { try findingsOf($0, protectedAt: nil) }
        if judging == nil {
            try LongTermTime.protect(&findings, requireTrust: options.requireTrust) {
                try findingsOf($0, protectedAt: $1)
            }
        }
        ReaderCheck.run(
            &findings, reading, document: document, mapped: mapped, password: password, revisions: revisions,
            describe: describe)
        let added = judging.map { from in Set(revisions.filter { $0.start >= from }.map(\.index)) }
        let overlays = history.overlays.filter { added?.contains($0.revision) ?? true }
        let overlayCheck = OverlayCheck.run(&findings, overlays: overlays, rendering: rendering)
        for i in findings.indices { findings[i].evidence = findings[i].evidence?.hidden(by: findings[i].changes) }
        let dssHolder = try store.dictionary?.id?.number ?? document.catalog().id?.number
        let dssRevisions = revisions.filter { r in
            dssHolder.map { r.added.contains($0) || r.changed.contains($0) } ?? false
        }
        .map(\.index)
        return Judge.report(
            findings, requireTrust: options.requireTrust, timestamps: timestamps(findings),
            revisions: revisions.map { r in
                RevisionReport(
                    index: r.index, start: r.start, end: r.end, added: r.added, changed: r.changed, freed: r.freed,
                    coveredBy: findings.filter { ($0.revision ?? 0) >= r.index }.map(\.index), problems: r.problems)
            }, overlayCheck: overlayCheck, dssRevisions: dssRevisions)
    }

    /// The revision whose end the signed bytes reach (after `%%EOF`, with or without its line end).
    static func coveredRevision(_ signature: EmbeddedSignature, _ revisions: [Revision]) -> Int? {
        let end = signature.coveredEnd
        return revisions.first { end == $0.end || end == $0.eofEnd || (end > $0.eofEnd && end < $0.end) }?.index
    }

    /// A signature whose bytes end inside a revision (or at a revision the chain does not reach).
    private static func unmatched(_ signature: EmbeddedSignature, _ revisions: [Revision]) -> [Change] {
        guard let end = signature.byteRange.end else {
            return [
                Change(
                    revision: revisions.count, level: .other,
                    what: "its ByteRange \(signature.byteRange.values) ends at no byte of the file")
            ]
        }
        let inside = revisions.first { end > $0.start && end <= $0.end }?.index ?? revisions.count
        return [
            Change(
                revision: inside, level: .other,
                what:
                    "the signed bytes end at byte \(end), which ends no revision the file's cross-reference chain reaches"
            )
        ]
    }

    private static func timestamps(_ findings: [SignatureFindings]) -> [TimestampEntry] {
        findings.compactMap { f in
            f.cms?.timestamp.map {
                TimestampEntry(
                    kind: f.kind == .documentTimestamp ? .documentTimestamp : .signatureTimestamp, signature: f.index,
                    check: $0)
            }
        }
    }

    /// What checking one signature's CMS (or timestamp token) over its ranges found; without
    /// `options` (a judgement, see `verify`) its coverage only.
    private static func check(
        _ signature: EmbeddedSignature, index: Int, file: any ByteSource, coverage: Coverage,
        digest: @escaping (DigestAlgorithm) throws -> [UInt8], revision: Int?, changes: [Change], docmdp: Int?,
        allowed: ModificationLevel, options: VerifyOptions?, revocationData: ValidationMaterial,
        crls: RevocationListCache, protectedAt: Date?
    ) throws -> SignatureFindings {
        // Sentences of the report name the signature, not the file: the report is the file's, and
        // the file's name here may be a spooled copy of standard input.
        let context = "signature \(index) (field \(signature.field))"
        let kind: SignatureReport.Kind = signature.subFilter == timestampSubFilter ? .documentTimestamp : .signature
        var finding = SignatureFindings(
            index: index, kind: kind, field: signature.field, subFilter: signature.subFilter,
            byteRange: signature.byteRange.values, revision: revision, coverage: coverage.kind, changes: changes,
            docmdp: docmdp, allowed: allowed, claimedTime: signature.modified,
            problems: coverage.problems.map { Problem(.coverage, $0) })
        guard let subFilter = signature.subFilter,
            signatureSubFilters.contains(subFilter) || subFilter == timestampSubFilter || subFilter == sha1SubFilter
        else {
            finding.problems.append(
                Problem(
                    .notChecked,
                    "its sub-filter \(signature.subFilter ?? "(none)") is not one signet verify checks (adbe.pkcs7.detached, adbe.pkcs7.sha1, ETSI.CAdES.detached, ETSI.RFC3161)"
                ))
            return finding
        }
        let container = coverage.signatureBytes ?? signature.contents
        guard container.count <= maxContainerBytes else {
            finding.problems.append(
                Problem(
                    .unreadable,
                    "its /Contents holds \(container.count) bytes, over the limit of \(maxContainerBytes) bytes for a signature"
                ))
            return finding
        }
        guard coverage.ranges != nil, let options else { return finding }
        do {
            switch subFilter {
            case timestampSubFilter:
                finding.cms = try CMSVerifier.checkDocumentTimestamp(
                    token: container, context: context, contentDigest: digest, options: options,
                    revocationData: revocationData, crls: crls, protectedAt: protectedAt)
            case sha1SubFilter:
                // adbe.pkcs7.sha1: the CMS signs, as its encapsulated content, the SHA-1 digest of the ranges.
                finding.cms = try CMSVerifier.check(
                    cms: container, context: context, encapsulatedDigest: try digest(.sha1), options: options,
                    claimedTime: signature.modified, revocationData: revocationData, crls: crls,
                    protectedAt: protectedAt)
            default:
                finding.cms = try CMSVerifier.check(
                    cms: container, context: context, contentDigest: digest, options: options,
                    claimedTime: signature.modified, revocationData: revocationData, crls: crls,
                    protectedAt: protectedAt)
            }
        } catch let error as SignError {
            finding.problems.append(
                Problem(
                    .unreadable,
                    "its /Contents is not a readable \(kind == .documentTimestamp ? "timestamp token" : "CMS signature") (\(error.message))"
                ))
        } catch let failure as OpenSSLFailure {
            throw SignError("\(context) of \(file.name)", failure)
        }
        return finding
    }
}
