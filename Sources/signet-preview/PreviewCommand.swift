import FoundationEssentials
import Glibc
import Signet
import SignetCLI
import SignetPreview

/// `signet preview IN.pdf -o PAGE.png [--pages N] [--width W | --height H | --dpi D]`, or every page
/// with `--all --output-dir DIR`.
enum PreviewCommand: Command {
    /// The options `signet` knows too (`ExternalCommand.preview`), with the note on the size limits first.
    static let spec: CommandSpec = {
        var spec = ExternalCommand.preview.spec
        spec.notes.insert(
            """
            size: a page is rendered as displayed (CropBox clipped to the MediaBox, turned by /Rotate, scaled by
              /UserUnit) on white; --dpi counts real inches, so a /UserUnit 2 page comes out twice as large.
              The output is limited to \(PreviewOptions.defaultMaxPixels) pixels and \(PreviewOptions.maxSide) per side.
              With - as input (standard input, read whole) /UserUnit is not read and counts as 1.
            """, at: 0)
        return spec
    }()

    static func run(_ args: Arguments, _ context: CommandContext) throws -> CommandOutcome {
        let input = args.positionals[0]
        if let ends = args.string(.objects) { return try objects(input, ends: ends, args, context) }
        let region = try region(args)
        // Only the region is drawn, so the pixel limit is the region's, not the page image's.
        let options = PreviewOptions(
            scale: try scale(args), maxPixels: region == nil ? PreviewOptions.defaultMaxPixels : Int.max)
        let targets = try targets(args)
        let end = try args.int(.end, in: 1...Int.max)
        let given = try SecretInput.read(args, context)
        let (document, password) = try SecretInput.asking(
            given, when: PreviewReason.passwordRequired, "Password", args, context, text: true
        ) { (try PreviewDocument(path: input, password: $0, end: end), $0) }
        let pages: [Int] = targets.folder == nil ? [targets.page] : Array(1...max(document.pageCount, 1))
        let (units, unitWarning) = userUnits(
            input, password: password, end: end, pages: pages.filter { $0 <= document.pageCount })
        // Every page is laid out before anything is written, so a page over the limits fails the run up front.
        let layouts = try pages.map { try document.layout(page: $0, options: options, userUnit: units[$0] ?? 1) }
        let outputs = try targets.folder.map { try outputPaths(input, folder: $0, pageCount: document.pageCount) }
        try OutputGuard.refuseOverwriting(
            [input] + (args.string(.passwordFile).map { [$0] } ?? []), with: outputs ?? [targets.output!],
            command: spec.name)
        var results: [PreviewReport.Page] = []
        for (page, layout) in zip(pages, layouts) {
            let output = outputs?[page - 1] ?? targets.output!
            let bitmap = try document.render(
                page: page, options: options, userUnit: units[page] ?? 1, region: region,
                printing: args.flag(.forPrinting))
            // Page renders are text and pictures, not signatures: adaptive filters with the default zlib
            // strategy gave files about half the size of the signature defaults on tracemonkey.pdf.
            let png = try PNGEncoder.encode(bitmap, options: PNGOptions(filter: .adaptive, strategy: .standard))
            if output == "-" { context.writeOutput(png) } else { try AtomicOutput.write(png, to: output) }
            results.append(
                PreviewReport.Page(page: page, output: output, layout: layout, size: bitmap, bytes: png.count))
        }
        // Warned only once the run succeeded: a failing run prints its one error line and nothing else.
        if let unitWarning { context.warn(unitWarning) }
        let report = PreviewReport(input: input, pageCount: document.pageCount, pages: results)
        return CommandOutcome(json: report, lines: report.lines, outputUsedStdout: targets.output == "-")
    }

    /// `--objects ENDS`: what poppler resolves of every object of `input` cut at each end, on
    /// standard output (docs/verify.md, "Two readings"); nothing is rendered.
    private static func objects(
        _ input: String, ends text: String, _ args: Arguments, _ context: CommandContext
    ) throws -> CommandOutcome {
        let ends = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
        guard input != "-", !ends.isEmpty, ends.allSatisfy({ ($0 ?? -1) >= 0 }),
            args.string(.output) == nil, !args.flag(.all)
        else {
            throw UsageError(
                args.command, "--objects takes byte counts such as 0,1234 (0: the whole file) of a named file, alone")
        }
        let password = try SecretInput.read(args, context)
        // A damaged stream poppler decodes without end must not take the machine: past this much
        // address space an allocation fails, the run ends, and verify says what was not compared.
        var limit = rlimit(rlim_cur: ObjectReading.maxAddressSpace, rlim_max: ObjectReading.maxAddressSpace)
        setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
        context.writeOutput(try ObjectReading.read(path: input, password: password, ends: ends.map { $0! }))
        return CommandOutcome(json: nil as String?, lines: [], outputUsedStdout: true)
    }

