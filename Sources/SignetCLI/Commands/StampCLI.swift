import Signet

/// The stamping options shared by `signet stamp` and `signet pipeline`: pages, placement,
/// opacity, blend and output mode, read into a `StampOptions`.
enum StampCLI {
    static let specs: [OptionSpec] = [
        .value("pages", "LIST", "pages to stamp: all, first, last (default), 1,3-5, -1 (last), -2 …"),
    ] + PlacementOptions.specs + [
        .value("opacity", "A", "stamp opacity, above 0 up to 1 (default 1)"),
        .value("blend", "MODE", "normal (default) or multiply (a white background disappears)"),
        .flag("incremental", "append an incremental update even when not needed (the output starts with the input's bytes)"),
        .flag("rewrite", "rewrite the whole file even when it is signed (needs --break-signatures then)"),
        .flag("break-signatures", "allow --rewrite to invalidate existing signatures, certification or usage rights"),
    ]

    static let notes = [
        PlacementOptions.notes,
        """
        output: a signed, certified (DocMDP) or usage-rights (UR3) input gets an incremental update, so the
          existing signatures stay valid; anything else is rewritten compactly through qpdf.
        """,
    ]

    /// The options from the command line, checked (contradictions are usage errors).
    static func options(_ args: Arguments) throws -> StampOptions {
        if args.flag("incremental"), args.flag("rewrite") {
            throw UsageError(args.command, "give either --incremental or --rewrite, not both")
        }
        if args.flag("break-signatures"), !args.flag("rewrite") {
            throw UsageError(args.command, "--break-signatures only makes sense with --rewrite")
        }
        let options = StampOptions(
            pages: PageSelection(args.string("pages") ?? "last"),
            placement: try PlacementOptions.placement(args),
            opacity: try args.double("opacity", in: 0...1) ?? 1,
            blend: try args.choice("blend", BlendMode.self) ?? .normal,
            mode: args.flag("incremental") ? .incremental : args.flag("rewrite") ? .rewrite : .automatic,
            breakSignatures: args.flag("break-signatures"))
        if options.opacity == 0 { throw UsageError(args.command, "--opacity 0 would make the stamp invisible") }
        return options
    }
}

/// The pieces of `stamp`'s and `pipeline`'s one-line summaries that describe the stamping.
extension StampReport {
    /// "page 3" for one page, "5 pages" for several.
    var pagesPhrase: String { pagesStamped == 1 ? "page \(perPage[0].page)" : "\(pagesStamped) pages" }

    /// "+4962 bytes", or "-1647 bytes" when a rewrite made the file smaller.
    var sizeChange: String { bytesAdded >= 0 ? "+\(bytesAdded) bytes" : "\(bytesAdded) bytes" }
}
