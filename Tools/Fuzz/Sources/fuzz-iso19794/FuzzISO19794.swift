import FuzzSupport
import Signet

/// ISO/IEC 19794-7 records: any bytes decode to a drawing within the limits or throw
/// `StrokeReadError`; a drawing that comes back is written again and read back with the same
/// strokes and sample counts (the writer's own record always reads). Writing again may refuse
/// only a time span no 16-bit T holds (a DT record can add up to more); positions always fit.
@_cdecl("fuzz_iso19794_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzz.run(argc, argv) { data, size in
        let bytes = Fuzz.bytes(data, size)
        var decoded: Drawing?
        Fuzz.expect("decoding", accepting: [StrokeReadError.self]) { decoded = try ISO19794_7.decode(bytes) }
        guard let drawing = decoded else { return 0 }
        let limits = StrokeLimits()
        Fuzz.require(drawing.sampleCount <= limits.maxPoints, "more points than the limit")
        Fuzz.require(drawing.strokes.allSatisfy { !$0.samples.isEmpty }, "an empty stroke")
        guard drawing.strokes.allSatisfy({ $0.samples.allSatisfy { $0.t != nil } }) else { return 0 }
        let record: [UInt8]
        do {
            record = try ISO19794_7.encode(drawing)
        } catch let error as TimeSeriesError {
            Fuzz.require(
                error.reason == .unscalable(place: "the drawing", what: "time"), "writing again: \(error.message)")
            return 0
        } catch {
            fatalError("writing again: unexpected error \(error)")
        }
        Fuzz.expect("reading what was written", accepting: []) {
            let again = try ISO19794_7.decode(record)
            Fuzz.require(
                again.strokes.map(\.samples.count) == drawing.strokes.map(\.samples.count),
                "re-encoding changed the strokes: \(drawing.strokes.map(\.samples.count)) → \(again.strokes.map(\.samples.count))"
            )
        }
        return 0
    }
}
