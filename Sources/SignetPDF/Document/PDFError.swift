import SignetCore
import SignetFiles

/// Why a PDF could not be opened, stamped or written. Every case reads as one sentence naming
/// the file (and page) first, then what is wrong, then what to try.
public typealias PDFError = StageError<PDFReason>

/// Why pdf failed: each reason says its kind and how it reads.
public enum PDFReason: StageReason {
    /// No `%PDF-` header in the first kilobyte.
    case notAPDF
    /// The file ends before its `%%EOF` marker.
    case truncated
    /// qpdf could not make sense of the file, even after trying to repair it.
    case damaged(String)
    /// The file is encrypted and no password was given.
    case passwordNeeded
    /// The password given opens neither as user nor as owner password.
    case wrongPassword
    /// The password contains a character SASLprep (RFC 4013) forbids.
    case passwordNotAllowed(String)
    /// `/Pages` refers back to itself.
    case pageTreeLoop(String)
    /// The page tree is broken in another way (missing pages, wrong node types).
    case brokenPageTree(String)
    /// The document has no pages at all.
    case noPages
    /// A page number outside `1...pageCount`.
    case pageOutOfRange(page: Int, count: Int)
    /// A page selection that cannot be read (`StampOptions.pages`, CLI `--pages`).
    case badPageSelection(String)
    /// More pages selected than one run may stamp (`StampOptions.maxPages`).
    case tooManyPages(selected: Int, limit: Int)
    /// A page's content streams decode to more than `PageContent.defaultLimit` bytes.
    case contentTooLarge(page: Int, limit: Int)
    /// The stamp does not fit on the page as placed.
    case stampDoesNotFit(page: Int, detail: String)
    /// A placement that cannot be computed (zero size, non-finite numbers).
    case badPlacement(String)
    /// No free area of the stamp's size on the page (`StampPlacement.freeArea`): `detail` names
    /// the size.
    case noFreeArea(page: Int, detail: String)
    /// The page could not be rendered to look for a free area (`StampPlacement.freeArea`).
    case freeAreaNotSearched(page: Int, why: String)
    /// What a job would add (`what`: "the stamp", "the signature's appearance") lies over content
    /// an existing signature signed: on page `page`, at `box` (`[x0 y0 x1 y1]` of the page's
    /// default user space), over what `signature` ("signature 1 (field Signature1)") signed;
    /// `more` other boxes or signatures are hidden too.
    case coversSignedContent(what: String, page: Int, box: [Double], signature: String, more: Int)
    /// Whether what a job would add to a signed document hides signed content could not be judged.
    case additionNotJudged(what: String, why: String)
    /// The stamp's image or ink cannot be embedded.
    case badStamp(String)
    /// Incremental writing was asked for, or needed, but is not possible for this file.
    case incrementalImpossible(Sentence)
    /// A full rewrite would break the existing signatures and the user did not allow it.
    case rewriteBreaksSignatures
    /// The document is certified with DocMDP `p` (1: no changes, 2: form filling and signing
    /// only), so a stamp would break the certification, and the user did not allow it.
    case certifiedAgainstStamps(docMDP: Int)
    /// qpdf failed while writing.
    case writeFailed(String)
    /// libqpdf, loaded when the first PDF is opened, could not be loaded (why: the loader's text).
    case libraryMissing(String)
    /// A problem in the object structure met while editing (wrong types, missing keys).
    case structure(String)
    /// The file's structure is larger than Signet reads (revisions, cross-reference entries).
    case overLimit(String)
    /// Encrypted for certificates (the public-key security handler), which Signet cannot open.
    case certificateEncrypted
    /// Encrypted in a way Signet cannot write into (another handler, revision or crypt filter).
    case unsupportedEncryption(String)
    /// The document's permissions forbid the change, and it was not opened with the owner password.
    case notPermitted(permission: String, openedWith: String)
    /// Readers may not agree on what the document says (why, as a phrase), so what one of them
    /// shows might not be what another signs or stamps: `sign`, `stamp`, `pipeline`, `timestamp`
    /// and `capture --pdf` refuse such an input before writing anything.
    case readsTwoWays(String)
    /// What the page renderer resolves of the document could not be compared with what qpdf reads
    /// (why, as a phrase), so it is neither shown, signed nor stamped.
    case readingsNotCompared(String)

    /// Bad input, or a failure of the machine (see ``FailureKind``).
    public var kind: FailureKind {
        switch self {
        case .writeFailed, .libraryMissing: return .failed
        default: return .badInput
        }
    }

