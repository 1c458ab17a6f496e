import SignetCore
import SignetStrokes
import Testing

@Suite("InkML reader")
struct InkMLReaderTests {
    @Test("no traceFormat means X Y; decimals; traceGroups; 1-point traces")
    func implicitFormat() throws {
        let d = try read(
            """
            <ink xmlns="http://www.w3.org/2003/InkML">
              <annotation type="truth">$x$</annotation>
              <trace id="0">11.7004 15.5288, 11.6893 15.5393</trace>
              <traceGroup><annotation type="truth">y</annotation><trace id="1">5 6</trace></traceGroup>
            </ink>
            """, name: "a.inkml")
        #expect(
            d.strokes.map(\.samples) == [
                [Sample(x: 11.7004, y: 15.5288), Sample(x: 11.6893, y: 15.5393)], [Sample(x: 5, y: 6)],
            ])
        #expect(d.unitsPerInch == nil)
    }

    @Test("X Y T channels in any order; T in seconds becomes ms; F normalised by its max")
    func channels() throws {
        let d = try read(
            """
            <ink><traceFormat>
              <channel name="T" type="decimal" units="s"/><channel name="Y" type="integer"/>
              <channel name="X" type="integer" units="mm"/><channel name="F" type="integer" max="1024"/>
            </traceFormat>
            <trace>0.5 20 10 512, 0.516 21 11 1024</trace></ink>
            """, name: "a.inkml")
        #expect(
            d.strokes[0].samples == [Sample(x: 10, y: 20, t: 500, force: 0.5), Sample(x: 11, y: 21, t: 516, force: 1)])
        #expect(d.unitsPerInch == 25.4)
        #expect(abs(d.pen.width - 2.5 * 25.4 / 96) < 1e-12, "the default pen is 2.5 CSS px in mm")
    }

    @Test(
        "known units without a brush width: the default pen is 2.5 CSS px in those units; unknown units keep 2.5 units")
    func defaultPenInUnits() throws {
        let mm = "<ink><traceFormat><channel name='X' units='mm'/><channel name='Y' units='mm'/></traceFormat>"
        let brushed = try read(
            mm + "<definitions><brush xml:id='b'><brushProperty name='color' value='#1A237E'/></brush></definitions>"
                + "<trace brushRef='#b'>1 1, 5 5</trace><trace>9 9, 12 12</trace></ink>")
        let penWidth = 2.5 * 25.4 / 96
        let colored = try #require(brushed.strokes[0].pen)
        #expect(colored.color.hex == "#1A237E" && abs(colored.width - penWidth) < 1e-12, "a brush without a width")
        #expect(
            brushed.strokes[1].pen == nil && abs(brushed.pen.width - penWidth) < 1e-12, "no brush: the drawing's pen")
        let sized = try read(
            mm
                + "<definitions><brush xml:id='b'><brushProperty name='width' value='1' units='mm'/></brush></definitions><trace brushRef='#b'>1 1, 5 5</trace></ink>"
        )
        #expect(abs((sized.strokes[0].pen?.width ?? 0) - 1) < 1e-12, "a brush width is kept")
        let unitless = try read("<ink><trace>1 1, 5 5</trace></ink>")
        #expect(unitless.unitsPerInch == nil && unitless.pen == .standard)
    }

    @Test("F without a declared range is scaled by the largest force when that exceeds 1")
    func rawForce() throws {
        let d = try read(
            "<ink><traceFormat><channel name='X'/><channel name='Y'/><channel name='F'/></traceFormat><trace>1 1 200, 2 2 400</trace></ink>"
        )
        #expect(d.strokes[0].samples.map(\.force) == [0.5, 1])
    }

    @Test("contexts, brushes and resolutions: the Microsoft Office layout")
    func contextsAndBrushes() throws {
        let d = try read(
            """
            <inkml:ink xmlns:inkml="http://www.w3.org/2003/InkML"><inkml:definitions>
              <inkml:context xml:id="ctx0"><inkml:inkSource xml:id="src0">
                <inkml:traceFormat><inkml:channel name="X" type="integer"/><inkml:channel name="Y" type="integer"/>
                  <inkml:channel name="F" type="integer" max="32767"/></inkml:traceFormat>
                <inkml:channelProperties><inkml:channelProperty channel="X" name="resolution" value="1000" units="1/cm"/></inkml:channelProperties>
              </inkml:inkSource></inkml:context>
              <inkml:brush xml:id="br0"><inkml:brushProperty name="width" value="0.035" units="cm"/>
                <inkml:brushProperty name="color" value="#AE198D"/><inkml:brushProperty name="transparency" value="127"/></inkml:brush>
              <inkml:brush xml:id="br1"><inkml:brushProperty name="width" value="0.07" units="cm"/><inkml:brushProperty name="height" value="0.5" units="cm"/>
                <inkml:brushProperty name="ignorePressure" value="1"/></inkml:brush>
            </inkml:definitions>
            <inkml:trace contextRef="#ctx0" brushRef="#br0">100 200 32767,'10'-5'0</inkml:trace>
            <inkml:trace contextRef="#ctx0" brushRef="#br1">0 0 100</inkml:trace>
            </inkml:ink>
            """, name: "office.xml")
        #expect(d.unitsPerInch == 2540)
        #expect(d.strokes[0].samples == [Sample(x: 100, y: 200, force: 1), Sample(x: 110, y: 195, force: 1)])
        let pen = try #require(d.strokes[0].pen)
        #expect(abs(pen.width - 35) < 1e-9, "0.035 cm at 1000 units per cm")
        #expect(pen.color.hex == "#AE198D80")
        let highlighter = try #require(d.strokes[1].pen)
        #expect(abs(highlighter.width - 500) < 1e-9, "the larger of width and height")
        #expect(d.strokes[1].samples == [Sample(x: 0, y: 0)], "ignorePressure drops F")
    }

    @Test("a <context> in the body changes the format of the traces after it; penUp traces are skipped")
    func streamingContext() throws {
        let d = try read(
            """
            <ink><trace>1 2</trace>
            <context><traceFormat><channel name="X"/><channel name="Y"/><channel name="T"/></traceFormat></context>
            <trace>3 4 100</trace><trace type="penUp">9 9 9</trace><trace type="penDown">5 6 110</trace></ink>
            """)
        #expect(
            d.strokes.map(\.samples) == [
                [Sample(x: 1, y: 2)], [Sample(x: 3, y: 4, t: 100)], [Sample(x: 5, y: 6, t: 110)],
            ])
    }

    @Test(
        "problems name the line and column",
        arguments: [
            (
                "<ink>\n<trace>1 2,\n 3</trace></ink>",
                "a.inkml, line 3, column 2: trace 1 (line 2): point 2 has 1 value; its trace format needs 2; check that the file is complete, valid InkML."
            ),
            (
                "<ink>\n  <trace>1 2</trce></ink>",
                "a.inkml, line 2, column 13: </trce> does not match <trace>; check that the file is complete, valid XML."
            ),
            (
                "<svg><path/></svg>",
                "a.inkml, line 1: the root element is <svg>, not <ink>, so this is not InkML; try another StrokeReadOptions.format."
            ),
            (
                "<ink><trace contextRef='#nope'>1 2</trace></ink>",
                "a.inkml, trace 1 (line 1): contextRef '#nope' names no <context>."
            ),
            (
                "<ink><trace brushRef='#nope'>1 2</trace></ink>",
                "a.inkml, trace 1 (line 1): brushRef '#nope' names no <brush>."
            ),
            (
                "<ink><traceFormat><channel name='A'/></traceFormat><trace>1</trace></ink>",
                "a.inkml, the trace format at line 1: the trace format has channels A but needs X and Y."
            ),
            (
                "<ink><trace></trace></ink>",
                "a.inkml: no ink: its one trace has no points; check that the file holds a capture."
            ),
            (
                "<ink><trace>1 2</trace><trace></trace></ink>",
                "a.inkml, trace 2 (line 1): the trace has no points; remove it or give it some."
            ),
            (
                "<ink><annotation>none</annotation></ink>",
                "a.inkml: no ink: no <trace> elements; check that the file holds a capture."
            ),
            (
                "<ink><trace>1 99999999</trace></ink>",
                "a.inkml, trace 1 (line 1), point 1: y = 99999999 is beyond the ±10000000 coordinate limit; check the units."
            ),
        ])
    func problems(input: String, message: String) {
        #expect(readError(input, name: "a.inkml") == message)
    }
}
