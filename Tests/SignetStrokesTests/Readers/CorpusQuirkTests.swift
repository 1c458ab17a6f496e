import Foundation
import SignetStrokes
import SignetTestSupport
import Testing

/// The quirks the corpus README lists, checked on the real files.
@Suite("Corpus quirks", .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.missingNote)))
struct CorpusQuirkTests {
    static func read(_ relative: String, index: Int = 0) throws -> Drawing {
        try CorpusReadTests.read(Corpus.path("strokes/" + relative), index: index)
    }

    static func rawLines(_ relative: String) throws -> [[Double]] {
        let text = try String(contentsOfFile: Corpus.path("strokes/" + relative), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { $0.split(separator: " ").map { Double($0)! } }
    }

    @Test(
        "SVC2004: stroke counts match the corpus table; hover samples are dropped",
        arguments: [
            ("U1S1.TXT", 6), ("U1S2.TXT", 6), ("U1S21.TXT", 6), ("U17S26.TXT", 5), ("U37S19.TXT", 1), ("U7S5.TXT", 2),
            ("U35S28.TXT", 2), ("U17S2.TXT", 5), ("U13S27.TXT", 6),
        ])
    func svcStrokes(file: String, strokes: Int) throws {
        let d = try Self.read("svc2004/" + file)
        let rows = try Self.rawLines("svc2004/" + file)
        #expect(d.strokes.count == strokes)
        #expect(
            d.sampleCount == rows.filter { $0[3] != 0 }.count, "every BUTTON 1 sample is ink, no BUTTON 0 sample is")
    }

    @Test("SVC2004: Y is flipped about the highest sample; pressure is /1023; times are kept as written")
    func svcValues() throws {
        let rows = try Self.rawLines("svc2004/U1S1.TXT")
        let maxY = rows.map { $0[1] }.max()!
        let ink = rows.filter { $0[3] != 0 }
        let samples = try Self.read("svc2004/U1S1.TXT").strokes.flatMap(\.samples)
        for (row, s) in zip(ink, samples) {
            #expect(s.x == row[0] && s.y == maxY - row[1] && s.t == row[2] && s.force == row[6] / 1023)
        }
    }

    @Test(
        "SVC2004: duplicate and backwards timestamps are kept",
        arguments: [("U17S26.TXT", 2, 0), ("U7S5.TXT", 0, 1), ("U13S27.TXT", 1, 1)])
    func svcTimes(file: String, duplicates: Int, backwards: Int) throws {
        let times = try Self.read("svc2004/" + file).strokes.flatMap { $0.samples.compactMap(\.t) }
        let pairs = zip(times, times.dropFirst())
        #expect(pairs.filter { $0 == $1 }.count >= duplicates)
        #expect(pairs.filter { $0 > $1 }.count >= backwards)
    }

    @Test("signature_pad: the face has two dots and a 16-point smile; legacy and current forms agree")
    func signaturePadFace() throws {
        let current = try Self.read("signature_pad/face.json")
        let legacy = try Self.read("signature_pad/face_legacy_v2_format.json")
        #expect(current.strokes.map(\.samples.count) == [1, 1, 16])
        #expect(points(current) == points(legacy))
        #expect(current.strokes.map { $0.samples.map(\.t) } == legacy.strokes.map { $0.samples.map(\.t) })
        #expect(current.strokes.map(\.pen) == legacy.strokes.map(\.pen))
        #expect(current.strokes[0].samples[0].force == 0 && legacy.strokes[0].samples[0].force == nil)
        #expect(current.strokes[0].pen?.widthModel == .velocity)
    }

    @Test("Quick, Draw!: the first airplane's first stroke starts as the README shows")
    func quickdrawExcerpt() throws {
        let s = try Self.read("quickdraw/raw_airplane.json").strokes[0].samples
        #expect(s.prefix(6).map(\.x) == [183, 178, 174, 169, 162, 156])
        #expect(s.prefix(6).map(\.y) == [142, 147, 152, 157, 164, 170])
        #expect(s.prefix(6).map(\.t) == [0, 20, 34, 50, 67, 84])
    }

