/// `evidence plot`: the dynamics of one or two signatures as a chart for an examiner.
extension SignetAPI {
    /// `signet evidence plot A [B] -o OUT.svg|.png`: reads one or two stroke files with
    /// timestamps (any format, an ISO/IEC 19794-7 record included) and writes their x, y, speed
    /// and pressure against time, overlaid, as SVG or PNG (by `output`'s extension), atomically.
    /// - Parameters:
    ///   - inputs: One or two stroke files (`-` = standard input, for one of them). When one
    ///     records its resolution and the other does not, the other is read at
    ///     ``ISO19794_7/Options/assumedUnitsPerInch`` (96), as `evidence export` writes it.
    ///   - output: The chart to write, named .svg or .png (`-` = standard output, SVG).
    ///   - reading: The format, drawing index and limits to read with.
    /// - Returns: What was written.
    /// - Throws: ``FileError``, ``StrokeReadError``, ``TimeSeriesError`` naming the input without
    ///   times, or ``RenderError`` for an output type it cannot tell.
    @discardableResult
    package static func plotDynamics(
        strokesAt inputs: [String], to output: String, reading: StrokeReadOptions = StrokeReadOptions()
    ) throws -> DynamicsPlotFile {
        let type: RenderOutputType = output == "-" ? .svg : RenderOutputType(fileName: output) ?? .pdf
        guard (1...2).contains(inputs.count), type != .pdf else {
            throw RenderError(
                .badOption("cannot plot to '\(output)'; name it .svg or .png, and give one or two stroke files."))
        }
        var drawings = try inputs.map { try StrokeFile.read(path: $0, options: reading) }
        // One axis for both: a file that records no resolution, overlaid on one that does, is
        // read at the resolution the record writer assumes for it (so strokes and their record
        // plot alike).
        if drawings.contains(where: { $0.unitsPerInch != nil }) {
            for i in drawings.indices where drawings[i].unitsPerInch == nil {
                drawings[i].unitsPerInch = ISO19794_7.Options().assumedUnitsPerInch
            }
        }
        var signatures: [DynamicsPlot.Signature] = []
        for (input, drawing) in zip(inputs, drawings) {
            do {
                signatures.append(
                    DynamicsPlot.Signature(name: StreamName.input(input), series: try DynamicsSeries(drawing)))
            } catch let error as TimeSeriesError {
                throw error.naming(input)
            }
        }
        let plot = DynamicsPlot(signatures)
        let bytes: [UInt8]
        switch type {
        case .svg: bytes = PlotSVG.document(plot.scene)
        default: bytes = try PNGEncoder.encode(try PlotPainter.bitmap(plot.scene, font: try TextFont.file(), scale: 2))
        }
        try AtomicOutput.write(bytes, to: output)
        return DynamicsPlotFile(
            output: output, type: type, bytes: bytes.count,
            signatures: signatures.map {
                DynamicsPlotFile.Signature(
                    input: $0.name, strokes: $0.series.strokes.count, durationMilliseconds: $0.series.duration,
                    unit: $0.series.unit)
            })
    }
}

/// What `plotDynamics` wrote.
package struct DynamicsPlotFile: Sendable, Hashable, Codable {
    /// One signature plotted.
    package struct Signature: Sendable, Hashable, Codable {
        /// The stroke file it came from.
        package var input: String
        /// Its strokes (runs of the pen on the surface).
        package var strokes: Int
        /// From its first sample to its last, in milliseconds.
        package var durationMilliseconds: Double
        /// "mm" when the file records its resolution, else "units".
        package var unit: String
    }

    /// The chart written.
    package var output: String
    /// SVG or PNG.
    package var type: RenderOutputType
    /// Its size in bytes.
    package var bytes: Int
    /// The signatures, A then B.
    package var signatures: [Signature]
}
