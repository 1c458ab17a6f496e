import SignetCore

/// ISO/IEC 19794-7 signature/sign time series records, full format: the interchange form in
/// which signature pads and biometric-signature systems keep a pen's position, time, pressure and
/// tilt for a forensic examiner.
///
/// Signet writes the first edition's full-format layout (version " 10"), whose byte layout is
/// public through its national adoptions and open readers; see docs/iso19794-7.md for every field,
/// the channels written, their scaling and what a record does not keep. Pure: bytes in, bytes out.
public enum ISO19794_7 {
    /// How a drawing is written.
    public struct Options: Sendable, Hashable, Codable {
        /// The capture resolution assumed for a drawing that does not record one
        /// (``Drawing/unitsPerInch`` is `nil`), so that the record's X and Y scaling say
        /// millimetres: 96, CSS pixels.
        public var assumedUnitsPerInch: Double

        /// Options; the default assumes CSS pixels for a drawing without a resolution.
        /// - Parameter assumedUnitsPerInch: The capture resolution assumed for a drawing that does not record one: 96, CSS pixels.
        public init(assumedUnitsPerInch: Double = 96) {
            self.assumedUnitsPerInch = assumedUnitsPerInch
        }
    }

    /// The record of `drawing`: X, Y and T (time since the first sample) for every sample, F
    /// (pressure) when every sample has one, TX and TY (tilt) when every sample has them, and one
    /// pen-up point between strokes, marked by F = 0 (a pen-down pressure is at least 1/65535), or
    /// by S = 0 in a tip switch channel when the drawing has no pressure.
    /// - Parameters:
    ///   - drawing: The drawing; every sample needs a time.
    ///   - options: How to write it.
    /// - Returns: The record's bytes.
    /// - Throws: ``TimeSeriesError`` when a sample has no time, a value is not finite, or the
    ///   drawing has no samples or more than the format can count.
    public static func encode(_ drawing: Drawing, options: Options = Options()) throws -> [UInt8] {
        try ISO19794RecordWriter(drawing, options: options).bytes()
    }

    /// The drawing a record holds: the samples split into strokes where the pen is up (the S
    /// channel, or F falling to 0 when there is no S), positions in the record's units with
    /// ``Drawing/unitsPerInch`` from the X scaling, times in milliseconds from the T or DT
    /// channel, pressure and tilt when the record has them.
    /// - Parameters:
    ///   - bytes: The record.
    ///   - name: What the record is called in messages (a file name).
    ///   - limits: The ceilings on samples and strokes.
    /// - Returns: The drawing.
    /// - Throws: ``StrokeReadError`` naming the byte offset of what is wrong.
    public static func decode(
        _ bytes: some Collection<UInt8>, name: String = "the record", limits: StrokeLimits = StrokeLimits()
    ) throws -> Drawing {
        let context = ReadContext(name: name, options: StrokeReadOptions(format: .iso19794_7, limits: limits))
        return try ISO19794RecordReader.read(Array(bytes), context)
    }

    /// True when `bytes` start with the record's format identifier, "SDI" and a zero byte.
    /// - Parameter bytes: The start of a file.
    package static func hasMagic(_ bytes: some Collection<UInt8>) -> Bool { bytes.starts(with: magic) }

    /// The format identifier: "SDI" and a zero byte.
    static let magic: [UInt8] = [0x53, 0x44, 0x49, 0x00]
    /// The first edition's version number, " 10" and a zero byte.
    static let version: [UInt8] = [0x20, 0x31, 0x30, 0x00]
    /// The most samples a record counts (three bytes).
    static let maxSamples = 0xFF_FFFF
    /// Full-scale pressure: F is written as 0…65535 for 0…1.
    static let fullScaleForce = 65535.0
    /// T is written in milliseconds when the drawing lasts less than 65.5 s.
    static let timeUnitsPerSecond = 1000.0
    /// TX and TY are written in hundredths of a degree.
    static let tiltUnitsPerDegree = 100.0
}

extension ISO19794_7 {
    /// The names of the channels a record includes ("X", "Y", "T", …), in record order; empty
    /// when `record` is too short to say.
    /// - Parameter record: A record's bytes.
    package static func channelNames(of record: [UInt8]) -> [String] {
        guard record.count >= 10, hasMagic(record) else { return [] }
        return ISO19794Channel.included(in: UInt16(record[8]) << 8 | UInt16(record[9])).map(\.name)
    }
}
