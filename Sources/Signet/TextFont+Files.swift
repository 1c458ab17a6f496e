/// Fonts read from files, for the text of a visible signature.
extension TextFont {
    /// The font file at `path`: DejaVu Sans (Debian fonts-dejavu-core) by default.
    /// - Parameter path: A TrueType or OpenType file.
    /// - Returns: The font, named after `path` in messages.
    /// - Throws: ``RenderError`` (`.badFont`) when the file cannot be read or is not a font.
    public static func file(at path: String = TextFont.dejaVuSansPath) throws -> TextFont {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, limit: maxBytes)
        } catch let error as FileError {
            throw RenderError(.badFont(name: path, detail: error.message))
        }
        return try TextFont(bytes: bytes, name: path)
    }
}
