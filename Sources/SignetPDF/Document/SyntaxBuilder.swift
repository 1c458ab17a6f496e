import CQPDF

extension PDFDocument {
    /// A new direct object written in PDF syntax, e.g. `<< /Type /Sig /V 12 0 R >>`.
    /// References (`N G R`) point at this document's objects. qpdf's own parser cannot resolve
    /// references without a document, so the text is read here and built object by object.
    package func parse(_ syntax: String) throws -> PDFObject {
        var reader = SyntaxReader(Array(syntax.utf8))
        guard let value = reader.value() else {
            throw error(.structure("cannot read the object syntax '\(syntax.prefix(60))'"))
        }
        reader.skipSpace()
        guard reader.atEnd else {
            throw error(.structure("unexpected text after the object in '\(syntax.prefix(60))'"))
        }
        return PDFObject(self, try attempt { try build(value) })
    }

    private func build(_ value: SyntaxValue) throws -> qpdf_oh {
        switch value {
        case .null, .keyword: return try qpdf.newNull()
        case .bool(let b): return try qpdf.newBool(b)
        case .integer(let i), .signedInteger(let i, _): return try qpdf.newInteger(i)
        case .real(let text): return try qpdf.newReal(text)
        case .name(let n): return try qpdf.newName(n)
        case .string(let bytes): return try qpdf.newString(bytes)
        case .reference(let number, let generation): return try qpdf.object(number: number, generation: generation)
        case .array(let items):
            let array = try qpdf.newArray()
            for item in items {
                let h = try build(item)
                try qpdf.append(array, h)
                qpdf.release(h)
            }
            return array
        case .dictionary(let entries):
            let dict = try qpdf.newDictionary()
            for (key, item) in entries.sorted(by: { $0.key < $1.key }) {
                let h = try build(item)
                try qpdf.setValue(dict, key, h)
                qpdf.release(h)
            }
            return dict
        }
    }
}
