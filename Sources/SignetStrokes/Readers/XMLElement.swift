/// One element of a parsed XML document: what the InkML reader needs and no more (mixed
/// content is flattened into `text`; comments and processing instructions are dropped).
struct XMLElement: Sendable {
    /// The name as written (`inkml:trace`).
    var qualifiedName: String
    var attributes: [(name: String, value: String)]
    var children: [XMLElement] = []
    /// The element's own character data, concatenated.
    var text = ""
    /// Byte offset of the `<` that opens the element, and of its first character data.
    var offset: Int
    var textOffset: Int?

    /// The name without its namespace prefix (`trace`).
    var name: Substring {
        guard let colon = qualifiedName.lastIndex(of: ":") else { return qualifiedName[...] }
        return qualifiedName[qualifiedName.index(after: colon)...]
    }

    /// The value of the attribute written `name` (exactly, prefix included).
    func attribute(_ name: String) -> String? {
        attributes.last { $0.name == name }?.value
    }

    /// `xml:id`, or a plain `id` as CROHME writes it.
    var id: String? { attribute("xml:id") ?? attribute("id") }

    func children(named name: String) -> [XMLElement] { children.filter { $0.name == name } }

    func child(named name: String) -> XMLElement? { children.first { $0.name == name } }
}
