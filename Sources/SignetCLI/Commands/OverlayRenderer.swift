import Signet

/// Renders pages for the overlay check of `signet verify` (see `OverlayCheck`) by running
/// `signet-preview` beside `signet`, so that `signet` never links poppler: one run per rectangle
/// and revision, only the rectangle's pixels drawn, the PNG read from its standard output.
struct OverlayRenderer {
    /// The PDF being verified (a readable path).
    let input: String
    /// `--password-env VAR` or `--password-file FILE` as `verify` was given them, passed on.
    let passwordArguments: [String]

    /// A page could not be rendered for the overlay check.
    struct Failure: SignetError {
        var message: String
        var kind: FailureKind { .failed }
    }

    /// The executable that renders pages.
    static let executable = "signet-preview"

    /// The pixels `region` of page `page` of `input` cut at `end` bytes (`nil`: whole) at
    /// `OverlayComparison.dpi`, as displayed or, when `printing`, as printed.
    func render(page: Int, end: Int?, region: Rect, printing: Bool) throws -> Bitmap {
        guard let path = ExternalCommand.locate(Self.executable) else {
            throw Failure(
                message:
                    "\(Self.executable) is not installed next to signet, and it renders the pages compared; build it with 'swift build -c release --product \(Self.executable)', or give --allow-overlays to skip the check"
            )
        }
        let pixels = [region.minX, region.minY, region.width, region.height].map { String(Int($0)) }
        var arguments = [
            input, "--page", String(page), "--dpi", String(OverlayComparison.dpi), "--region",
            pixels.joined(separator: ","), "-o", "-",
        ]
        if let end { arguments += ["--end", String(end)] }
        if printing { arguments.append("--for-printing") }
        var png: [UInt8] = []
        let result: Subprocess.Result
        do {
            result = try Subprocess.run(path, arguments + passwordArguments) { png += $0 }
        } catch {
            throw Failure(message: "\(path) cannot be started (\(error))")
        }
        guard result.status == 0 else {
            let last = result.errorText.split(separator: "\n").last.map(String.init) ?? ""
            let why = last.hasPrefix("signet preview: ") ? String(last.dropFirst(16)) : last
            throw Failure(message: "\(Self.executable) failed on page \(page) with exit code \(result.status): \(why)")
        }
        do {
            return try PNGDecoder.decode(png)
        } catch let error as any SignetError {
            throw Failure(message: "\(Self.executable) gave no readable PNG for page \(page) (\(error.message))")
        }
    }
}
