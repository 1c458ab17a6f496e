import SignetFiles

/// Writes the whole document anew through qpdf: streams compressed, objects packed into object
/// streams, a deterministic `/ID` (same input and stamp → same bytes), encryption kept as read.
/// Existing signatures do not survive this (their byte ranges move).
package enum RewriteWriter {
    /// Writes to `output` without committing it; returns the number of bytes written.
    package static func write(
        _ document: PDFDocument, to output: any ByteSink, progress: ((Double) -> Void)? = nil
    ) throws -> Int {
        guard document.pendingStreams.isEmpty else {
            throw document.error(
                .structure("internal: the document was prepared for an incremental update and cannot be rewritten"))
        }
        var settings = QPDFWriteSettings()
        // qpdf refuses a deterministic /ID for an encrypted file: its key derives from the /ID kept.
        settings.deterministicID = !document.isEncrypted
        let report = progress.map { p in { (percent: Int) in p(Double(percent) / 100) } }
        let working = (output as? AtomicOutput)?.workingPath
        do {
            if let working {
                _ = try document.qpdf.write(path: working, settings: settings, progress: report)
                return try ReadableFile(path: working, name: output.name).size
            }
            let bytes = try document.qpdf.write(path: nil, settings: settings, progress: report)
            try output.write(bytes)
            return bytes.count
        } catch let failure as QPDFFailure {
            // qpdf names the file it could not write: the output's, not its temporary file's.
            throw document.error(
                .writeFailed(working.map { failure.detail.replacing($0, with: output.name) } ?? failure.detail))
        }
    }
}
