import SignetCore

/// Writes a drawing as an ISO/IEC 19794-7 full-format record (first edition layout): the header
/// (format identifier, version, channel inclusion field, one description per channel, a reserved
/// byte), then the body (a flags byte, the 3-byte sample count, the sample points). All numbers
/// are big-endian.
struct ISO19794RecordWriter {
    /// One point of the record: a sample, or the pen-up point written between two strokes.
    private struct RecordPoint {
        var sample: Sample
        var penDown: Bool
    }

    private let points: [RecordPoint]
    private let channels: [ISO19794Channel]
    private let positionScale: ISO19794ScalingValue
    private let timeScale: ISO19794ScalingValue
    private let tiltScale: ISO19794ScalingValue
    /// Record units per capture unit for X and Y.
    private let unitsPerCaptureUnit: Double
    private let startTime: Double

    init(_ drawing: Drawing, options: ISO19794_7.Options) throws {
        var points: [RecordPoint] = []
        for (s, stroke) in drawing.strokes.enumerated() where !stroke.samples.isEmpty {
            if let last = points.last {
                points.append(RecordPoint(sample: last.sample, penDown: false))
            }
            for (p, sample) in stroke.samples.enumerated() {
                guard sample.t != nil else {
                    throw TimeSeriesError(.noTimestamps(place: "stroke \(s + 1), point \(p + 1)"))
                }
                points.append(RecordPoint(sample: sample, penDown: true))
            }
        }
        guard !points.isEmpty else { throw TimeSeriesError(.noSamples) }
        guard points.count <= ISO19794_7.maxSamples else {
            throw TimeSeriesError(.tooManySamples(count: points.count, limit: ISO19794_7.maxSamples))
        }
        let samples = points.map(\.sample)
        let drawn = points.lazy.filter(\.penDown).map(\.sample)
        // Pen-up points carry F = 0 when every sample has a pressure (as pads write them, and
        // readers that know no S channel read them), else S = 0 in a tip switch channel.
        var channels: [ISO19794Channel] = [.x, .y, .time]
        channels.append(drawn.allSatisfy({ $0.force != nil }) ? .force : .tipSwitch)
        if drawn.allSatisfy({ $0.tiltX != nil && $0.tiltY != nil }) { channels += [.tiltX, .tiltY] }
        self.channels = channels.sorted()
        self.points = points

        let extent = samples.reduce(0.0) { max($0, abs($1.x), abs($1.y)) }
        guard extent.isFinite else { throw TimeSeriesError(.unscalable(place: "the drawing", what: "position")) }
        // Positions in at most 1/64 of a capture unit, as fine as int16 allows.
        let millimetresPerUnit = 25.4 / (drawing.unitsPerInch ?? options.assumedUnitsPerInch)
        let perUnit = extent > 0 ? min(64, 32767 / extent) : 64
        guard let positionScale = ISO19794ScalingValue(atMost: perUnit / millimetresPerUnit) else {
            throw TimeSeriesError(.unscalable(place: "the drawing", what: "position"))
        }
        self.positionScale = positionScale
        unitsPerCaptureUnit = positionScale.value * millimetresPerUnit

        let times = samples.map { $0.t! }
        let start = times.min()!
        let duration = (times.max()! - start) / 1000
        guard duration.isFinite else { throw TimeSeriesError(.unscalable(place: "the drawing", what: "time")) }
        // Milliseconds, or as fine as 16 bits allow over a longer drawing.
        timeScale = ISO19794ScalingValue(
            atMost: duration > 0 ? min(ISO19794_7.timeUnitsPerSecond, 65535 / duration) : ISO19794_7.timeUnitsPerSecond)!
        startTime = start
        tiltScale = ISO19794ScalingValue(atMost: ISO19794_7.tiltUnitsPerDegree)!
    }

    /// The record.
    func bytes() -> [UInt8] {
        var out = ISO19794_7.magic + ISO19794_7.version
        out.reserveCapacity(out.count + 32 + points.count * channels.reduce(0) { $0 + $1.width })
        let inclusion = channels.reduce(UInt16(0)) { $0 | $1.bit }
        append16(inclusion, to: &out)
        for channel in channels {
            if let scale = scale(of: channel) {
                out.append(ISO19794DescriptionPart.scalingValue.rawValue)
                append16(scale.bits, to: &out)
            } else {
                out.append(0)
            }
        }
        out.append(0)  // reserved
        out.append(0)  // body flags: no extended data
        let count = points.count
        out += [
            UInt8(truncatingIfNeeded: count >> 16), UInt8(truncatingIfNeeded: count >> 8),
            UInt8(truncatingIfNeeded: count),
        ]
        for point in points {
            for channel in channels {
                let value = value(of: channel, at: point)
                if channel.width == 1 {
                    out.append(UInt8(value))
                } else {
                    append16(UInt16(value + (channel.isSigned ? 32768 : 0)), to: &out)
                }
            }
        }
        return out
    }

    /// The scaling value written in `channel`'s description; `nil` for F and S, which have no
    /// physical unit.
    private func scale(of channel: ISO19794Channel) -> ISO19794ScalingValue? {
        switch channel {
        case .x, .y: return positionScale
        case .time: return timeScale
        case .tiltX, .tiltY: return tiltScale
        default: return nil
        }
    }

    /// `channel`'s value at `point`, in record units, within the channel's range.
    private func value(of channel: ISO19794Channel, at point: RecordPoint) -> Int {
        let s = point.sample
        switch channel {
        case .x: return clamped(s.x * unitsPerCaptureUnit, signed: true)
        case .y: return clamped(s.y * unitsPerCaptureUnit, signed: true)
        case .time: return clamped((s.t! - startTime) / 1000 * timeScale.value, signed: false)
        case .force:
            // A pen-down sample never writes 0, the pen-up mark.
            guard point.penDown else { return 0 }
            return max(1, clamped(min(1, max(0, s.force!)) * ISO19794_7.fullScaleForce, signed: false))
        case .tipSwitch: return point.penDown ? 1 : 0
        case .tiltX: return clamped((s.tiltX ?? 0) * tiltScale.value, signed: true)
        case .tiltY: return clamped((s.tiltY ?? 0) * tiltScale.value, signed: true)
        default: return 0
        }
    }

    /// `v` rounded into the range of a signed or unsigned 16-bit channel (a NaN becomes 0).
    private func clamped(_ v: Double, signed: Bool) -> Int {
        guard !v.isNaN else { return 0 }
        let r = v.rounded()
        return signed ? Int(min(32767, max(-32768, r))) : Int(min(65535, max(0, r)))
    }

    private func append16(_ v: UInt16, to out: inout [UInt8]) {
        out.append(UInt8(v >> 8))
        out.append(UInt8(v & 0xFF))
    }
}
