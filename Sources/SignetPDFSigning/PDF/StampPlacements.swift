import SignetPDF

/// Where the pages of a document draw one stamp form XObject, as Signet stamps it (`PageStamper`,
/// `AnnotationStamper`): page content streams of the exact shape `q a b c d e f cm /Name Do Q`
/// (after the `ET`, `EMC` and `Q` operators that close what the page's own content left open),
/// `/Name` being the form in the page's resources; and Stamp annotations whose normal appearance
/// names the form in its resources. Page by page, in page order; on each page, content first in
/// `/Contents` order, then annotations in `/Annots` order.
package struct StampPlacements {
    /// A page content stream that draws the form.
    package struct Drawn {
        /// 1-based page number.
        package var page: Int
        /// The form's name in the page's resources (`/SgnStamp`).
        package var name: String
        /// The stream that draws it.
        package var stream: PDFObject
    }

    /// A Stamp annotation that shows the form.
    package struct Annotated {
        /// 1-based page number.
        package var page: Int
        /// The annotation.
        package var annotation: PDFObject
    }

    package private(set) var drawn: [Drawn] = []
    package private(set) var annotated: [Annotated] = []

    /// The most bytes a stream drawing a stamp can decode to (what Signet writes is under 100).
    static let maxDrawingBytes = 4096

    /// Every place the pages of `form`'s document draw `form` (none when it is not indirect).
    package init(of form: PDFObject) throws {
        let document = form.document
        guard let id = try form.id, document.pageCount > 0 else { return }
        for number in 1...document.pageCount {
            let page = try document.page(number)
            let resources = try page.object.value("/Resources") ?? page.inherited("/Resources")?.value
            let names = try Self.names(of: id, in: resources?.value("/XObject"))
            if !names.isEmpty, let contents = try page.object.value("/Contents") {
                for stream in try contents.kind == .array ? contents.items() : [contents]
                where try stream.kind == .stream {
                    if let name = try Self.drawnName(stream), names.contains(name) {
                        drawn.append(Drawn(page: number, name: name, stream: stream))
                    }
                }
            }
            for annotation in try page.object.value("/Annots")?.items() ?? []
            where try annotation.kind == .dictionary && annotation.value("/Subtype")?.nameValue() == "/Stamp" {
                let xobjects = try annotation.value("/AP")?.value("/N")?.value("/Resources")?.value("/XObject")
                if try !Self.names(of: id, in: xobjects).isEmpty {
                    annotated.append(Annotated(page: number, annotation: annotation))
                }
            }
        }
    }

    /// The keys of `dictionary` whose value is the object `id`.
    private static func names(of id: PDFObjectID, in dictionary: PDFObject?) throws -> Set<String> {
        guard let dictionary, try dictionary.kind == .dictionary else { return [] }
        return Set(try dictionary.keys().filter { try dictionary.value($0)?.id == id })
    }

    /// The XObject name `stream` draws when it is a stamp's drawing stream, else `nil`.
    static func drawnName(_ stream: PDFObject) throws -> String? {
        guard let bytes = try stream.boundedData(limit: maxDrawingBytes).bytes else { return nil }
        let tokens = bytes.split { [0x20, 0x0A, 0x0D, 0x09, 0x0C, 0x00].contains($0) }.map {
            String(decoding: $0, as: UTF8.self)
        }
        let drawing = tokens.drop { ["ET", "EMC", "Q"].contains($0) }
        guard drawing.count == 11 else { return nil }
        let t = Array(drawing)
        guard t[0] == "q", t[1...6].allSatisfy({ Double($0) != nil }), t[7] == "cm", t[8].hasPrefix("/"),
            t[9] == "Do", t[10] == "Q"
        else { return nil }
        return t[8]
    }
}
