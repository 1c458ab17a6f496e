extension ExternalCommand {
    /// `signet preview IN.pdf -o PAGE.png [--pages N] [--width W | --height H | --dpi D]`, or every page
    /// with `--all --output-dir DIR`: the `signet-preview` program (poppler, GPL). Its options live here so
    /// that `signet`'s help, manual pages and completions list them without linking poppler; the program
    /// adds the note on its size limits, which are poppler-side constants.
    package static let preview = ExternalCommand(
        spec: CommandSpec(
            name: "preview",
            summary: "render PDF pages to PNG the way a viewer shows them (CropBox, /Rotate, /UserUnit)",
            usage:
                "IN.pdf (-o PAGE.png [--pages N] | --all --output-dir DIR | --objects ENDS) [--width W] [--height H] [--dpi D] [--end BYTES] [--region X,Y,W,H] [--for-printing]",
            positionals: 1...1,
            options: [
                .value(.output, "FILE", "the PNG of one page (- for standard output)", short: "o"),
                PageFlags.spec("PAGE", "the page to render, 1-based or first (default 1)"),
                .flag(.all, "render every page (needs --output-dir)"),
                .value(.outputDir, "DIR", "with --all: write DIR/<input name>-<page>.png (the folder is created)"),
                .value(.width, "W", "exactly W pixels wide (with --height: fit into W x H, aspect kept)"),
                .value(.height, "H", "exactly H pixels high (with --width: fit into W x H, aspect kept)"),
                .value(.dpi, "D", "pixels per inch of the page as displayed (default 150)"),
                .value(
                    .end, "BYTES",
                    "read only the file's first BYTES bytes: an earlier revision, as a signature ending there covers it"
                ),
                .flag(.forPrinting, "draw the page as printed: annotations without the Print flag left out"),
                .value(
                    .objects, "ENDS",
                    "instead of a page, print every object poppler resolves of the file cut at each of ENDS (byte counts, comma-separated; 0: whole), as signet verify compares them"
                ),
                .value(
                    .region, "X,Y,W,H",
                    "draw only these pixels of the page image (from its top-left corner), as signet verify compares them"
                ),
            ] + SecretInput.pdfPasswordSpecs,
            notes: ["licence: previews use poppler (GPL); the rest of Signet does not link it."]),
        executable: "signet-preview")
}
