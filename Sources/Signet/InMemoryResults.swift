/// What `SignetAPI.stamp(pdf:password:with:options:)` returns: the stamped document and the report.
public struct StampedPDF: Sendable {
    /// The stamped document's bytes.
    public var pdf: [UInt8]
    /// What was stamped (`input` is "the PDF in memory", `output` "the returned PDF").
    public var report: StampReport

    package init(pdf: [UInt8], report: StampReport) {
        (self.pdf, self.report) = (pdf, report)
    }
}

/// What `SignetAPI.sign(pdf:identity:options:appearance:)` returns: the signed document and what was signed.
public struct SignedPDF: Sendable {
    /// The signed document's bytes (the input's bytes, then the incremental update).
    public var pdf: [UInt8]
    /// What was signed: field, page, ByteRange, sizes.
    public var result: PDFSignResult

    package init(pdf: [UInt8], result: PDFSignResult) {
        (self.pdf, self.result) = (pdf, result)
    }
}

/// What `SignetAPI.pipeline(_:pdf:password:options:signing:)` returns: the finished document and the report.
public struct PipelinedPDF: Sendable {
    /// The stamped (and, with signing, signed) document's bytes.
    public var pdf: [UInt8]
    /// What every stage did.
    public var report: PipelineReport

    package init(pdf: [UInt8], report: PipelineReport) {
        (self.pdf, self.report) = (pdf, report)
    }
}
