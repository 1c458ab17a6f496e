import FoundationEssentials
import SignetFiles
import SignetPDF

/// Checks every signature of a PDF (`signet verify IN.pdf`).
public enum PDFVerifier {
    /// Sub-filters whose /Contents is a detached CMS SignedData over the ByteRange.
    static let supportedSubFilters: Set<String> = ["/adbe.pkcs7.detached", "/ETSI.CAdES.detached"]
    /// The largest CMS checked (16 MiB: room for embedded CRLs and timestamps many times over);
    /// a larger `/Contents` is reported unreadable instead of parsed.
    public static let maxContainerBytes = 16 << 20
    /// The most signatures one verification checks (1,000). Each one hashes the bytes it covers,
    /// up to the whole file, so a file with 100,000 signature fields would hash itself 100,000 times.
    public static let maxSignatures = 1_000

    /// One report per signature, oldest first (by where its signed bytes end).
    /// `now` judges a certificate when neither a signing-time attribute nor /M is present.
    public static func verify(path: String, password: String?, options: VerifyOptions) throws -> VerificationReport {
        let document = try PDFDocument(path: path, password: password)
        let signed = try FormFields.all(in: document).compactMap { field in
            try field.signatureValue().map { try EmbeddedSignature(field: field.name, dictionary: $0) }
        }
        guard !signed.isEmpty else { throw SignError(path, .noSignatures) }
        guard signed.count <= maxSignatures else { throw SignError(path, .tooManySignatures(count: signed.count, limit: maxSignatures)) }
        let file = try ReadableFile(path: path)
        var revisions = RevisionCache(path: path, password: password, later: document, file: file)
        let reports = try signed.sorted { $0.coveredEnd < $1.coveredEnd }.enumerated().map { index, signature in
            try check(signature, index: index + 1, file: file, encrypted: document.isEncrypted, revisions: &revisions, options: options)
        }
        return VerificationReport(signatures: reports, timestamps: [], revisions: [])
    }

    private static func check(
        _ signature: EmbeddedSignature, index: Int, file: ReadableFile, encrypted: Bool, revisions: inout RevisionCache,
        options: VerifyOptions
    ) throws -> SignatureReport {
        let context = "signature \(index) (field \(signature.field)) of \(file.path)"
        let coverage = try Coverage.judge(signature, file: file, encrypted: encrypted)
        guard let subFilter = signature.subFilter, supportedSubFilters.contains(subFilter) else {
            return SignatureReport(
                index: index, field: signature.field, subFilter: signature.subFilter, byteRange: signature.byteRange.values,
                coverage: coverage.kind, unreadable: "its sub-filter \(signature.subFilter ?? "(none)") is not one signet verify checks (adbe.pkcs7.detached, ETSI.CAdES.detached)")
        }
        let container = coverage.signatureBytes ?? signature.contents
        guard container.count <= maxContainerBytes else {
            return SignatureReport(
                index: index, field: signature.field, subFilter: subFilter, byteRange: signature.byteRange.values,
                coverage: coverage.kind, unreadable: "its /Contents holds \(container.count) bytes, over the limit of \(maxContainerBytes) bytes for a signature")
        }
        guard let ranges = coverage.ranges else {
            return SignatureReport(
                index: index, field: signature.field, subFilter: subFilter, byteRange: signature.byteRange.values,
                coverage: .partial, unreadable: coverage.problems.joined(separator: "; "))
        }
        var laterChanges: [String] = []
        if coverage.kind == .earlierRevision {
            laterChanges = try revisions.changes(afterPrefix: ranges[1].upperBound)
        }
        do {
            let check = try CMSVerifier.check(
                cms: container, context: context,
                contentDigest: { try ContentDigest.compute(file, ranges: ranges, algorithm: $0) },
                options: options, claimedTime: signature.modified)
            let changes = laterChanges.map { Change(revision: 0, level: .other, what: "later revisions changed \($0)") }
            return SignatureReport(
                index: index, field: signature.field, subFilter: subFilter, byteRange: signature.byteRange.values,
                coverage: coverage.kind, changes: changes, containerProblems: coverage.problems, check: check,
                claimedTime: signature.modified, requireTrust: options.requireTrust)
        } catch let error as SignError {
            return SignatureReport(
                index: index, field: signature.field, subFilter: subFilter, byteRange: signature.byteRange.values,
                coverage: coverage.kind, unreadable: "its /Contents is not a readable CMS signature (\(error.message))")
        } catch let failure as OpenSSLFailure {
            throw SignError(context, failure)
        }
    }
}