    /// One line for the user: the file, the page, what is wrong and what to try next.
    /// - Parameter context: The file, input, URL or step the failure is about; `nil` when unknown.
    public func message(about context: String?) -> Sentence {
        let file = context ?? "-"
        let name = StreamName.input(file)
        switch self {
        case .notAPDF:
            return "\(name): \(PDFEnvelope.Problem.notAPDF.sentence)"
        case .truncated:
            return "\(name): \(PDFEnvelope.Problem.truncated.sentence)"
        case .damaged(let why):
            return
                "\(name): the file is damaged beyond repair (\(why)); try opening it in a PDF reader and saving a new copy."
        case .passwordNeeded:
            return "\(name): the file is encrypted and needs a password; \(.give, .pdfPassword)."
        case .wrongPassword:
            return
                "\(name): the password is wrong (it is neither the user nor the owner password); check the variable or file it came from."
        case .passwordNotAllowed(let why):
            return "\(name): the password cannot be used (\(why)); check the variable or file it came from."
        case .pageTreeLoop(let why):
            return
                "\(name): the page tree loops back on itself (\(why)); the file is broken, re-save it with a PDF reader."
        case .brokenPageTree(let why):
            return "\(name): the page tree is broken (\(why)); the file is broken, re-save it with a PDF reader."
        case .noPages:
            return "\(name): the document has no pages; there is nothing to stamp."
        case .pageOutOfRange(let page, let count):
            return count == 1
                ? "\(name): page \(page) is out of range (the document has 1 page); pick page 1 (or -1, the last)."
                : "\(name): page \(page) is out of range (the document has \(count) pages); pick pages between 1 and \(count), or -1 for the last."
        case .badPageSelection(let text):
            return "\(name): cannot read the page selection \(text); use all, last, first, 1,3-5 or -1."
        case .tooManyPages(let selected, let limit):
            return
                "\(name): the selection covers \(selected) pages, over the limit of \(limit) pages for one run; stamp at most \(limit) pages at a time with \(.stampPages) (for example \(.set("1-\(limit)"), .stampPages), then the rest on that output)."
        case .contentTooLarge(let page, let limit):
            return
                "page \(page) of \(name): its content streams decode to more than \(limit >> 20) MiB, far beyond any real page (a decompression bomb?); check that this is the right file."
        case .stampDoesNotFit(let page, let detail):
            return
                "page \(page) of \(name): \(detail); move it with \(.placementAt) or make it smaller with \(.placementWidth) or \(.placementSize)."
        case .badPlacement(let detail):
            return "\(name): \(detail)."
        case .noFreeArea(let page, let detail):
            return
                "page \(page) of \(name): \(detail); make the stamp smaller with \(.placementWidth) or \(.placementSize), or place it with \(.placementAt)."
        case .freeAreaNotSearched(let page, let why):
            return
                "page \(page) of \(name): the page could not be rendered to look for a free area (\(why)); place the stamp with \(.placementAt)."
        case .coversSignedContent(let what, let page, let box, let signature, let more):
            let others = more > 0 ? " (and \(more) more place\(more > 1 ? "s" : "") like it)" : ""
            return
                "page \(page) of \(name): \(what) at [\(PDFNumber.format(box, decimals: 1))] (x0 y0 x1 y1 in points) would hide content that \(signature) signed\(others), and verify would then find that signature not valid; move it with \(.placementAt) or \(.set("true"), .placementFreeArea), or \(.set("true"), .placementOverSignedContent) to write it anyway."
        case .additionNotJudged(let what, let why):
            return
                "\(name): whether \(what) would hide signed content could not be judged (\(why)), so nothing was written; \(.set("true"), .placementOverSignedContent) to write it unjudged."
        case .badStamp(let detail):
            return "\(name): \(detail)."
        case .incrementalImpossible(let why):
            return "\(name): cannot append an incremental update (\(why))."
        case .rewriteBreaksSignatures:
            return
                "\(name): the file is signed, certified or carries usage rights, and a full rewrite would invalidate that; \(.set(".automatic"), .stampMode) to append an incremental update, or \(.set("true"), .stampBreakSignatures) if you really mean it."
        case .certifiedAgainstStamps(let p):
            let allowed = p == 1 ? "no changes allowed" : "only form filling and signing allowed"
            return
                "\(name): it is certified with DocMDP P=\(p) (\(allowed)), so a stamp would break the certification; \(.set("true"), .stampBreakSignatures) to stamp it anyway."
        case .writeFailed(let why):
            return "\(name): writing failed (\(why)); check the free space and permissions of the output folder."
        case .libraryMissing(let why):
            return "\(name): libqpdf could not be loaded (\(why)); install it (Debian: apt-get install libqpdf29)."
        case .structure(let why):
            return "\(name): \(why); the file may be broken, re-save it with a PDF reader."
        case .overLimit(let what):
            return
                "\(name): \(what), beyond what Signet reads (no real file comes close); check that this is the right file."
        case .certificateEncrypted:
            return
                "\(name): the file is encrypted for a certificate (the public-key security handler), which Signet cannot open; decrypt it with the recipient's key first."
        case .unsupportedEncryption(let why):
            return "\(name): cannot write into this encrypted file (\(why)); decrypt it with qpdf --decrypt first."
        case .notPermitted(let permission, let openedWith):
            return
                "\(name): the document's permissions do not allow \(permission), and it was opened with \(openedWith); give the owner password instead."
        case .readsTwoWays(let why):
            return
                "\(name): the document reads two ways (\(why)), so what one reader shows might not be what another one signs or stamps, and nothing was written; rewrite it to one reading (qpdf IN.pdf OUT.pdf, which existing signatures do not survive), check that the copy shows what you expect and use that, or ask for a clean copy."
        case .readingsNotCompared(let why):
            return
                "\(name): what poppler shows of it was not compared with what qpdf signs (\(why)), so it is neither shown, signed nor stamped; check that signet-preview beside signet is the one built with it."
        }
    }
}
