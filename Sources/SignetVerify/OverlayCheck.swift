import SignetCore
import SignetCrypto
import SignetPDF
import SignetPDFSigning
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
/// printed (NoView with Print) is compared as printed. Rendering is the caller's (`PageRenderer`).
package enum OverlayCheck {
    /// The most renders one verification makes (two per rectangle and signature, less what
    /// repeats): each is a `signet-preview` run, and 1,500 small rectangles took two minutes.
    package static let maxRenders = 200

    /// One signature to check: its place among the findings, where its signed bytes end, and what
    /// was added or changed after it.
    struct Work {
        var signature: Int
        var end: Int
        var targets: [OverlayTarget]
    }

    /// The signatures to check: those whose later changes are all permitted and after whose revision
    /// something was added or changed.
    static func work(_ signatures: [SignatureFindings], _ overlays: [OverlayTarget]) -> [Work] {
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
        return stride(from: 0, to: r.count, by: 2).compactMap { i -> Int? in
            let (sum, overflow) = r[i].addingReportingOverflow(r[i + 1])
            return overflow ? nil : sum
        }.max()
    }

    /// Runs the check as `rendering` asks on `findings` and returns its status: what hides signed
    /// content is a change of level `other`; a render that failed, a bound reached or no renderer is
    /// a problem (not valid); a skip is a note.
    package static func run(
        _ findings: inout [SignatureFindings], overlays: [OverlayTarget], rendering: PageRendering
    ) -> OverlayCheckStatus {
        let work = work(findings, overlays)
        guard !work.isEmpty else { return .notNeeded }
        switch rendering {
        case .skipped:
            for item in work {
                findings[item.signature].notes.append(
                    "annotations and signature widgets added after it were not compared with the page as signed, as asked"
                )
            }
            return .skipped
        case .unavailable:
            for item in work {
                findings[item.signature].problems.append(
                    Problem(.rendering, "\(uncheckedNotRun)no page renderer was given"))
            }
            return .notRun
        case .renderer(let renderer):
            return compare(&findings, work, renderer)
        }
    }

    private static func compare(
        _ findings: inout [SignatureFindings], _ work: [Work], _ renderer: any PageRenderer
    ) -> OverlayCheckStatus {
        // Only the current page's renders repeat (across signatures); they are kept per signature
        // check, and every bitmap is dropped once compared.
        var renders = 0
        var failed = false
        for item in work {
            var changes: [Change] = []
            do {
                for target in item.targets {
                    guard let region = OverlayComparison.region(of: target.box, pageSize: target.pageSize) else {
                        continue
                    }
                    renders += 2
                    guard renders <= maxRenders else { throw Bound(renders: maxRenders) }
                    let finding = try OverlayComparison.compare(
                        signed: renderer.render(
                            page: target.page, end: item.end, region: region, dpi: OverlayComparison.dpi,
                            printing: target.printedOnly),
                        now: renderer.render(
                            page: target.page, end: nil, region: region, dpi: OverlayComparison.dpi,
                            printing: target.printedOnly),
                        region: region)
                    guard finding.hides, let bounds = finding.bounds else { continue }
                    changes.append(change(target, covering: bounds))
                }
            } catch {
                failed = true
                let why =
                    (error as? OverlayComparison.SizeMismatch)?.message ?? (error as? Bound)?.message
                    ?? (error as? any SignetError)?.message ?? "\(error)"
                findings[item.signature].problems.append(Problem(.rendering, uncheckedFailed + why))
                continue
            }
            findings[item.signature].changes += changes
        }
        return failed ? .failed : .done
    }

    /// How the problem of a check that was not run begins; the reason follows.
    static let uncheckedNotRun = "whether the annotations added after it hide signed content was not checked: "
    /// How the problem of a check that failed begins; the reason follows.
    static let uncheckedFailed = "whether the annotations added after it hide signed content could not be checked: "

    /// The check stopped at `maxRenders`.
    struct Bound: Error {
        var renders: Int
        var message: String {
            "the check stopped at its bound of \(renders) page renders; compare fewer annotations at a time (or skip the check)"
        }
    }

    /// "the Stamp annotation added on page 1 covers signed content at [x y w h]", the rectangle in
    /// default user space (rounded to points) around the covered ink.
    static func change(_ target: OverlayTarget, covering bounds: Rect) -> Change {
        let r = target.displayToUser.apply(bounds)
        let covered = [r.minX, r.minY, r.width, r.height].map { $0.rounded() }
        let box = target.displayToUser.apply(target.box)
        return Change(
            revision: target.revision, level: .other,
            what: "\(target.what) on page \(target.page) covers signed content at [\(PDFNumber.format(covered))]",
            page: target.page, object: target.object,
            hides: Change.Hiding(
                rect: [box.minX, box.minY, box.maxX, box.maxY].map { PDFNumber.rounded($0) }, covered: covered))
    }
}
