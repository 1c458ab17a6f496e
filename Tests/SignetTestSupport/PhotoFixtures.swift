import Foundation

/// Camera-like images made by `Tools/make-photo-fixtures.py` (Pillow and Little CMS): the eight
/// EXIF orientations as JPEG and PNG, an Adobe RGB JPEG and PNG with their sRGB reference, a CMYK
/// JPEG, and TIFF, GIF and WebP copies of one upright picture. Each call writes a fresh folder.
package enum PhotoFixtures {
    /// python3 with Pillow built with Little CMS (`make test` installs Pillow).
    package static let isAvailable: Bool = {
        guard ProcessRunner.hasTool("python3") else { return false }
        let check = "from PIL import ImageCms, features; assert features.check('littlecms2') and features.check('webp')"
        return (try? ProcessRunner.run("python3", ["-c", check]).status) == 0
    }()

    /// Why a test that needs the fixtures did not run.
    package static let missingNote = "needs python3 with Pillow built with Little CMS and WebP (make test-deps)"

    /// A new folder holding every fixture (see the script's docstring for the names).
    package static func make(_ label: String = "signet-photos") throws -> TemporaryDirectory {
        let dir = TemporaryDirectory(label)
        let script = Corpus.packageRoot.appendingPathComponent("Tools/make-photo-fixtures.py").path
        let result = try ProcessRunner.run("python3", [script, dir.url.path])
        guard result.status == 0 else { throw ToolFailure("make-photo-fixtures.py failed: \(result.stderr)") }
        return dir
    }

    /// The bytes of `name` in `dir`.
    package static func bytes(_ dir: TemporaryDirectory, _ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: dir.url.appendingPathComponent(name)))
    }
}
