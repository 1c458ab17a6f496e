import Foundation
import SignetTestSupport
import Testing

/// Every operation a job line can name, run from one batch, each result checked with an
/// independent tool where one exists.
@Suite("signet batch: every op from a job line")
struct BatchOperationsTests {
    let pki = TestPKI.shared

    @Test("render, compress, stamp, sign (PDF and detached), verify, info, preview, pipeline")
    func everyOperation() throws {
        let dir = TemporaryDirectory("batch-ops")
        let strokes = dir.write("sig.json", BatchSupport.strokes(seed: 3, points: 40))
        let stamp = dir.write("stamp.png", bytes: TestStamp.png())
        let pdf = try TestPDF.write(to: dir.path("in.pdf"), rotations: [0, 90])
        let data = dir.write("data.bin", String(repeating: "signet ", count: 5000))
        let presigned = dir.path("presigned.pdf")
        let key = ["key": pki.rsaKey, "cert": pki.rsaCert, "chain": pki.chain]
        let signed = try ProcessRunner.signet([
            "sign", pdf, "-o", presigned, "--key", pki.rsaKey, "--cert", pki.rsaCert, "--chain", pki.chain,
        ])
        try #require(signed.status == 0, "\(signed.stderr)")
        let p = dir.path
        let jobs: [[String: Any]] = [
            ["op": "render", "input": strokes, "output": p("render.png"), "pen-width": 3, "dpi": 150],
            ["op": "compress", "input": stamp, "output": p("compress.jpg"), "max-bytes": "20kB"],
            [
                "op": "stamp", "input": pdf, "output": p("stamp.pdf"), "image": stamp, "pages": "all", "at": "72,100",
                "width": 150,
            ],
            ["op": "sign", "input": pdf, "output": p("sign.pdf"), "reason": "batch test"].merging(key) { $1 },
            [
                "op": "sign", "input": data, "detached": p("data.p7s"), "p12": pki.rsaP12,
                "password-env": "SIGNET_TEST_PASS",
            ],
            ["op": "verify", "input": presigned, "ca": [pki.rootCert]],
            ["op": "info", "input": presigned],
            ["op": "preview", "input": pdf, "output": p("preview.png"), "page": 2, "width": 200],
            [
                "op": "pipeline", "input": strokes, "pdf": pdf, "output": p("pipeline.pdf"), "max-bytes": "8KiB",
                "p12": pki.rsaP12, "password-env": "SIGNET_TEST_PASS", "location": "Brussels",
            ],
        ]
        let list = dir.write("jobs.ndjson", BatchSupport.lines(jobs))
        let environment = ProcessInfo.processInfo.environment.merging(["SIGNET_TEST_PASS": TestPKI.password]) { $1 }
        let result = try ProcessRunner.signet(["batch", list, "--jobs", "3"], environment: environment)
        let rows = try BatchSupport.rows(result)
        #expect(result.status == 0, "\(result.stdoutText)\n\(result.stderr)")
        #expect(rows.map { $0["op"] as? String } == jobs.map { $0["op"] as? String })
        for row in rows { #expect(row["ok"] as? Bool == true, "\(row)") }
        let verify = try #require(rows[5]["result"] as? [String: Any]),
            info = try #require(rows[6]["result"] as? [String: Any])
        #expect(verify["valid"] as? Bool == true && (verify["signatures"] as? [Any])?.count == 1)
        #expect(info["page_count"] as? Int == 2 && (info["signatures"] as? [Any])?.count == 1)
        #expect(!result.stdoutText.contains(TestPKI.password) && !result.stderr.contains(TestPKI.password))

        #expect(BatchSupport.isCompletePNG(p("render.png")) && BatchSupport.isCompletePNG(p("preview.png")))
        let jpeg = try #require(FileManager.default.contents(atPath: p("compress.jpg")))
        #expect(jpeg.count <= 20_000 && jpeg.starts(with: [0xFF, 0xD8]))
        for file in ["stamp.pdf", "sign.pdf", "pipeline.pdf"] {
            let check = try ProcessRunner.run("qpdf", ["--check", p(file)])
            #expect(check.status == 0, "\(file): \(check.stdoutText)")
        }
        for file in ["sign.pdf", "pipeline.pdf"] {
            let pdfsig = try SignatureCheckers.pdfsig(p(file))
            #expect(
                pdfsig.count == 1 && pdfsig.first?.validation == "Signature is Valid."
                    && pdfsig.first?.totalDocumentSigned == true, "\(file)")
        }
        let cms = try ProcessRunner.run(
            "openssl",
            [
                "cms", "-verify", "-binary", "-inform", "DER", "-in", p("data.p7s"), "-content", data, "-CAfile",
                pki.rootCert, "-out", "/dev/null",
            ])
        #expect(cms.status == 0, "\(cms.stderr)")
        let stamped = try ProcessRunner.run("pdfimages", ["-list", p("stamp.pdf")])
        #expect(stamped.stdoutText.split(separator: "\n").filter { $0.contains(" image ") }.count >= 1)
    }

    @Test("a verification that says no is a failed row with exit 3")
    func rejectedVerification() throws {
        let dir = TemporaryDirectory("batch-verify")
        let pdf = try TestPDF.write(to: dir.path("in.pdf"))
        let signed = dir.path("signed.pdf")
        try #require(
            try ProcessRunner.signet(["sign", pdf, "-o", signed, "--key", pki.rsaKey, "--cert", pki.rsaCert]).status
                == 0)
        let list = dir.write(
            "jobs.ndjson", BatchSupport.lines([["op": "verify", "input": signed, "ca": pki.otherRootCert]]))
        let result = try ProcessRunner.signet(["batch", list])
        let row = try #require(try BatchSupport.rows(result).first)
        #expect(row["ok"] as? Bool == false && row["exit"] as? Int == 3, "\(row)")
        #expect(
            (row["error"] as? String)?.hasPrefix(
                "line 1: \(signed): its signature is INTACT, but the signer is not trusted") == true,
            "another root: intact but untrusted, still exit 3: \(row)")
        #expect(result.status == 1)
    }
}
