import SignetCrypto
import SignetPDF
import SignetPDFSigning

/// Values written out again that mean what they meant: a page's inherited box made explicit, its
/// /Resources moved into an equal object, a catalog rewritten under a new number with only /DSS
/// (or other long-term validation keys) added.
extension ChangeAnalysis {
    /// Page keys a page inherits from the page tree when it has none (ISO 32000-2 7.7.3.4).
    static let inheritable: Set<String> = ["/Resources", "/MediaBox", "/CropBox", "/Rotate"]

    /// The page's value under `key`, inherited from its ancestors when it has none.
    static func pageValue(_ page: PDFObject, _ key: String) throws -> PDFObject? {
        if let value = try page.value(key) { return value }
        guard inheritable.contains(key) else { return nil }
        var node = try page.value("/Parent")
        for _ in 0..<32 {
            guard let current = node else { return nil }
            if let value = try current.value(key) { return value }
            node = try current.value("/Parent")
        }
        return nil
    }

    /// Whether two values, each read in its own revision, mean the same: equal numbers (612 and
    /// 612.0), dictionaries and arrays whose members are equivalent, the same indirect object (one
    /// the span rewrote is judged on its own), streams with the same dictionary and stored bytes.
    /// Deep values (over 16 levels) count as different, and so does everything once the span's
    /// `comparisonBudget` of members is spent.
    mutating func equivalent(_ a: PDFObject?, _ b: PDFObject?) throws -> Bool {
        try Self.equivalent(a, b, depth: 0, budget: &comparisonBudget)
    }

    private static func equivalent(_ a: PDFObject?, _ b: PDFObject?, depth: Int, budget: inout Int) throws -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        budget -= 1
        guard budget > 0, depth < 16 else { return false }
        if let x = try a.id, x == (try b.id) { return true }
        let kind = try a.kind, other = try b.kind
        switch (kind, other) {
        case (.integer, .integer), (.integer, .real), (.real, .integer), (.real, .real):
            return try a.numberValue() == b.numberValue()
        case (.array, .array):
            let x = try a.items(), y = try b.items()
            guard x.count == y.count else { return false }
            for (p, q) in zip(x, y) where try !equivalent(p, q, depth: depth + 1, budget: &budget) { return false }
            return true
        case (.dictionary, .dictionary):
            let keys = Set(try a.keys()).union(try b.keys())
            for key in keys where try !equivalent(a.value(key), b.value(key), depth: depth + 1, budget: &budget) {
                return false
            }
            return true
        case (.stream, .stream):
            return try same(a, b)
        default:
            return try kind == other && a.unparsed() == b.unparsed()
        }
    }

    /// The trailer's /Root points at another catalog: `lta-updates` when it is the old one with
    /// only long-term validation keys (/DSS, /Extensions, /Metadata, /Version) added or changed,
    /// as an LT update that writes the catalog afresh does; `other` for anything else.
    mutating func rootChanged() throws {
        let number = new.root?.number
        let catalogs = try old.root.flatMap { try before.object($0) }.flatMap { a in
            try new.root.flatMap { try after.object($0) }.map { (a, $0) }
        }
        if let (a, b) = catalogs {
            var differing: [String] = []
            for key in Set(try a.keys()).union(try b.keys()).sorted()
            where try !equivalent(a.value(key), b.value(key)) {
                differing.append(key)
            }
            if !differing.isEmpty, differing.allSatisfy(Self.ltaCatalogKeys.contains) {
                let added = try differing.filter { try a.value($0) == nil }
                let updated = differing.filter { !added.contains($0) }
                let parts =
                    (added.isEmpty ? [] : ["\(added.joined(separator: ", ")) added"])
                    + (updated.isEmpty ? [] : ["\(updated.joined(separator: ", ")) updated"])
                return add(
                    .ltaUpdates,
                    "the trailer's /Root now points at a new catalog (object \(number ?? 0)), the old one with \(parts.joined(separator: " and "))",
                    object: number)
            }
        }
        add(
            .other, "the trailer's /Root now points at \(number.map { "a new catalog (object \($0))" } ?? "nothing")",
            object: number)
    }
}
