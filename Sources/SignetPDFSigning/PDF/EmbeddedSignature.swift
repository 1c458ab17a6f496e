import FoundationEssentials
import SignetCrypto
import SignetPDF

/// The parts of a PDF signature dictionary (`/V` of a signature field) verification needs.
package struct EmbeddedSignature {
    package let field: String
    package let subFilter: String?
    package let byteRange: ByteRange
    /// The CMS bytes (the /Contents string, trailing zero padding included).
    package let contents: [UInt8]
    /// `/M`, the signing time the signer's software wrote (not signed by itself).
    package let modified: Date?
    /// `/Name`, the signer's name as the signing software wrote it (`--name`).
    package let name: String?

    package init(field: String, dictionary: PDFObject) throws {
        self.field = field
        subFilter = try dictionary.value("/SubFilter")?.nameValue()
        let numbers = try dictionary.value("/ByteRange")?.items().map { try $0.intValue() ?? -1 } ?? []
        byteRange = ByteRange(values: numbers)
        contents = try dictionary.value("/Contents")?.stringBytes() ?? []
        modified = try dictionary.value("/M")?.textValue().flatMap(PDFDate.parse)
        name = try dictionary.value("/Name")?.textValue()
    }

    /// Where the signed bytes end (orders signatures from first to last made): 0 for a ByteRange
    /// that is not four numbers, `Int.max` for one whose end overflows (it ends no revision).
    package var coveredEnd: Int { byteRange.values.count == 4 ? byteRange.end ?? Int.max : 0 }
}
