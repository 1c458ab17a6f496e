extension BadInputCases {
    /// `compress IN.png -o OUT.jpg` on a good 120×120 seal, with `extra` options.
    private static func budget(_ label: String, _ extra: [String], exit: Int32 = 2, fragment: String) -> BadInputCase {
        BadInputCase(
            "compress", label, ["IN.png", "-o", "OUT.jpg"] + extra, files: [F.png("IN.png")], exit: exit,
            fragment: fragment)
    }

    /// `compress NAME -o OUT.jpg --max-bytes 10KB` on the input `file`.
    private static func image(_ label: String, _ file: Fixture, fragment: String) -> BadInputCase {
        BadInputCase(
            "compress", label, [file.name, "-o", "OUT.jpg", "--max-bytes", "10KB"], files: [file], fragment: fragment)
    }

    static let compress: [BadInputCase] = [
        image(
            "not an image", .text("IN.png", "just some words\n"), fragment: "not a PNG, JPEG, TIFF, GIF or WebP image"),
        image("empty file", .text("IN.png", ""), fragment: "not a PNG, JPEG, TIFF, GIF or WebP image"),
        image("truncated PNG", F.truncatedPNG("IN.png"), fragment: "the PNG data is corrupt or truncated"),
        image("truncated JPEG", F.truncatedJPEG("IN.jpg"), fragment: "the JPEG data is corrupt or truncated"),
        image(
            "over the pixel limit (60000×60000 header)", F.hugeJPEG("IN.jpg"),
            fragment: "60000×60000 pixels, over the limit"),
        image("folder as input", .folder("IN.png"), fragment: "is a folder"),
        BadInputCase("compress", "missing input file", ["IN.png", "-o", "OUT.jpg"], fragment: "cannot open"),
        BadInputCase(
            "compress", "truncated PNG on standard input", ["-", "-o", "OUT.jpg"], files: [F.truncatedPNG("IN.png")],
            stdin: "IN.png", fragment: "standard input: the PNG data is corrupt"),
        budget("zero budget", ["--max-bytes", "0"], fragment: "--max-bytes must be at least 1 byte"),
        budget("negative budget", ["--max-bytes", "-3kB"], fragment: "--max-bytes must be at least 1 byte"),
        budget("garbage budget", ["--max-bytes", "ten"], fragment: "--max-bytes takes a size (like"),
        budget("absurd budget", ["--max-bytes", "1e20"], fragment: "must be below"),
        budget("unreachable budget", ["--max-bytes", "150"], exit: 1, fragment: "cannot fit 150 bytes"),
        budget(
            "unreachable without resizing", ["--max-bytes", "1KB", "--no-resize"], exit: 1,
            fragment: "cannot fit 1000 bytes"),
        budget(
            "--min-quality above --max-quality", ["--min-quality", "90", "--max-quality", "10"],
            fragment: "--min-quality 90 is above --max-quality 10"),
        budget("quality out of range", ["--min-quality", "0"], fragment: "--min-quality must be between 1 and 100"),
        budget("unknown --format", ["--format", "gif"], fragment: "--format must be one of jpeg, png, auto"),
        budget("translucent --background", ["--background", "#FFFFFF80"], fragment: "--background must be opaque"),
        BadInputCase(
            "compress", "no output named", ["IN.png"], files: [F.png("IN.png")], fragment: "-o/--output is required"),
        BadInputCase(
            "compress", "output is the input", ["IN.png", "-o", "IN.png"], files: [F.png("IN.png")],
            fragment: "inputs are never overwritten"),
        BadInputCase(
            "compress", "output folder missing", ["IN.png", "-o", "missing/OUT.jpg"], files: [F.png("IN.png")], exit: 1,
            fragment: "cannot write"),
    ]
}
