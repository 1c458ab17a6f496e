import SignetStrokes

extension BadInputCases {
    /// The record of `BadInputFixtures.strokes()`, cut after `keep` bytes.
    static func record(_ name: String, keep: Int) -> Fixture {
        .bytes(name) {
            let drawing = try StrokeReader.read(Array(RenderCLITests.signature.utf8), name: "IN.json")
            return Array(try ISO19794_7.encode(drawing).prefix(keep))
        }
    }

    static let evidence: [BadInputCase] = [
        BadInputCase(
            "evidence", "strokes without timestamps", ["export", "IN.json", "-o", "OUT.iso"],
            files: [.text("IN.json", #"{"strokes":[[[1,2],[3,4]]]}"#)],
            fragment: "stroke 1, point 1 has no time"),
        BadInputCase(
            "evidence", "plot to an unknown type", ["plot", "IN.json", "-o", "OUT.txt"], files: [F.strokes()],
            fragment: "cannot plot to 'OUT.txt'"),
        BadInputCase(
            "evidence", "unknown action", ["exprot", "IN.json", "-o", "OUT.iso"], files: [F.strokes()],
            fragment: "did you mean export?"),
        BadInputCase(
            "render", "ISO/IEC 19794-7 record cut short", ["IN.iso", "-o", "OUT.png"],
            files: [record("IN.iso", keep: 40)],
            fragment: "the record is cut short"),
        BadInputCase(
            "render", "not an ISO/IEC 19794-7 record", ["IN.json", "-o", "OUT.png", "--format", "iso19794-7"],
            files: [F.strokes()], fragment: "this is not an ISO/IEC 19794-7 record"),
    ]
}
