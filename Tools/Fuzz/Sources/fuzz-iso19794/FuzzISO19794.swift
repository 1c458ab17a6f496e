import FuzzSupport
import Signet

/// ISO/IEC 19794-7 records: any bytes decode to a drawing within the limits or throw
/// `StrokeReadError`; a drawing that comes back is written again and read back with the same
/// strokes and sample counts (the writer's own record always reads).
@_cdecl("fuzz_iso19794_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzz.run(argc, argv) { data, size in
        let bytes = Fuzz.bytes(data, size)
        Fuzz.expect("decoding", accepting: [StrokeReadError.self]) {
            let drawing = try ISO19794_7.decode(bytes)
            let limits = StrokeLimits()
            Fuzz.require(drawing.sampleCount <= limits.maxPoints, "more points than the limit")
            Fuzz.require(drawing.strokes.allSatisfy { !$0.samples.isEmpty }, "an empty stroke")
            guard drawing.strokes.allSatisfy({ $0.samples.allSatisfy { $0.t != nil } }) else { return }
            let again = try ISO19794_7.decode(try ISO19794_7.encode(drawing))
            Fuzz.require(
                again.strokes.map(\.samples.count) == drawing.strokes.map(\.samples.count),
                "re-encoding changed the strokes: \(drawing.strokes.map(\.samples.count)) → \(again.strokes.map(\.samples.count))"
            )
        }
        return 0
    }
}
