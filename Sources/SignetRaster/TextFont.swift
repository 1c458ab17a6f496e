import CCairo
import SignetCore

/// A TrueType or OpenType font read from bytes, for the text lines of a visible signature.
/// FreeType reads it; cairo measures and draws with it, and cairo's PDF surface embeds only the
/// glyphs used (a subset, with a ToUnicode map, so the text can be selected and searched).
///
/// Sendable: the font is read once in `init`; cairo locks the FreeType face whenever it uses it
/// (cairo-ft), so one font can measure and draw on several threads.
public final class TextFont: @unchecked Sendable {
    /// The name messages use (usually the file the font came from).
    package let name: String
    /// The font's ascent and descent (positive), as fractions of the font size.
    package let ascent: Double
    package let descent: Double
    /// The `cairo_font_face_t`; cairo frees the FreeType face (`FreeTypeFace`) with it.
    let face: OpaquePointer
    /// The face at size 1000 without hinting, for measuring.
    private let measuring: OpaquePointer

    /// Where Debian's fonts-dejavu-core puts DejaVu Sans (Latin, Greek, Cyrillic and more).
    public static let dejaVuSansPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// The largest font file accepted, in bytes (DejaVu Sans is 0.7 MB).
    package static let maxBytes = 32 << 20

    /// Reads a font.
    /// - Parameters:
    ///   - bytes: A TrueType or OpenType file's bytes.
    ///   - name: What messages call it (the file it came from).
    /// - Throws: ``RenderError`` (`.badFont`) when FreeType or cairo cannot use the bytes.
    public init(bytes: [UInt8], name: String) throws {
        self.name = name
        guard !bytes.isEmpty, bytes.count <= Self.maxBytes else {
            throw RenderError(.badFont(name: name, detail: "\(bytes.count) bytes; at most \(Self.maxBytes) are read"))
        }
        let owner = try FreeTypeFace(bytes, name: name)
        guard let face = cairo_ft_font_face_create_for_ft_face(owner.face, 0) else {
            throw RenderError(.badFont(name: name, detail: "cairo cannot use it"))
        }
        let retained = Unmanaged.passRetained(owner).toOpaque()
        let attached = cairo_font_face_set_user_data(face, &freeTypeKey, retained) {
            $0.map { Unmanaged<FreeTypeFace>.fromOpaque($0).release() }
        }
        guard attached == CAIRO_STATUS_SUCCESS, cairo_font_face_status(face) == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(face)
            if attached != CAIRO_STATUS_SUCCESS { Unmanaged<FreeTypeFace>.fromOpaque(retained).release() }
            throw RenderError(.badFont(name: name, detail: "cairo cannot use it"))
        }
        self.face = face
        var size = cairo_matrix_t()
        cairo_matrix_init_scale(&size, 1000, 1000)
        var identity = cairo_matrix_t()
        cairo_matrix_init_identity(&identity)
        let options = Self.unhinted()
        defer { cairo_font_options_destroy(options) }
        guard let scaled = cairo_scaled_font_create(face, &size, &identity, options),
            cairo_scaled_font_status(scaled) == CAIRO_STATUS_SUCCESS
        else {
            cairo_font_face_destroy(face)
            throw RenderError(.badFont(name: name, detail: "cairo cannot scale it"))
        }
        measuring = scaled
        var extents = cairo_font_extents_t()
        cairo_scaled_font_extents(scaled, &extents)
        (ascent, descent) = (extents.ascent / 1000, extents.descent / 1000)
    }

    deinit {
        cairo_scaled_font_destroy(measuring)
        cairo_font_face_destroy(face)
    }

    /// The advance width of `text` at font size 1 (no kerning: cairo draws it the same way).
    package func advance(_ text: String) -> Double {
        var extents = cairo_text_extents_t()
        cairo_scaled_font_text_extents(measuring, text, &extents)
        return extents.x_advance / 1000
    }

    /// The characters of `text` that the font has no glyph for (spaces and controls aside).
    package func missingCharacters(_ text: String) -> [Unicode.Scalar] {
        var missing: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where !scalar.properties.isWhitespace && scalar.value >= 0x20 {
            guard !missing.contains(scalar) else { continue }
            var glyphs: UnsafeMutablePointer<cairo_glyph_t>?
            var count: Int32 = 0
            let status = cairo_scaled_font_text_to_glyphs(
                measuring, 0, 0, String(scalar), -1, &glyphs, &count, nil, nil, nil)
            defer { cairo_glyph_free(glyphs) }
            if status != CAIRO_STATUS_SUCCESS || count == 0 || glyphs?[0].index == 0 { missing.append(scalar) }
        }
        return missing
    }

    /// Font options for exact, resolution-independent metrics.
    static func unhinted() -> OpaquePointer? {
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        return options
    }
}

/// The key under which a cairo font face holds its `FreeTypeFace`.
nonisolated(unsafe) private var freeTypeKey = cairo_user_data_key_t()

/// Owns one FreeType library, one face read from memory, and that memory; cairo releases it
/// when the font face it backs is destroyed (the face must outlive every cairo use of it).
private final class FreeTypeFace {
    private var library: OpaquePointer?
    let face: FT_Face
    private let memory: UnsafeMutableBufferPointer<UInt8>

    init(_ bytes: [UInt8], name: String) throws {
        var library: OpaquePointer?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw RenderError(.badFont(name: name, detail: "FreeType could not start"))
        }
        let memory = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = memory.initialize(from: bytes)
        var face: FT_Face?
        let error = FT_New_Memory_Face(library, memory.baseAddress, FT_Long(bytes.count), 0, &face)
        guard error == 0, let face else {
            memory.deallocate()
            FT_Done_FreeType(library)
            throw RenderError(.badFont(name: name, detail: "FreeType error \(error): not a font file it can read"))
        }
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            FT_Done_Face(face)
            memory.deallocate()
            FT_Done_FreeType(library)
            throw RenderError(.badFont(name: name, detail: "a bitmap font; only outline fonts scale"))
        }
        (self.library, self.face, self.memory) = (library, face, memory)
    }

    deinit {
        FT_Done_Face(face)
        memory.deallocate()
        FT_Done_FreeType(library)
    }
}
