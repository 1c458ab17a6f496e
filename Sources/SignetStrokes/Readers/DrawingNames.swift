/// Picks a drawing by name among the drawings of a file, and keeps the first few distinct names
/// it passes for the message when none matches (so a file of a million records costs no more
/// memory than a short one).
struct DrawingNames: Sendable {
    /// How many names a "no drawing named" message lists.
    static let shown = 10

    /// The name asked for.
    let wanted: String
    /// The first distinct names seen, in file order.
    private(set) var names: [String] = []
    /// True when more distinct names were seen than are kept.
    private(set) var more = false

    init(_ wanted: String) { self.wanted = wanted }

    /// True when one of `names` (a drawing's names: a key and a label, say) is the one wanted;
    /// otherwise the first, `listed`, is noted for the message.
    mutating func matches(_ names: [String?], listing listed: String?) -> Bool {
        if names.contains(wanted) { return true }
        if let listed, !self.names.contains(listed) {
            if self.names.count < Self.shown { self.names.append(listed) } else { more = true }
        }
        return false
    }

    /// The error for a file in which no drawing matched.
    func notFound(_ context: ReadContext, unit: String, listed: String) -> StrokeReadError {
        context.error(.noDrawingNamed(name: wanted, unit: unit, listed: listed, names: names, more: more))
    }
}

extension DrawingNames {
    /// True when the Quick, Draw! record `json` has the wanted `key_id` or `word`.
    mutating func matches(_ json: JSONValue, _ context: ReadContext, at place: String) throws -> Bool {
        let (key, word) = try QuickDrawReader.names(json, context, at: place)
        return matches([key, word], listing: word)
    }
}