    @Test(
        "Quick, Draw!: NDJSON records equal the JSON array records",
        arguments: [
            ("raw_airplane.json", 0), ("raw_alarm_clock.json", 50), ("raw_bee.json", 100), ("raw_sailboat.json", 150),
            ("raw_truck.json", 250),
        ])
    func quickdrawSameRecords(file: String, offset: Int) throws {
        for index in [0, 17, 49] {
            #expect(
                try Self.read("quickdraw/" + file, index: index)
                    == (try Self.read("quickdraw/quickdraw_raw_300_derived.ndjson", index: offset + index)))
        }
    }

    @Test("Quick, Draw!: float and negative coordinates and equal consecutive times appear and are kept")
    func quickdrawValues() throws {
        let text = try String(
            contentsOfFile: Corpus.path("strokes/quickdraw/quickdraw_raw_300_derived.ndjson"), encoding: .utf8)
        let drawings = try text.split(separator: "\n").map { line -> Drawing in
            var reader = try StrokeStreamReader(format: .quickdraw, name: "quickdraw_raw_300_derived.ndjson")
            try reader.feed(line: String(line))
            return try reader.finish()
        }
        #expect(drawings.count == 300)
        let samples = drawings.map { $0.strokes.flatMap(\.samples) }
        // Counted independently with Python's json module: 86 drawings with fractional and 11
        // with negative coordinates.
        #expect(samples.filter { $0.contains { $0.x != $0.x.rounded() || $0.y != $0.y.rounded() } }.count == 86)
        #expect(samples.filter { $0.contains { $0.x < 0 || $0.y < 0 } }.count == 11)
        let equalTimes = drawings.filter {
            $0.strokes.contains { s in zip(s.samples, s.samples.dropFirst()).contains { $0.t == $1.t } }
        }
        #expect(equalTimes.count == 9, "the README counts 9 drawings with equal consecutive timestamps")
    }

    @Test("Quick, Draw!: the simplified airplanes have no times")
    func quickdrawSimplified() throws {
        for index in [0, 25, 49] {
            let d = try Self.read("quickdraw/simplified_airplane.json", index: index)
            #expect(d.strokes.allSatisfy { $0.samples.allSatisfy { $0.t == nil } })
        }
    }

    @Test("InkML: the Office square decodes to four exact corners")
    func officeSquare() throws {
        let d = try Self.read("inkml/msoffice_onenote_multiple_contexts.xml")
        let square = d.strokes.first { $0.samples.count == 4 && $0.samples[0].x == 1542 }
        #expect(
            square.map { points(Drawing(strokes: [$0])) } == [
                [[1542, 21116], [11761, 21116], [11761, 31335], [1542, 31335]]
            ])
    }

    @Test(
        "InkML: difference-decoded Office traces are continuous and stay on the page",
        arguments: [
            "msoffice_onenote_multiple_contexts.xml", "msoffice_word_output.xml", "msoffice_highlighter_onenote.xml",
            "msoffice_onenote_web.xml",
        ])
    func officeContinuity(file: String) throws {
        let d = try Self.read("inkml/" + file)
        let all = d.strokes.flatMap(\.samples)
        // 1 unit = 0.01 mm: an A3 page is 42,000 × 29,700; a wrong decoding drifts quadratically far beyond.
        #expect(all.allSatisfy { abs($0.x) < 100_000 && abs($0.y) < 100_000 })
        for stroke in d.strokes where stroke.samples.count >= 10 {
            let steps = zip(stroke.samples, stroke.samples.dropFirst()).map { $0.point.distance(to: $1.point) }
            #expect(steps.max()! < 2_000, "a pen moves less than 2 cm between samples")
        }
    }

    @Test("InkML: Office pressure is normalised by F's max; the highlighter brush is yellow and half transparent")
    func officePens() throws {
        let word = try Self.read("inkml/msoffice_word_output.xml")
        let forces = word.strokes.flatMap { $0.samples.compactMap(\.force) }
        #expect(forces.count == 237 && forces.allSatisfy { $0 > 0 && $0 <= 1 })
        let highlighter = try Self.read("inkml/msoffice_highlighter_onenote.xml")
        #expect(highlighter.strokes[0].pen?.color.hex == "#FFFC0080")
        #expect(highlighter.unitsPerInch == 2540)
    }

    @Test(
        "InkML: CROHME traces, their counts, T channel, implicit format, duplicates and 1-point traces",
        arguments: [
            ("crohme2014_MfrDB1843.inkml", 23, 889), ("crohme2011_formulaire001-equation001.inkml", 5, 105),
            ("crohme2014_23_em_51.inkml", 21, 2161),
            ("crohme2014_518_em_425.inkml", 22, 506), ("crohme2014_RIT_2014_19.inkml", 12, 165),
            ("crohme2014_001-equation001.inkml", 22, 505),
            ("crohme2014_KME1G3_2_sub_10.inkml", 10, 302), ("crohme2014_TrainData2_23_sub_9.inkml", 8, 249),
            ("crohme2014_mroot.inkml", 4, 104),
        ])
    func crohme(file: String, traces: Int, points: Int) throws {
        let d = try Self.read("inkml/" + file)
        #expect(d.strokes.count == traces && d.sampleCount == points)
        let hasTime = d.strokes.allSatisfy { $0.samples.allSatisfy { $0.t != nil } }
        #expect(hasTime == (file == "crohme2014_MfrDB1843.inkml"))
    }

    @Test("InkML: the ISI capture keeps its runs of duplicate points and 1-point traces render as dots")
    func crohmeDuplicates() throws {
        let d = try Self.read("inkml/crohme2014_518_em_425.inkml")
        #expect(d.strokes.contains { $0.samples.count == 1 })
        let isi = try Self.read("inkml/crohme2014_23_em_51.inkml")
        #expect(isi.strokes[0].samples.prefix(4).allSatisfy { $0 == Sample(x: 15, y: 264) })
    }

    @Test("perfect-freehand: every named path of inputs.json reads", arguments: 0..<12)
    func freehandPaths(index: Int) throws {
        let counts = [1, 2, 2, 5, 5, 18, 97, 302, 294, 272, 368, 675]
        #expect(try Self.read("perfect_freehand/inputs.json", index: index).sampleCount == counts[index])
    }

    @Test("perfect-freehand: [x, y, pressure, t] captures keep their times; Excalidraw has 8 freedraw strokes")
    func freehandCaptures() throws {
        let sample = try Self.read("perfect_freehand/dev_state_sample.json").strokes[0].samples
        #expect(
            sample.count == 360 && sample.first?.t == 0 && sample.last?.t == 3277
                && sample.allSatisfy { $0.force == 0.5 })
        let scene = try Self.read("perfect_freehand/dev_state_excalidraw.json")
        #expect(scene.strokes.count == 8 && scene.strokes.allSatisfy { (2...5).contains($0.samples.count) })
    }
}
