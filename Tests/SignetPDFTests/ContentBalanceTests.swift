import Testing

@testable import SignetPDF

@Suite("q/Q balance of page content")
struct ContentBalanceTests {
    @Test(
        "counts",
        arguments: [
            ("q 1 0 0 1 5 5 cm Q", 0, 0),
            ("1 0 0 -1 0 595 cm q BT ET Q q", 0, 1),  // with-placeholder.pdf: ends with an open q
            ("Q 2 0 0 2 0 0 cm", 1, -1),  // pops below its start
            ("q q Q", 0, 1),
            ("Q q Q Q q", 2, -1),
            ("(a q (nested Q) \\) Q) Tj", 0, 0),  // operators inside strings do not count
            ("<71> Tj /q /Q % q comment Q\n", 0, 0),  // hex strings, names, comments
            ("<< /Q 1 >> BDC EMC", 0, 0),
            ("BI /W 2 /H 1 /BPC 8 /CS /G ID Qq EI q", 0, 1),  // inline image data is skipped
            ("qQ", 0, 0),  // "qQ" is one unknown operator, not q and Q
        ])
    func counts(_ content: String, _ excess: Int, _ final: Int) {
        let b = ContentBalance(scanning: Array(content.utf8))
        #expect(b.excessPops == excess, "\(content)")
        #expect(b.finalDepth == final, "\(content)")
        // What the stamper writes around the content brings the stack back to its start.
        #expect(b.leadingPushes - b.excessPops >= 1 && b.leadingPushes + b.finalDepth - b.trailingPops == 0)
    }

    @Test(
        "an open text object at the end",
        arguments: [
            ("BT /F1 12 Tf (a) Tj", true),
            ("BT (a) Tj ET", false),
            ("BT ET BT 1 0 0 1 5 5 Tm", true),
            ("q BT (ET) Tj", true),  // an operator's name inside a string does not count
            ("BT (a) Tj ET % BT", false),  // nor in a comment
            ("BTX ETX", false),  // unknown operators that start like them
        ])
    func openText(_ content: String, _ open: Bool) {
        let b = ContentBalance(scanning: Array(content.utf8))
        #expect(b.endsInText == open, "endsInText of \(content)")
    }

    @Test(
        "marked-content sequences left open",
        arguments: [
            ("/OC /oc1 BDC 0 0 10 10 re f", 1),
            ("/Artifact BMC /P << /MCID 0 >> BDC", 2),
            ("/P BMC EMC /P << /MCID 1 >> BDC EMC", 0),
            ("EMC EMC /X BMC", 1),  // an EMC too many closes nothing of ours
            ("(BDC) Tj % BMC", 0),  // in a string or a comment
            ("BDCX BMCX", 0),
        ])
    func markedContent(_ content: String, _ open: Int) {
        let b = ContentBalance(scanning: Array(content.utf8))
        #expect(b.openMarkedContent == open, "openMarkedContent of \(content)")
    }
}
