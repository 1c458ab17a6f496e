import Signet

/// The stamping options shared by `signet stamp` and `signet pipeline`: pages, placement,
/// opacity, blend and output mode, read into a `StampOptions`.
enum StampFlags {
    static let specs: [OptionSpec] =
        [
            PageFlags.spec("LIST", "pages to stamp: all, first, last (default), 1,3-5, -1 (last), -2 …")
        ] + PlacementFlags.specs + [
            .value(.opacity, "A", "stamp opacity, above 0 up to 1 (default 1)"),
            .choice(.blend, "MODE", BlendMode.self, "normal (default) or multiply (a white background disappears)"),
            .flag(
                .incremental,
                "append an incremental update even when not needed (the output starts with the input's bytes)"),
            .flag(.rewrite, "rewrite the whole file even when it is signed (needs --break-signatures then)"),
            .flag(
                .breakSignatures,
                "allow --rewrite, or a stamp on a certified (DocMDP P=1 or 2) input, to invalidate signatures, certification or usage rights"
            ),
            .flag(
                .asAnnotation,
                "stamp as a Stamp annotation (page content untouched) even when the input is not signed"),
        ]

    static let notes = [
        PlacementFlags.notes,
        """
        output: a signed, certified (DocMDP) or usage-rights (UR3) input gets an incremental update, so the
          existing signatures stay valid; anything else is rewritten compactly through qpdf.
        form: on a signed or certified input the stamp is a Stamp annotation, so approval signatures and a
          DocMDP P=3 certification see a permitted annotation, never changed page content; a certification
          with P=1 or P=2 allows no stamp (--break-signatures stamps anyway). --as-annotation asks for the
          annotation on any input.
        """,
    ]

    /// The options from the command line, checked (contradictions are usage errors).
    static func options(_ args: Arguments) throws -> StampOptions {
        if args.flag(.incremental), args.flag(.rewrite) {
            throw UsageError(args.command, "give either --incremental or --rewrite, not both")
        }
        let options = StampOptions(
            pages: PageSelection(args.string(.pages) ?? "last"),
            placement: try PlacementFlags.placement(args),
            opacity: try args.double(.opacity, in: 0...1) ?? 1,
            blend: try args.choice(.blend, BlendMode.self) ?? .normal,
            mode: args.flag(.incremental) ? .incremental : args.flag(.rewrite) ? .rewrite : .automatic,
            breakSignatures: args.flag(.breakSignatures), asAnnotation: args.flag(.asAnnotation))
        if options.opacity == 0 { throw UsageError(args.command, "--opacity 0 would make the stamp invisible") }
        return options
    }
}

/// The pieces of `stamp`'s and `pipeline`'s one-line summaries that describe the stamping.
extension StampReport {
    /// Adds to `warnings` (which go to stderr and into `--json`) the stamps an annotation hides,
    /// advising their flag (`--as-annotation`).
    mutating func addHiddenWarnings() { warnings += hiddenWarnings.map(FlagAdvice.line) }

    /// "page 3" for one page, "5 pages" for several.
    var pagesPhrase: String { pagesStamped == 1 ? "page \(perPage[0].page)" : "\(pagesStamped) pages" }

    /// "as a Stamp annotation" (or "as Stamp annotations"), "as the signature's appearance"; nil for
    /// a stamp in the page content.
    var formPhrase: String? {
        switch form {
        case .content: nil
        case .annotation: "as \(pagesStamped == 1 ? "a Stamp annotation" : "Stamp annotations")"
        case .signature: "as the signature's appearance"
        }
    }

    /// "appended as an incremental update" or "rewritten", after the form phrase when there is one.
    var howPhrase: String {
        let how = mode == "incremental" ? "appended as an incremental update" : "rewritten"
        return formPhrase.map { "\($0), \(how)" } ?? how
    }

    /// "+4962 bytes", or "-1647 bytes" when a rewrite made the file smaller.
    var sizeChange: String { bytesAdded >= 0 ? "+\(bytesAdded) bytes" : "\(bytesAdded) bytes" }
}
