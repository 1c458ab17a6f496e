import Foundation

/// Plays the signer of `signet capture --pdf` without a browser: Python starts `signet` with the
/// arguments, feeds `stdin`, reads the page's address from its first stderr line, optionally
/// replaces a file on disk (the signer's document swapped while the page is shown), posts
/// `strokes` there with the page's Origin as the page does, and waits for the end.
package enum CaptureSigner {
    /// What the run did.
    package struct Run {
        /// signet's exit status.
        package var status: Int
        package var stdout: String
        /// Everything signet wrote on stderr, the address line first.
        package var stderr: String
        /// The page's answer to the submission, "CODE: TEXT" when refused ("" when no address was printed).
        package var answer: String
    }

    /// A file replaced after the page is served and before the strokes are posted: `path` gets
    /// the bytes of `contents`, written into the same file (`inPlace`) or renamed over it.
    package struct Replacement: Encodable {
        package var path: String
        package var contents: String
        package var inPlace: Bool

        package init(_ path: String, with contents: String, inPlace: Bool) {
            (self.path, self.contents, self.inPlace) = (path, contents, inPlace)
        }
    }

    package static let script = #"""
        import json, os, re, shutil, subprocess, sys, urllib.error, urllib.request
        exe, stdin, strokes = sys.argv[1], sys.argv[2].encode(), sys.argv[3].encode()
        swap = json.loads(sys.argv[4])
        p = subprocess.Popen([exe] + sys.argv[5:], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
        p.stdin.write(stdin)
        p.stdin.close()
        first = p.stderr.readline().decode()
        found = re.search(r"(http://127\.0\.0\.1:(\d+))/[^/ ]+/", first)
        answer = ""
        if found:
            if swap:
                new = open(swap["contents"], "rb").read()
                if swap["inPlace"]:
                    with open(swap["path"], "r+b") as f:
                        f.write(new)
                        f.truncate()
                else:
                    shutil.copyfile(swap["contents"], swap["path"] + ".new")
                    os.replace(swap["path"] + ".new", swap["path"])
            request = urllib.request.Request(found.group(0) + "submit", data=strokes, method="POST",
                                             headers={"Origin": found.group(1), "Content-Type": "application/json"})
            try:
                answer = urllib.request.urlopen(request, timeout=120).read().decode()
            except urllib.error.HTTPError as refused:
                answer = f"{refused.code}: {refused.read().decode()}"
        p.stdin = None  # already closed: communicate must not flush it
        out, err = p.communicate(timeout=300)
        print(json.dumps({"status": p.returncode, "stdout": out.decode(), "stderr": first + err.decode(),
                          "answer": answer}))
        """#

    /// Why a capture test cannot run: `signet-preview`, which renders the page shown, is not built
    /// beside the `signet` under test; `nil` when it is.
    package static var previewMissing: String? { previewMissing(beside: ProcessRunner.signet) }

    /// Why a capture test of `binary` cannot run (`signet-preview` is not built beside it); `nil` when it is.
    package static func previewMissing(beside binary: String) -> String? {
        let preview = URL(fileURLWithPath: binary).deletingLastPathComponent()
            .appendingPathComponent("signet-preview").path
        if FileManager.default.isExecutableFile(atPath: preview) { return nil }
        return "skipped: \(preview) is not built (swift build --build-tests builds it)"
    }

    /// One stroke across a 3:1 canvas.
    package static let strokes = #"{"strokes":[[[0,0],[40,20],[80,5]]]}"#

    /// Runs `signet ARGUMENTS` (`capture --pdf …`; `binary`, the debug build by default) as
    /// described above, with `environment` added.
    package static func run(
        _ arguments: [String], binary: String = ProcessRunner.signet, stdin: String = "", strokes: String = strokes,
        replacing: Replacement? = nil, environment: [String: String] = [:]
    ) throws -> Run {
        let swap = String(decoding: try JSONEncoder().encode(replacing), as: UTF8.self)
        let r = try ProcessRunner.run(
            "python3", ["-c", script, binary, stdin, strokes, swap] + arguments,
            environment: environment.isEmpty ? nil : ProcessInfo.processInfo.environment.merging(environment) { $1 })
        guard r.status == 0, let run = try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any] else {
            throw ToolFailure("the capture signer (python3) failed with exit \(r.status): \(r.stderr)")
        }
        return Run(
            status: run["status"] as? Int ?? -1, stdout: run["stdout"] as? String ?? "",
            stderr: run["stderr"] as? String ?? "", answer: run["answer"] as? String ?? "")
    }
}
