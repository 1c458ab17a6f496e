/// The raster formats Signet reads and writes.
public enum ImageFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// Portable Network Graphics.
    case png
    /// JPEG (JFIF or Adobe).
    case jpeg

    /// The name people use: "PNG", "JPEG".
    package var name: String { rawValue.uppercased() }

    /// The conventional file extension, without the dot.
    package var fileExtension: String { self == .png ? "png" : "jpg" }

    /// The format `bytes` start with, from the signature alone; `nil` for anything else.
    /// - Parameter bytes: The start of a file (eight bytes are enough).
    package static func sniff(_ bytes: some Collection<UInt8>) -> ImageFormat? {
        let head = Array(bytes.prefix(8))
        if head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return .png }
        if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF { return .jpeg }
        return nil
    }
}
