/// `evidence export`: a stroke file to an ISO/IEC 19794-7 record.
extension SignetAPI {
    /// `signet evidence export STROKES -o SIG.iso`: reads the stroke file `input` (any format with
    /// timestamps, `-` = standard input), writes its ISO/IEC 19794-7 record to `output`
    /// atomically (`-` = standard output).
    /// - Parameters:
    ///   - input: The stroke file (`-` = standard input).
    ///   - output: The record to write (`-` = standard output).
    ///   - reading: The format, drawing index and limits to read with.
    ///   - options: How the record is written.
    /// - Returns: What was written.
    /// - Throws: ``FileError``, ``StrokeReadError``, or ``TimeSeriesError`` naming the input.
    @discardableResult
    package static func exportISORecord(
        strokesAt input: String, to output: String, reading: StrokeReadOptions = StrokeReadOptions(),
        options: ISO19794_7.Options = ISO19794_7.Options()
    ) throws -> ISORecordExport {
        let (drawing, format) = try StrokeFile.readDetecting(path: input, options: reading)
        let record: [UInt8]
        do {
            record = try ISO19794_7.encode(drawing, options: options)
        } catch let error as TimeSeriesError {
            throw error.naming(input)
        }
        try AtomicOutput.write(record, to: output, ownerOnly: true)
        return ISORecordExport(
            input: input, output: output, format: format, bytes: record.count, strokes: drawing.strokes.count,
            samples: drawing.sampleCount, channels: ISO19794_7.channelNames(of: record))
    }
}

/// What `exportISORecord` wrote.
package struct ISORecordExport: Sendable, Hashable, Codable {
    /// The stroke file read.
    package var input: String
    /// The record written.
    package var output: String
    /// The stroke format read (given or detected).
    package var format: StrokeFormat
    /// The record's size in bytes.
    package var bytes: Int
    /// Strokes recorded.
    package var strokes: Int
    /// Samples recorded (the pen-up points written between strokes not counted).
    package var samples: Int
    /// The channels the record includes, in record order ("X", "Y", "T", "F", "S", …).
    package var channels: [String]
}
