import SignetTestSupport
import Testing

/// The one signature of `path` judged valid by `signet verify` (trusting `root`), by pdfsig
/// (covering the whole document) and by pyHanko when it is installed (else says so).
func expectValidByEveryTool(_ path: String, trust root: String) throws {
    let verified = try ProcessRunner.signet(["verify", path, "--ca", root])
    #expect(verified.status == 0, "\(verified.stdoutText)")
    let pdfsig = try SignatureCheckers.pdfsig(path)
    #expect(pdfsig.first?.validation == "Signature is Valid." && pdfsig.first?.totalDocumentSigned == true)
    if SignatureCheckers.hasPyhanko {
        let pyhanko = try SignatureCheckers.pyhanko(path, trust: root)
        #expect(pyhanko.stdoutText.contains("judged VALID"), "\(pyhanko.stdoutText) \(pyhanko.stderr)")
    } else {
        print("pyHanko is not installed: \(path) is judged by signet verify and pdfsig only")
    }
}
