import CQPDF

extension PDFDocument {
    /// The deepest page tree a document may have (256 levels). qpdf walks the tree recursively
    /// when it lists the pages, so a chain of ~50,000 nested /Pages nodes (a 5 MB file)
    /// overflows the stack, and far fewer do on a batch worker's smaller stack; real trees are
    /// balanced and a few levels deep even for millions of pages.
    package static let maxPageTreeDepth = 256
}

extension QPDF {
    /// Walks the page tree iteratively, before qpdf's recursive walk: false when it is more than
    /// `limit` levels deep. A node reached twice (a loop, or a node two parents share) is not
    /// followed again; qpdf reports those itself.
    func pageTreeIsShallow(limit: Int) throws -> Bool {
        let catalog = try root()
        defer { release(catalog) }
        guard try kind(catalog) == .dictionary, try hasKey(catalog, "/Pages") else { return true }
        var pending: [(node: qpdf_oh, depth: Int)] = [(try value(catalog, "/Pages"), 1)]
        defer { for item in pending { release(item.node) } }
        var seen: Set<Int> = []
        while let (node, depth) = pending.popLast() {
            defer { release(node) }
            guard try kind(node) == .dictionary, try hasKey(node, "/Kids") else { continue }
            if try isIndirect(node), !seen.insert(try objectNumber(node)).inserted { continue }
            let kids = try value(node, "/Kids")
            defer { release(kids) }
            guard try kind(kids) == .array else { continue }
            guard depth < limit else { return false }
            for index in 0..<(try count(kids)) { pending.append((try item(kids, index), depth + 1)) }
        }
        return true
    }
}
