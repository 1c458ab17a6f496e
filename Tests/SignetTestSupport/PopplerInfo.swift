import SignetCore

/// `pdfinfo -box`: poppler's view of each page's boxes and rotation.
package enum PopplerInfo {
    /// One page as pdfinfo reports it (boxes in user space, rotation normalised to 0/90/180/270).
    package struct Page: Sendable, Hashable {
        package var number: Int
        package var size = Size.zero
        package var rotate = 0
        package var mediaBox = Rect.zero
        package var cropBox = Rect.zero
        package var bleedBox = Rect.zero
        package var trimBox = Rect.zero
        package var artBox = Rect.zero
    }

    /// Every page of `pdf`.
    package static func pages(_ pdf: String, password: String? = nil) throws -> [Page] {
        var arguments = ["-box", "-f", "1", "-l", "1000000"]
        if let password { arguments += ["-upw", password] }
        let r = try ToolFailure.run("pdfinfo", arguments + [pdf])
        var pages: [Int: Page] = [:]
        for line in r.stdoutText.split(separator: "\n") {
            // "Page    3 MediaBox:     0.00     0.00   612.00   792.00"
            let words = line.split(separator: " ")
            guard words.count >= 3, words[0] == "Page", let n = Int(words[1]) else { continue }
            var page = pages[n] ?? Page(number: n)
            let key = words[2].dropLast()  // "size:" → "size"
            let numbers = words.dropFirst(3).compactMap { Double($0) }
            switch key {
            case "size" where numbers.count >= 2: page.size = Size(width: numbers[0], height: numbers[1])
            case "rot" where numbers.count == 1: page.rotate = Int(numbers[0])
            case "MediaBox", "CropBox", "BleedBox", "TrimBox", "ArtBox":
                guard numbers.count == 4 else { throw ToolFailure("pdfinfo: cannot read '\(line)'") }
                let box = Rect(corners: Point(x: numbers[0], y: numbers[1]), Point(x: numbers[2], y: numbers[3]))
                switch key {
                case "MediaBox": page.mediaBox = box
                case "CropBox": page.cropBox = box
                case "BleedBox": page.bleedBox = box
                case "TrimBox": page.trimBox = box
                default: page.artBox = box
                }
            default: continue
            }
            pages[n] = page
        }
        return pages.keys.sorted().map { pages[$0]! }
    }
}
