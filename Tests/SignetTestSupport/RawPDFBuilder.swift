import Foundation
import SignetCore

/// PDF syntax for hand-written test files: numbers without exponent or trailing zeros, arrays,
/// matrices and literal strings.
package enum PDFSyntax {
    package static func format(_ v: Double) -> String {
        let rounded = (v * 10000).rounded() / 10000
        if rounded == rounded.rounded(), abs(rounded) < 1e12 { return String(Int(rounded)) }
        var text = String(format: "%.4f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// `[x0 y0 x1 y1]`.
    package static func array(_ r: Rect) -> String {
        "[" + [r.minX, r.minY, r.maxX, r.maxY].map(format).joined(separator: " ") + "]"
    }

    /// The six operands of `cm`.
    package static func matrix(_ t: Transform) -> String {
        t.components.map(format).joined(separator: " ")
    }

    /// A PDF literal string with `(`, `)` and `\` escaped.
    package static func literal(_ text: String) -> String {
        "("
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "(", with: "\\(")
            .replacingOccurrences(of: ")", with: "\\)") + ")"
    }
}

/// Writes a classic PDF by hand: numbered objects in order, an xref table with exact offsets,
/// a trailer and `startxref`. Test material only (no compression, no object streams).
package struct RawPDFBuilder {
    private var bodies: [Int: [UInt8]] = [:]
    private var nextNumber = 1

    package init() {}

    /// A fresh object number whose body is set later with `set`.
    package mutating func reserve() -> Int {
        defer { nextNumber += 1 }
        return nextNumber
    }

    /// Sets the body (the text between `N 0 obj` and `endobj`) of a reserved object.
    package mutating func set(_ number: Int, _ body: String) {
        bodies[number] = Array(body.utf8)
    }

    /// Adds an object and returns its number.
    @discardableResult
    package mutating func add(_ body: String) -> Int {
        let n = reserve()
        set(n, body)
        return n
    }

    /// Adds a stream object; `dictionary` holds the entries besides /Length (may be empty).
    @discardableResult
    package mutating func addStream(_ dictionary: String, _ data: [UInt8]) -> Int {
        let n = reserve()
        bodies[n] = Array("<< \(dictionary) /Length \(data.count) >>\nstream\n".utf8) + data + Array("\nendstream".utf8)
        return n
    }

    /// Adds an 8-bit RGBA image as an uncompressed /DeviceRGB image XObject with an /SMask for
    /// the alpha; returns the image's object number.
    package mutating func addImage(width: Int, height: Int, rgba: [UInt8]) -> Int {
        precondition(rgba.count == width * height * 4, "RGBA buffer size")
        var rgb: [UInt8] = [], alpha: [UInt8] = []
        rgb.reserveCapacity(width * height * 3)
        alpha.reserveCapacity(width * height)
        for i in stride(from: 0, to: rgba.count, by: 4) {
            rgb += rgba[i..<(i + 3)]
            alpha.append(rgba[i + 3])
        }
        let common = "/Type /XObject /Subtype /Image /Width \(width) /Height \(height) /BitsPerComponent 8"
        let mask = addStream(common + " /ColorSpace /DeviceGray", alpha)
        return addStream(common + " /ColorSpace /DeviceRGB /SMask \(mask) 0 R", rgb)
    }

    /// The file: header, every object, xref table, trailer with `/Root root` and a fixed `/ID`.
    package func build(root: Int, version: String = "1.7") -> [UInt8] {
        var out = Array("%PDF-\(version)\n".utf8) + [0x25, 0xE2, 0xE3, 0xCF, 0xD3, 0x0A]  // binary-marker comment
        var offsets: [Int] = []
        for n in 1..<nextNumber {
            guard let body = bodies[n] else { preconditionFailure("object \(n) reserved but never set") }
            offsets.append(out.count)
            out += Array("\(n) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8)
        }
        let xref = out.count
        var table = "xref\n0 \(nextNumber)\n0000000000 65535 f \n"
        for offset in offsets {
            let digits = String(offset)
            table += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
        }
        let id = "<5369676E657446697874757265303031>"
        table += "trailer\n<< /Size \(nextNumber) /Root \(root) 0 R /ID [\(id) \(id)] >>\nstartxref\n\(xref)\n%%EOF\n"
        return out + Array(table.utf8)
    }
}
