/// One call per Signet job — render, fit, stamp, sign, verify, info, pipeline — on values in
/// memory and on files. The `signet` commands and `signet batch` call exactly these functions.
///
/// ```swift
/// import Signet
///
/// let drawing = try StrokeFile.read(path: "signature.json")
/// let png = try SignetAPI.render(drawing, as: .png)                 // RenderedFile: bytes + layout
/// let stamp = try SignetAPI.fit(png.bytes, options: BudgetOptions(maxBytes: 30_000))  // BudgetResult: ≤ 30,000 bytes
/// try SignetAPI.stamp(pdfAt: "contract.pdf", with: .image(stamp.bytes, name: "stamp"), to: "stamped.pdf")
/// ```
///
/// - Options: every job takes the options struct of its stage (`RenderOptions`, `BudgetOptions`,
///   `StampOptions`, `PDFSignOptions`, `PipelineOptions`, …); their defaults are the CLI's.
/// - Errors: each function throws the typed error of the stage that failed, all `SignetError`s
///   (`kind` → exit code, `message` → one sentence naming the file): `StrokeReadError`,
///   `RenderError`, `CodecError`, `PDFError`, `SignError`, `FileError`.
/// - Files: outputs are written atomically (complete or absent); `-` is standard input or output
///   where the job can stream; inputs are never modified.
/// - Time: nothing reads the clock; signing and verification times are parameters.
/// - Concurrency: the functions are synchronous and reentrant, and every value they take or
///   return is `Sendable`, so jobs on different files may run on as many threads as you like.
public enum SignetAPI {}
