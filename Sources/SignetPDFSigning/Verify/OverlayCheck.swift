import SignetCore
import SignetCrypto
import SignetPDF
import SignetRaster

/// Signed content that no overlay may hide: the Evil Annotation and Sneaky Signature attacks
/// (Mainka et al., IEEE S&P 2021), where an annotation or a later signature's widget that the
/// signature permits paints over what was signed.
///
/// For each signature whose later changes are otherwise permitted, every annotation or signature
/// widget added after it, every non-field annotation whose appearance changed after it, and every
/// unsigned signature field's widget whose appearance changed without signing, is compared inside
/// its rectangle: the page as the signature covered it (the file's first bytes, up
/// to the end of its ByteRange) against the page as the file shows it now, by `OverlayComparison`.
/// Hidden signed content is a change of level `other`: not permitted, whatever the signature allows.
/// Field values filled into existing fields are not compared (a field's own appearance may change
/// under form filling), nor are existing fields signed later. An annotation hidden on screen but
/// printed (NoView with Print) is compared as printed. Rendering is the caller's: `render`.
package enum OverlayCheck {
    /// The pixels `region` (see `OverlayComparison.region`) of page `page` (1-based) of the verified
    /// file as its first `end` bytes (the whole file for `nil`), rendered as displayed at
    /// `OverlayComparison.dpi` on white — or as printed, when `printing`.
    package typealias Render = (_ page: Int, _ end: Int?, _ region: Rect, _ printing: Bool) throws -> Bitmap

    /// One signature to check: its place in the report, where its signed bytes end, and what was
    /// added or changed after it.
    struct Work {
        var signature: Int
        var end: Int
        var targets: [OverlayTarget]
    }

    /// The signatures to check: those whose later changes are all permitted and after whose revision
    /// something was added or changed.
    static func work(_ signatures: [SignatureReport], _ overlays: [OverlayTarget]) -> [Work] {
        signatures.indices.compactMap { i in
            let s = signatures[i]
            guard s.permitted, let revision = s.revision, let end = signedEnd(s.byteRange) else { return nil }
            let targets = overlays.filter { $0.revision > revision }
            return targets.isEmpty ? nil : Work(signature: i, end: end, targets: targets)
        }
    }

    /// The end of the signed bytes: the furthest end of the ByteRange's pairs.
    static func signedEnd(_ byteRange: [Int]?) -> Int? {
        guard let r = byteRange, r.count >= 2, r.count % 2 == 0 else { return nil }
        return stride(from: 0, to: r.count, by: 2).map { r[$0] + r[$0 + 1] }.max()
    }

    /// Compares every target with `render`'s pages and records what hides signed content, or why
    /// the comparison could not be made (a problem: the signature is then not valid).
    package static func run(_ report: inout VerificationReport, render: Render) {
        let work = work(report.signatures, report.overlays)
        guard !work.isEmpty else {
            report.overlayCheck = .notNeeded
            return
        }
        var renders: [RenderKey: Result<Bitmap, any Error>] = [:]
        func draw(_ target: OverlayTarget, _ region: Rect, _ end: Int?) -> Result<Bitmap, any Error> {
            let key = RenderKey(page: target.page, end: end, region: region, printing: target.printedOnly)
            if let done = renders[key] { return done }
            let result = Result { try render(target.page, end, region, target.printedOnly) }
            renders[key] = result
            return result
        }
        var failed = false
        for item in work {
            var changes: [Change] = []
            do {
                for target in item.targets {
                    guard let region = OverlayComparison.region(of: target.box, pageSize: target.pageSize) else {
                        continue
                    }
                    let signed = try draw(target, region, item.end).get(), now = try draw(target, region, nil).get()
                    let finding = try OverlayComparison.compare(signed: signed, now: now, region: region)
                    guard finding.hides, let bounds = finding.bounds else { continue }
                    changes.append(change(target, covering: bounds))
                }
            } catch {
                failed = true
                let why =
                    (error as? OverlayComparison.SizeMismatch)?.message ?? (error as? any SignetError)?.message
                    ?? "\(error)"
                report.signatures[item.signature].add(
                    problem: "whether the annotations added after it hide signed content could not be checked: \(why)")
                continue
            }
            for change in changes { report.signatures[item.signature].add(change) }
        }
        report.overlayCheck = failed ? .failed : .done
        settle(&report)
    }

    /// Records that the check was skipped: each signature it would have checked gets `note`.
    package static func skip(_ report: inout VerificationReport, note: String) {
        let work = work(report.signatures, report.overlays)
        guard !work.isEmpty else {
            report.overlayCheck = .notNeeded
            return
        }
        for item in work { report.signatures[item.signature].notes.append(note) }
        report.overlayCheck = .skipped
    }

    /// "the Stamp annotation added on page 1 covers signed content at [x y w h]", the rectangle in
    /// default user space (rounded to points) around the covered ink.
    static func change(_ target: OverlayTarget, covering bounds: Rect) -> Change {
        let r = target.displayToUser.apply(bounds)
        let box = [r.minX, r.minY, r.width, r.height].map { String(Int($0.rounded())) }.joined(separator: " ")
        return Change(
            revision: target.revision, level: .other,
            what: "\(target.what) on page \(target.page) covers signed content at [\(box)]", page: target.page,
            object: target.object)
    }

    /// The verdicts that depend on validity, again: PAdES levels and the report's `valid`.
    private static func settle(_ report: inout VerificationReport) {
        PAdESLevels.assign(&report.signatures, dssRevisions: report.dssRevisions)
        report.valid = !report.signatures.isEmpty && report.signatures.allSatisfy(\.valid)
    }

    /// One render: pixels of a page of the file cut at `end` bytes (`nil`: whole).
    struct RenderKey: Hashable {
        var page: Int
        var end: Int?
        var region: Rect
        var printing: Bool
    }
}