    /// `--dpi`, `--width`, `--height`, or `--width` with `--height`.
    private static func scale(_ args: Arguments) throws -> PreviewOptions.Scale {
        let dpi = try args.double(.dpi, in: 1...10_000)
        let width = try args.int(.width, in: 1...PreviewOptions.maxSide)
        let height = try args.int(.height, in: 1...PreviewOptions.maxSide)
        switch (dpi, width, height) {
        case (let d?, nil, nil): return .dpi(d)
        case (nil, let w?, nil): return .width(w)
        case (nil, nil, let h?): return .height(h)
        case (nil, let w?, let h?): return .fit(width: w, height: h)
        case (nil, nil, nil): return .dpi(PreviewOptions.defaultDPI)
        default: throw UsageError(args.command, "give --dpi or --width/--height, not both")
        }
    }

    /// `--region X,Y,W,H`: four whole numbers, a width and height of at least 1, within the pixel limits.
    private static func region(_ args: Arguments) throws -> Rect? {
        guard let text = args.string(.region) else { return nil }
        let n = text.split(separator: ",", omittingEmptySubsequences: false).compactMap { Int($0) }
        guard n.count == 4, n[0] >= 0, n[1] >= 0, n[2] >= 1, n[3] >= 1 else {
            throw UsageError(args.command, "--region takes X,Y,W,H in whole pixels, such as 0,0,100,50, not '\(text)'")
        }
        guard n[2].multipliedReportingOverflow(by: n[3]).partialValue <= PreviewOptions.defaultMaxPixels,
            n[2] <= PreviewOptions.maxSide, n[3] <= PreviewOptions.maxSide
        else {
            throw UsageError(
                args.command,
                "--region \(text) is over \(PreviewOptions.defaultMaxPixels) pixels (or \(PreviewOptions.maxSide) per side)"
            )
        }
        return Rect(x: Double(n[0]), y: Double(n[1]), width: Double(n[2]), height: Double(n[3]))
    }

    /// One page to `-o`, or every page into `--output-dir`.
    private static func targets(_ args: Arguments) throws -> (output: String?, page: Int, folder: String?) {
        let page = try PageFlags.one(args, last: .notAccepted)
        switch (args.string(.output), args.flag(.all), args.string(.outputDir)) {
        case (let output?, false, nil):
            return (output, page ?? 1, nil)
        case (nil, true, let folder?):
            guard page == nil else { throw UsageError(args.command, "--pages and --all exclude each other") }
            return (nil, 1, folder)
        case (nil, false, nil):
            throw UsageError(
                args.command, "say where the PNG goes: -o FILE for one page, --all --output-dir DIR for every page")
        case (_, true, nil):
            throw UsageError(args.command, "--all needs --output-dir DIR")
        case (nil, false, _?):
            throw UsageError(args.command, "--output-dir needs --all (or use -o FILE for one page)")
        default:
            throw UsageError(args.command, "give either -o or --all --output-dir, not both")
        }
    }

    /// DIR/<input name without .pdf>-<page>.png, page numbers zero-padded to the same width.
    private static func outputPaths(_ input: String, folder: String, pageCount: Int) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let name = StreamName.stem(input, orElse: "page")
        let stem = name.lowercased().hasSuffix(".pdf") ? String(name.dropLast(4)) : name
        let digits = String(pageCount).count
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        return (1...max(pageCount, 1)).map { page in
            let number = String(page)
            return base + stem + "-" + String(repeating: "0", count: digits - number.count) + number + ".png"
        }
    }

    /// Each page's /UserUnit (of the file's first `end` bytes, when given), which poppler does not
    /// read, from SignetPDF; 1 when it cannot be read (standard input, or a file only poppler can
    /// open), with a warning to print if the run succeeds.
    private static func userUnits(
        _ input: String, password: Secret?, end: Int?, pages: [Int]
    ) -> ([Int: Double], warning: String?) {
        guard input != "-" else { return ([:], nil) }
        do {
            let pdf =
                try end.map {
                    try PDFDocument(mapped: MappedFile(ReadableFile(path: input)), prefix: $0, password: password)
                }
                ?? PDFDocument(path: input, password: password)
            return (try Dictionary(uniqueKeysWithValues: pages.map { ($0, try pdf.page($0).geometry().userUnit) }), nil)
        } catch {
            let message = (error as? SignetError).map(FlagAdvice.line) ?? "\(error)"
            let why = message.hasPrefix(input + ": ") ? String(message.dropFirst(input.count + 2)) : message
            return ([:], "\(input): sizes assume /UserUnit 1, because it cannot be read: \(why)")
        }
    }
}
