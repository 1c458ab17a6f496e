import FoundationEssentials

/// The signing page `signet capture` serves: Capture/'s files, embedded at build time
/// (Page/CapturePage+*.swift and CapturePage+Files.swift, written by Tools/embed-capture.py), looked
/// up by exact name only.
package enum CapturePage {
    /// One served file.
    package struct File: Sendable, Hashable {
        package var name: String
        package var contentType: String
        package var bytes: [UInt8]

        package init(name: String, contentType: String, bytes: [UInt8]) {
            (self.name, self.contentType, self.bytes) = (name, contentType, bytes)
        }
    }

    /// Every served file, decoded once.
    package static let files: [File] = embedded.map { item in
        guard let data = Data(base64Encoded: item.base64.joined()) else {
            preconditionFailure("the embedded page (Sources/SignetCapture/Page) is damaged; run Tools/embed-capture.py")
        }
        return File(name: item.name, contentType: item.contentType, bytes: Array(data))
    }

    /// The file called exactly `name`, if the page has one.
    package static func file(named name: String) -> File? { files.first { $0.name == name } }
}
