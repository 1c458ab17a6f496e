import Synchronization

/// Fonts read once per process, by path: every `signet batch` or `signet pipeline` job with
/// visible signature text asks for the same font, and reading DejaVu Sans (0.7 MB) each time
/// would cost every job a file read and a FreeType parse.
///
/// A ``TextFont`` measures and draws on several threads at once, so jobs share one. The lock is
/// held while a font loads, so jobs asking for the same path at once still read it once; a path
/// that fails to load is not remembered (the next job tries again and reports its own error).
/// At most ``capacity`` fonts are kept (about 1 MB each); a new one beyond that replaces the oldest.
package final class TextFontCache: Sendable {
    /// The process's cache, reading fonts with ``TextFont/file(at:)``.
    package static let shared = TextFontCache { try TextFont.file(at: $0) }
    /// The most fonts kept at once.
    package static let capacity = 16

    private struct Fonts {
        var byPath: [String: TextFont] = [:]
        /// Paths in the order they were first read.
        var order: [String] = []
    }

    private let load: @Sendable (String) throws -> TextFont
    private let fonts = Mutex(Fonts())

    /// A cache reading fonts with `load`.
    package init(load: @escaping @Sendable (String) throws -> TextFont) {
        self.load = load
    }

    /// The font at `path`, read on first use.
    package func font(at path: String) throws -> TextFont {
        try fonts.withLock { fonts in
            if let font = fonts.byPath[path] { return font }
            let font = try load(path)
            if fonts.order.count == Self.capacity { fonts.byPath[fonts.order.removeFirst()] = nil }
            fonts.byPath[path] = font
            fonts.order.append(path)
            return font
        }
    }
}
